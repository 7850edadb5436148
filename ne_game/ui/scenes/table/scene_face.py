"""What the table's parts see of TableScene: its state, and the few methods they may call.

TableScene owns its controls (`scene.commands`, `scene.keys`, `scene.pointer`) and its
read-only face (`scene.face`); each gets the scene as a `SceneFace`, a Protocol: the one
explicit interface between the table and its parts, checked by mypy against the real types.
A part calls another only through the scene (`table.commands.perform(...)`), so every
dependency between them is written here.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    import ne_game.ui.scenes.table.model.view_model as vm
    from ne_game.game.session import GameSession
    from ne_game.rules import Action, Ruleset
    from ne_game.ui.scenes.table.controls.commands import TableCommands
    from ne_game.ui.scenes.table.controls.focus_controls import FocusControls
    from ne_game.ui.scenes.table.controls.guard import PressGuard
    from ne_game.ui.scenes.table.controls.hit import Hit
    from ne_game.ui.scenes.table.controls.intents import Intent
    from ne_game.ui.scenes.table.controls.pointer_controls import PointerControls
    from ne_game.ui.scenes.table.draw.gfx import Style
    from ne_game.ui.scenes.table.draw.layout import Layout
    from ne_game.ui.scenes.table.model.facts import Facts
    from ne_game.ui.scenes.table.model.focus import Item, TableFocus
    from ne_game.ui.scenes.table.model.geometry import Cell
    from ne_game.ui.scenes.table.model.interaction import Interaction, Preview
    from ne_game.ui.scenes.table.model.log import Entry
    from ne_game.ui.scenes.table.motion.pacing import Pacer
    from ne_game.ui.scenes.table.motion.tweens import Animator
    from ne_game.ui.scenes.table.table_face import TableFace
    from ne_game.ui.shell.app import App


class SceneFace(Protocol):
    """TableScene as its parts see it (see the module's docstring)."""

    app: App
    session: GameSession
    rs: Ruleset
    facts: Facts
    inter: Interaction | None
    human_turn: bool
    lay: Layout
    style: Style
    view: vm.StaticView
    overlay: vm.OverlayView
    buttons: tuple[vm.Button, ...]
    button_rects: list[pygame.Rect]
    legal_bids: frozenset[int]
    selectable_slots: set[int]
    targets: dict[str, set[Cell]]
    preview: Preview | None
    focus: TableFocus
    focus_items: dict[str, list[Item]]
    hint_action: Action | None                # the Hint on show (the cursor goes to its place)
    hover: Hit | None
    hover_pos: tuple[int, int]
    hover_rect: pygame.Rect | None
    tooltip: str
    tip_stale: bool         # the game moved on under a resting pointer: its tooltip waits
    #: a figure the mouse picked up: {"from": cell, "start": pos, "pos": pos, "moved": bool}
    drag: dict[str, Any] | None
    log_scroll: int
    #: the tutorial's say on every intent before the table carries it out (None: no tutorial)
    gate: Callable[[Intent], bool] | None
    guard: PressGuard
    anim: Animator
    pacer: Pacer

    # the parts, each reached through the scene
    commands: TableCommands
    keys: FocusControls
    pointer: PointerControls
    face: TableFace

    @property
    def log(self) -> list[Entry]: ...
    def act(self, action: Action) -> None: ...
    def skip(self) -> None: ...
    def update_hover(self, pos: tuple[int, int]) -> None: ...
    def refresh_interaction(self) -> None: ...
    def build_static(self) -> vm.StaticView: ...
