"""Records (title screen): the games played on this computer and each player's totals.

    scene.py   RecordsScene: the layout, the reads of the records, keys, pad and mouse
    draw.py    the screen drawn from its view (RecordsView)
    words.py   its words: the buttons, a game's date, a player's totals
    files.py   the game files it imports and exports
"""
from ne_game.ui.scenes.records.draw import PAGE
from ne_game.ui.scenes.records.files import exports_dir, imports_dir
from ne_game.ui.scenes.records.scene import RecordsScene
from ne_game.ui.text.dates import when

__all__ = ["PAGE", "RecordsScene", "exports_dir", "imports_dir", "when"]
