"""The look shared by every screen: the theme, widgets, key and button glyphs, text cutting."""
