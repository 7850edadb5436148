"""The end-of-game story: VP and money by round, the final score by source, and the facts
worth telling, drawn in the game's own style (the numbers come from ne_game.history.story).

    words.py   a fact (a kind and its numbers) as a sentence in the player's language
    charts.py  the line charts and the stacked bars
    scene.py   StoryScene: the screen, with a way into the replay at each fact
"""
from __future__ import annotations

from ne_game.ui.scenes.story.scene import StoryScene
from ne_game.ui.scenes.story.words import fact_sentence

__all__ = ["StoryScene", "fact_sentence"]
