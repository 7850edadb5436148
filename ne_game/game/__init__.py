"""The game being played, outside the pure rules core: the session (seats, actions, undo, listeners) and the game data read from files into a validated Ruleset (no pygame)."""
