"""Words shared by screens: level, family and seat names, the context help."""
