"""Persistence: every file the game reads or writes in the user folder (saves, settings, the instance lock) and the caps and checks every read goes through (no pygame)."""
