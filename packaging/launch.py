"""Entry script of the frozen (PyInstaller) game: the same `ne-game` command as from source."""
import sys

from ne_game.cli import main

if __name__ == "__main__":
    sys.exit(main())
