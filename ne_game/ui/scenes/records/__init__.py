"""Records (title screen): the games played on this computer and each player's totals
(`scene.py`), and the files it imports and exports (`files.py`)."""
from ne_game.ui.scenes.records.files import exports_dir, imports_dir
from ne_game.ui.scenes.records.scene import PAGE, RecordsScene, when

__all__ = ["PAGE", "RecordsScene", "exports_dir", "imports_dir", "when"]
