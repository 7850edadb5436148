"""StoryScene: how the game was won. VP by round (each seat a line) with the final score
stacked by source, money by round, and the facts worth telling; each fact opens the replay
at its moment, and "Replay" opens it at the start.

    app.push("story", replay=replay)

Keyboard and pad: Up / Down (d-pad) choose a fact or a button, Enter (A) opens it, Escape (B)
closes; the mouse points and clicks. Every number comes from ne_game.history.story.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from ne_game.history import Replay, Story, story_of
from ne_game.i18n import _, fmt, join_list, nfmt, pgettext
from ne_game.ui.look.widgets import background, draw_focus_ring, draw_panel
from ne_game.ui.scenes.story.charts import Series, Stack, draw_line_chart, draw_stacked_bars
from ne_game.ui.scenes.story.words import fact_position, fact_sentence
from ne_game.ui.scenes.table.draw.gfx import Style, blit_center, blit_paragraph, fit_text
from ne_game.ui.scenes.table.model.facts import Facts
from ne_game.ui.shell import input_map as im
from ne_game.ui.shell.scene_base import Scene

if TYPE_CHECKING:
    from ne_game.ui.shell.app import App

log = logging.getLogger(__name__)

MAX_FACTS = 5


def lead_by_round(story: Story, seat: int) -> tuple[int, ...]:
    """`seat`'s victory points after each round less the most any other seat had: above zero
    while it leads (by how much), below zero while it trails the leader (by how much)."""
    rows = {s.seat: s.vp_by_round for s in story.seats}
    others = [r for k, r in rows.items() if k != seat]
    return tuple(v - max((o[i] for o in others if i < len(o)), default=0) for i, v in enumerate(rows[seat]))


class StoryScene(Scene):
    def __init__(self, app: App, replay: Replay) -> None:
        super().__init__(app)
        self.replay = replay
        self.story: Story = story_of(replay)
        # the round the game ended in, at its offer (the rules' count; the headline says it)
        self.end_round = replay.engine_state(replay.last).round
        facts0 = Facts.at(replay.engine_state(0), replay.seats, 0)
        self.names = facts0.names
        self.families = facts0.families
        self.style = Style(app.theme, bool(app.settings.colorblind))
        self.facts = [f for f in self.story.facts if fact_sentence(f, self.names)][:MAX_FACTS]
        self.focus = 0 if self.facts else len(self.facts)
        self.keyed = app.pads.last_device != "mouse"
        self.rects: list[pygame.Rect] = []          # facts, then the buttons
        self.on_resize(app.screen_size)

    # ---- the items: each fact, then "replay" and "close" -----------------------------------
    @property
    def items(self) -> list[str]:
        return [f"fact:{k}" for k in range(len(self.facts))] + ["replay", "close"]

    def layout(self) -> dict[str, object]:
        return dict(zip(self.items, self.rects))

    def on_resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.size = (w, h)
        self.u = u = min(w / 1280, h / 720) * float(self.app.ui_scale_factor)
        m = int(24 * u)
        self.panel = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
        inner = self.panel.inflate(-2 * int(24 * u), -2 * int(20 * u))
        self.inner = inner
        self.title_h = int(64 * u)
        charts_top = inner.y + self.title_h
        bh, bw = int(48 * u), int(220 * u)
        gap = int(20 * u)
        # bottom up: the buttons, the keys line, the facts in two columns (each two lines high);
        # the charts take all the rest, the screen's largest part
        cols = 2 if len(self.facts) > 2 else 1
        per_col = -(-len(self.facts) // cols) if self.facts else 0
        row = int(50 * u)
        by = inner.bottom - bh
        facts_bottom = by - int(26 * u)                    # the keys line sits above the buttons
        facts_top = facts_bottom - per_col * row
        self.charts_h = max(int(150 * u), facts_top - int(14 * u) - charts_top)
        vp_w = int(inner.width * 0.41)
        bars_w = int(inner.width * 0.2)       # its legend at the desk floor in Dutch and French
        self.vp_rect = pygame.Rect(inner.x, charts_top, vp_w, self.charts_h)
        self.bars_rect = pygame.Rect(self.vp_rect.right + gap, charts_top, bars_w, self.charts_h)
        self.money_rect = pygame.Rect(self.bars_rect.right + gap, charts_top, inner.right - self.bars_rect.right - gap,
                                      self.charts_h)
        col_w = (inner.width - gap * (cols - 1)) // cols
        rects = [pygame.Rect(inner.x + (k // per_col) * (col_w + gap), facts_top + (k % per_col) * row,
                             col_w, row - int(6 * u)) for k in range(len(self.facts))]
        rects.append(pygame.Rect(inner.centerx - bw - int(10 * u), by, bw, bh))
        rects.append(pygame.Rect(inner.centerx + int(10 * u), by, bw, bh))
        self.rects = rects

    # ---- acts ----------------------------------------------------------------------------
    def activate(self, item: str) -> None:
        if item == "close":
            self.app.pop()
        elif item == "replay":
            self.app.push("replay", replay=self.replay, start=0)
        elif item.startswith("fact:"):
            where = fact_position(self.facts[int(item[5:])])
            self.app.push("replay", replay=self.replay, start=where if where is not None else self.replay.last)

    def process_event(self, event: pygame.event.Event) -> bool:
        items = self.items
        for cmd in im.commands(event):
            if cmd.name == im.POINT and cmd.pos is not None:
                self.keyed = False
                hit = next((k for k, r in enumerate(self.rects) if r.collidepoint(cmd.pos)), None)
                if hit is not None:
                    self.focus = hit
            elif cmd.name == im.PRESS and cmd.pos is not None:
                hit = next((k for k, r in enumerate(self.rects) if r.collidepoint(cmd.pos)), None)
                if hit is not None:
                    self.activate(items[hit])
            elif cmd.name in (im.UP, im.LEFT, im.PREV_TARGET):
                self.focus, self.keyed = max(0, self.focus - 1), True
            elif cmd.name in (im.DOWN, im.RIGHT, im.NEXT_TARGET):
                self.focus, self.keyed = min(len(items) - 1, self.focus + 1), True
            elif cmd.name == im.CONFIRM:
                self.activate(items[self.focus])
            elif cmd.name == im.CANCEL:
                self.app.pop()
        return True

    # ---- drawing ---------------------------------------------------------------------------
    def _px(self, v: float) -> int:
        return max(1, int(round(v * self.u)))

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.size:
            self.on_resize(surface.get_size())
        theme, st, px = self.app.theme, self.style, self._px
        surface.blit(background(theme, self.size), (0, 0))
        draw_panel(surface, self.panel, theme, self.u)
        inner = self.inner
        title = fit_text(st, _("The story of the game"), "title", px(34), st.color("title_text"), inner.width)
        surface.blit(title, inner.topleft)
        sub = fit_text(st, self._headline(), "body", px(15), st.color("text_dim_on_dark"), inner.width)
        surface.blit(sub, (inner.x, inner.y + title.get_height()))
        story = self.story
        # the race: each family's VP ahead of (+) the best of the others, or behind (−) the leader
        series = [Series(self.families[s.seat], lead_by_round(story, s.seat), self._end_label(s.seat))
                  for s in story.seats]
        draw_line_chart(surface, self.vp_rect, st, _("The race for victory points"), story.rounds, series, self.u,
                        y_caption=_("VP ahead of (+) or behind (−) the leader, after each round"),
                        x_caption=_("round"))
        sources = [(_("land-use cards"), st.land("pasture", True)), (_("figure cards"), st.color("gold")),
                   (_("majorities"), st.color("sea_foam"))]   # not the gold of the figure cards (high contrast: both yellow)
        stacks = [Stack(self.families[s.seat], (s.final.land_cards_vp, s.final.figure_cards_vp, s.final.majority_vp))
                  for s in story.seats]
        title_bars = _("Final score by source") if story.finished else _("Score by source so far")
        draw_stacked_bars(surface, self.bars_rect, st, title_bars, sources, stacks, self.u)
        money = [Series(self.families[s.seat], s.money_by_round, self._end_label(s.seat)) for s in story.seats]
        draw_line_chart(surface, self.money_rect, st, _("Shillings by round"), story.rounds, money, self.u,
                        y_caption=_("shillings at the end of each round"), x_caption=_("round"))
        self._draw_facts(surface)
        self._draw_buttons(surface)

    def _headline(self) -> str:
        story = self.story
        rounds = len(story.rounds)
        if not story.finished:
            return nfmt("Unfinished: {n} round played.", "Unfinished: {n} rounds played.", rounds)
        names = [self.names[s] for s in story.winners]
        best = max((s.final.total for s in story.seats), default=0)
        # the round as the rules count it (the game ends at the offer of a round) and in the
        # words the table and the replay say it (playtest 10c: "after 12 rounds" here, "ended
        # at the offer of round 13" there)
        last = self.end_round
        if len(names) == 1:
            return fmt("{name} won with {vp} VP. Ended at the offer of round {round}.",
                       name=names[0], vp=best, round=last)
        return fmt("{names} shared the win with {vp} VP. Ended at the offer of round {round}.",
                   names=join_list(names), vp=best, round=last)

    def _end_label(self, seat: int) -> str:
        """The name at a line's end; the winner's marked with a star (not by colour)."""
        star = "\u2605 " if seat in self.story.winners else ""
        return f"{star}{self.names[seat]}"

    def _draw_facts(self, surface: pygame.Surface) -> None:
        st, px, theme = self.style, self._px, self.app.theme
        if not self.facts:
            return
        for k, (fact, rect) in enumerate(zip(self.facts, self.rects)):
            focused = k == self.focus
            pygame.draw.rect(surface, st.color("button_hover" if focused else "panel_dark"), rect,
                             border_radius=px(6))
            # the stripe of the family (or families: a shared majority, a shared win) it is about
            seat = fact.get("seat")
            seats = [seat] if isinstance(seat, int) else list(fact.get("seats") or fact.get("winners") or [])
            seats = [k for k in seats if isinstance(k, int) and 0 <= k < len(self.families)]
            for j, k in enumerate(seats):
                top = rect.y + rect.height * j // len(seats)
                part = rect.y + rect.height * (j + 1) // len(seats) - top
                pygame.draw.rect(surface, st.family(self.families[k]), (rect.x, top, px(6), part),
                                 border_top_left_radius=px(6) if j == 0 else 0,
                                 border_bottom_left_radius=px(6) if j == len(seats) - 1 else 0)
            blit_paragraph(surface, st, fact_sentence(fact, self.names), rect, px(14), px(9), px(16), px(30) - px(16),
                           st.color("text_on_dark"))
            if focused and self.keyed:
                draw_focus_ring(surface, rect, theme, self.u, inside=True)

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        st, px, theme = self.style, self._px, self.app.theme
        n = len(self.facts)
        for k, (label, rect) in enumerate(zip((pgettext("game replay", "Replay"), _("Close")), self.rects[n:])):
            focused = self.focus == n + k
            pygame.draw.rect(surface, st.color("button_hover" if focused else "button"), rect, border_radius=px(8))
            pygame.draw.rect(surface, st.color("button_border"), rect, px(2), border_radius=px(8))
            blit_center(surface, fit_text(st, label, "bold", px(18), st.color("button_text"), rect.width - px(12)),
                        rect.center)
            if focused and self.keyed:
                draw_focus_ring(surface, rect, theme, self.u)
        device = self.app.pads.last_device
        how = {"pad": _("Up / Down: choose a fact · A: see it in the replay · B: close"),
               "keyboard": _("Up / Down: choose a fact · Enter: see it in the replay · Escape: close")}.get(
            device, _("Click a fact to see it in the replay."))
        hint = fit_text(st, how, "body", px(12), st.color("text_dim_on_dark"), self.inner.width)
        blit_center(surface, hint, (self.inner.centerx, self.rects[n].y - px(10)))
