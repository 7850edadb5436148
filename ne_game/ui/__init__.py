"""The pygame-ce front end: app shell, scenes, theme."""
import os as _os

# Before anything imports pygame: no greeting on stdout.
_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
