"""The game table: everything on screen during a game, and the final scoring.

`TableScene(app, session)` is what the shell shows for a running game.
"""
from .scene import TableScene

__all__ = ["TableScene", "FinalScene"]


def __getattr__(name: str):
    if name == "FinalScene":
        from .final_scoring import FinalScene
        return FinalScene
    raise AttributeError(name)
