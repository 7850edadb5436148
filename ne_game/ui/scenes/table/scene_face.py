"""What the table's control mixins (commands.py, focus_controls.py, pointer_controls.py)
use of TableScene: its state, and the methods of the scene and of each other they call.

`SceneFace` is their common base. At run time it is an empty class (annotations only;
the method stubs exist only for the type checker), so it adds nothing to TableScene's
behaviour; to mypy it says what each attribute holds and how each method is called, so
the mixins are checked against the real types, not `Any`. TableScene sets every attribute
in its `__init__` and defines (or gets from a mixin) every method listed here.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    import ne_game.ui.scenes.table.model.view_model as vm
    from ne_game.game.session import GameSession
    from ne_game.rules import Action
    from ne_game.ui.scenes.table.controls.guard import PressGuard
    from ne_game.ui.scenes.table.controls.hit import Hit
    from ne_game.ui.scenes.table.controls.intents import Intent
    from ne_game.ui.scenes.table.draw.layout import Layout
    from ne_game.ui.scenes.table.model.facts import Facts
    from ne_game.ui.scenes.table.model.focus import Item, TableFocus
    from ne_game.ui.scenes.table.model.geometry import Cell
    from ne_game.ui.scenes.table.model.interaction import Interaction, Preview
    from ne_game.ui.scenes.table.model.log import Entry
    from ne_game.ui.scenes.table.motion.pacing import Pacer
    from ne_game.ui.scenes.table.motion.tweens import Animator
    from ne_game.ui.shell.app import App


class SceneFace:
    """The parts of TableScene its control mixins use (see the module's docstring)."""

    app: App
    session: GameSession
    facts: Facts
    inter: Interaction | None
    human_turn: bool
    lay: Layout
    view: vm.StaticView
    buttons: tuple[vm.Button, ...]
    button_rects: list[pygame.Rect]
    legal_bids: frozenset[int]
    selectable_slots: set[int]
    targets: dict[str, set[Cell]]
    preview: Preview | None
    focus: TableFocus
    focus_items: dict[str, list[Item]]
    hover: Hit | None
    hover_pos: tuple[int, int]
    tooltip: str
    #: a figure the mouse picked up: {"from": cell, "start": pos, "pos": pos, "moved": bool}
    drag: dict[str, Any] | None
    log_scroll: int
    #: the tutorial's say on every intent before the table carries it out (None: no tutorial)
    gate: Callable[[Intent], bool] | None
    guard: PressGuard
    anim: Animator
    pacer: Pacer

    if TYPE_CHECKING:  # pragma: no cover
        # TableScene's own (scene.py)
        @property
        def log(self) -> list[Entry]: ...
        def _act(self, action: Action) -> None: ...
        def _skip(self) -> None: ...
        def _update_hover(self, pos: tuple[int, int]) -> None: ...
        def _refresh_interaction(self) -> None: ...
        def _build_static(self) -> vm.StaticView: ...

        # table_face.TableFace
        def button(self, bid: str) -> vm.Button | None: ...
        def _pointed(self) -> tuple[int, int] | None: ...

        # commands.TableCommands
        def intent_of(self, target: Hit | None) -> Intent: ...
        def perform(self, intent: Intent) -> bool: ...

        # focus_controls.FocusControls
        def _focus_command(self, name: str) -> bool: ...

        # pointer_controls.PointerControls
        def _point(self, pos: tuple[int, int]) -> bool: ...
        def _scroll(self, step: int) -> bool: ...
        def _right_click(self) -> bool: ...
        def _left_down(self, pos: tuple[int, int]) -> bool: ...
        def _left_up(self, pos: tuple[int, int]) -> bool: ...
