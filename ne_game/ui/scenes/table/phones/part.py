"""The phone seats of an open table: the host listens while the table is open (started with
the table, stopped when it closes), the app's every step pumps it on the main thread (a
phone's action goes through the session as a click does: log, animations and sounds on the
TV), a phone's message wakes the resting loop at once (the app's wake event), and the TV shows
the QR codes, the phones' presence and, when a phone stays away, what it offers."""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ne_game import i18n
from ne_game.i18n import _, fmt
from ne_game.net import DEFAULT_PORT, PhoneHost, PhoneSeat
from ne_game.ui.look.glyphs import pad_label

from .draw import draw_panel_of_cards, draw_presence, fit_render
from .model import Presence, cards

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.game.session import GameSession
    from ne_game.ui.scenes.table.draw.layout import Layout
    from ne_game.ui.shell.app import App

log = logging.getLogger(__name__)

TOGGLE_KEY = pygame.K_q      # Q: show or hide the QR codes (a free key on the table)
#: a pad shows or hides them with both shoulder buttons together (LB+RB, L1+R1, L+R): every
#: single button has its command at the table, and the chord's two commands (previous and
#: next target) cancel out, so it needs no button of its own
TOGGLE_CHORD = frozenset({pygame.CONTROLLER_BUTTON_LEFTSHOULDER, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER})


class PhoneSeats:
    """`PhoneSeats.open(app, session)` when the session has phone seats (else None)."""

    #: where the host listens: every address, on port 8765 (any free port when it is taken);
    #: tests listen on loopback and any free port
    bind = "0.0.0.0"
    port = DEFAULT_PORT
    clock: Callable[[], float] = staticmethod(time.monotonic)

    def __init__(self, app: App, session: GameSession, *, address: str | None = None) -> None:
        self.app = app
        self.session = session
        seats = [i for i, s in enumerate(session.seats) if s.phone and s.is_human]
        self.host = PhoneHost(session, seats, bind=self.bind, port=self.port, address=address,
                              wake=app.wake_from_thread)
        self.links: list[PhoneSeat] = []
        self.shown = True
        self.presence = Presence(tuple(seats), self.clock())
        self.hide_rect: pygame.Rect | None = None
        self.asking = False
        self.on_change: Callable[[], None] = lambda: None
        self._held: dict[int, set[int]] = {}     # pad -> the chord's buttons it holds now
        self.code_px: list[int] = []             # the side of each QR code drawn last

    @classmethod
    def open(cls, app: App, session: GameSession) -> PhoneSeats | None:
        if not any(s.phone and s.is_human for s in session.seats):
            return None
        part = cls(app, session)
        part.start()
        return part

    # ------------------------------------------------------------ life
    def start(self) -> None:
        self.links = self.host.start(fallback=True)
        self.app.frame_hooks.append(self.pump)
        self.app.event_hooks.append(self.pad_event)   # pad buttons reach scenes only as commands
        i18n.add_listener(self._language)
        log.info("phones: listening on port %s for seats %s", self.host.port, list(self.host.phone_seats))

    def stop(self) -> None:
        """The table closed: the server stops listening (every phone gets a bye)."""
        if self.pump in self.app.frame_hooks:
            self.app.frame_hooks.remove(self.pump)
        if self.pad_event in self.app.event_hooks:
            self.app.event_hooks.remove(self.pad_event)
        i18n.remove_listener(self._language)
        self.host.stop()

    @property
    def listening(self) -> bool:
        return self.host.listening

    def _language(self, lang: str) -> None:
        self.host.language_changed()

    # ------------------------------------------------------------ each step
    def pump(self) -> bool:
        """What the phones sent, applied now (the app calls this every step): True when
        anything came (the frame is drawn)."""
        before = {s for s in self.host.phone_seats if self.host.connected(s)}
        handled = self.host.pump(0)
        now = self.clock()
        after = {s for s in self.host.phone_seats if self.host.connected(s)}
        for seat in before - after:
            self.presence.seen(seat, False, now)
        for seat in after - before:
            self.presence.seen(seat, True, now)
        return handled > 0

    def update(self, seat_on_turn: int | None) -> None:
        """The questions that fall due: nobody joined; the phone on turn stays away."""
        if self.asking or self.app.top is None or getattr(self.app.top, "is_overlay", False):
            return
        now = self.clock()
        if self.presence.nobody_due(now):
            self.presence.nobody_told = True
            self._ask_nobody()
        elif seat_on_turn is not None and self.presence.away_due(seat_on_turn, now):
            self._ask_away(seat_on_turn)

    def wake_in(self, seat_on_turn: int | None) -> float | None:
        return self.presence.next_due(seat_on_turn, self.clock()) if not self.asking else None

    # ------------------------------------------------------------ the TV takes a seat
    def play_here(self, seat: int) -> None:
        """The TV's mouse, keyboard and pad play this seat from now on (its phone is refused)."""
        self.session.seats[seat].phone = False
        self.presence.drop(seat)

    def seats_changed(self) -> None:
        """The pause menu's "Who plays" gave phone seats to the TV or a computer: their phones
        are no longer waited for."""
        for seat in self.presence.seats:
            if not self.session.seats[seat].phone:
                self.presence.drop(seat)

    def let_computer(self, seat: int, level: str = "medium") -> None:
        self.session.seats[seat].phone = False
        self.session.seats[seat].kind = level
        self.presence.drop(seat)

    def _done(self) -> Callable[[], None]:
        def close() -> None:
            self.asking = False
            self.app.request_frame()
        return close

    def _after(self, fn: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            fn()
            self.asking = False
            self.app.request_frame()
            self.on_change()      # the table re-reads who plays where
        return run

    def _ask_nobody(self) -> None:
        self.asking = True
        seats = list(self.presence.seats)
        text = "\n".join((
            _("No phone has joined yet. The usual causes:"),
            _("• a guest or café network that keeps devices apart;"),
            _("• a firewall prompt on this computer that was refused;"),
            _("• the phone is on a different Wi-Fi than this computer."),
            "",
            _("To go on without phones, play these seats here with the mouse, keyboard or pad.")))
        self.app.push("dialog", title=_("No phone has joined"), text=text, buttons=[
            (_("Keep waiting"), self._done()),
            (_("Play the seats here"), self._after(lambda: self.play_all_here(seats)))])

    def play_all_here(self, seats: list[int]) -> None:
        for seat in seats:
            self.play_here(seat)

    def _ask_away(self, seat: int) -> None:
        self.asking = True
        name = self.session.seats[seat].name

        def wait() -> None:
            self.presence.away_asked[seat] = self.clock()
            self.asking = False
            self.app.request_frame()

        self.app.push("dialog", title=_("A phone is away"),
                      text=fmt("{name}'s phone has been away for a minute, and it is {name}'s turn.", name=name),
                      buttons=[(_("Wait"), wait),
                               (_("Play this seat here"), self._after(lambda: self.play_here(seat))),
                               (_("Let a computer play"), self._after(lambda: self.let_computer(seat)))])

    # ------------------------------------------------------------ input
    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == TOGGLE_KEY and self.presence.seats:
            self.toggle()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1 \
                and self.hide_rect is not None and self.hide_rect.collidepoint(event.pos):
            self.toggle()
            return True
        return False

    def pad_event(self, event: pygame.event.Event) -> None:
        """Every event the app gets (an event hook): a pad's LB+RB shows or hides the codes
        while this table is in front (not under the pause menu or a dialog)."""
        pad = getattr(event, "instance_id", -1)
        if event.type == pygame.CONTROLLERBUTTONUP:
            self._held.get(pad, set()).discard(getattr(event, "button", -1))
        elif event.type == pygame.CONTROLLERDEVICEREMOVED:
            self._held.pop(pad, None)
        elif event.type == pygame.CONTROLLERBUTTONDOWN and event.button in TOGGLE_CHORD:
            held = self._held.setdefault(pad, set())
            held.add(event.button)
            if held == TOGGLE_CHORD and self.presence.seats and getattr(self.app.top, "phones", None) is self:
                self.toggle()

    def hide_words(self, hidden: bool) -> str:
        """The hint line, for the device used last: the pad's chord, or Q and a click."""
        if self.app.pads.last_device == "pad":
            layout = self.app.pads.layout
            chord = "+".join(pad_label(b, layout) for b in ("LB", "RB"))
            return (fmt("{buttons} together: phone codes", buttons=chord) if hidden
                    else fmt("{buttons} together: hide", buttons=chord))
        return _("Q or click here: phone codes") if hidden else _("Q or click here: hide")

    def toggle(self) -> None:
        self.shown = not self.shown
        self.app.request_frame()

    # ------------------------------------------------------------ drawing
    def panel_wanted(self) -> bool:
        """The codes stand while a phone seat has no phone, unless hidden."""
        return self.shown and any(s not in self.presence.joined for s in self.presence.seats)

    def draw(self, surface: pygame.Surface, lay: Layout, colorblind: bool) -> None:
        theme = self.app.theme
        text_px = max(12, lay.px(13), lay.text_min)
        for seat in self.presence.seats:
            if seat < len(lay.panels):
                draw_presence(surface, lay.panels[seat], theme, seat in self.presence.joined, lay.px(18))
        self.hide_rect = None
        missing = any(s not in self.presence.joined for s in self.presence.seats)
        if not self.shown and missing:      # hidden: a small line says how to bring it back
            img = fit_render(theme, "bold", text_px, self.hide_words(True), theme.color("gold"),
                                  lay.offer_rect.w)
            self.hide_rect = img.get_rect(bottomright=(lay.offer_rect.right, lay.offer_rect.bottom))
            pygame.draw.rect(surface, theme.color("panel_dark"), self.hide_rect.inflate(8, 6), border_radius=4)
            surface.blit(img, self.hide_rect)
            return
        if not self.panel_wanted():
            return
        links = [(p.seat, p.family, p.name, p.url) for p in self.links if p.seat in self.presence.seats]
        area = lay.offer_rect.union(lay.bag_rect).union(lay.deck_rect)
        help_lines = [] if self.presence.ever_joined else [_("Scan the code with the phone's camera.")]
        self.hide_rect, self.code_px = draw_panel_of_cards(
            surface, area, theme, cards(links, self.presence.joined), text_px, lay.u, colorblind,
            self.hide_words(False), help_lines)
