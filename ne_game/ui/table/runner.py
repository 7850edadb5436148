"""The table's computer-player runner is the app's (`app.ai_runner`, ne_game/ui/ai_runner.py).

`resolve_runner` stays only while ne_game/ui/table/scene.py and ne_game/ui/tutorial_scene.py
import it; they should ask `app.ai_runner` directly, and then this module goes.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.ai_runner import Runner


def resolve_runner(app: Any) -> "Runner":
    return app.ai_runner
