"""The pygame-ce front end: app shell, scenes, theme."""
