"""The shell's scenes: title, setup, settings, pause menu, rules summary, dialogs."""
