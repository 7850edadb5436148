"""The finale's face: the score sheet's rows, the line under its title, the winner's line and
the confetti, drawn from the game's final facts (`FinaleFacts`) at a moment of the finale's
clock (`Moment`). FinalScene (final_scoring.py) keeps the clock, the input and the buttons;
nothing here decides anything.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

import ne_game.ui.scenes.table.draw.pieces as pieces
from ne_game.i18n import _, fmt, nfmt, pgettext
from ne_game.ui.scenes.table.draw import celebration
from ne_game.ui.scenes.table.draw.gfx import Style, alpha_rect, badge, blit_center, fit_text
from ne_game.ui.scenes.table.motion.finale import Row, Timeline
from ne_game.ui.scenes.table.motion.tweens import ease_out_back, ease_out_cubic
from ne_game.ui.text.words import figure_name

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.rules.ruleset import Ruleset
    from ne_game.rules.scoring import ScoreRow

Confetti = tuple[float, float, float, float, float, int]


@dataclass(frozen=True)
class FinaleFacts:
    """What the engine said at the end (rules.final_scores, rules.winners, the position), and
    the seats' names: the finale shows them, it never counts."""

    scores: Sequence[ScoreRow]          # by rank
    winners: Sequence[int]
    figures: Sequence[dict[str, int]]   # by seat
    majorities: Sequence[dict[str, int]]
    cards_count: Sequence[int]
    rs: Ruleset
    names: Sequence[str]

    def name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else fmt("Seat {number}", number=seat + 1)

    def tie_text(self) -> str:
        if len(self.scores) < 2:
            return ""
        best = self.scores[0]["total"]
        tied = [r for r in self.scores if r["total"] == best]
        if len(tied) < 2:
            return ""
        if len(self.winners) == 1:
            return fmt("Tied on {vp} VP: the tie is broken by shillings ({money} against {others}).",
                       vp=best, money=self.scores[0]['money'],
                       others=", ".join(str(r['money']) for r in tied[1:]))
        return fmt("Tied on {vp} VP and on shillings: the win is shared.", vp=best)


@dataclass(frozen=True)
class Moment:
    """The finale's clock (`t`, on `timeline`) and how to draw at the panel's size."""

    st: Style
    px: Callable[[float], int]
    timeline: Timeline
    t: float

    @property
    def crowned(self) -> bool:
        return self.t >= self.timeline.crown


def counting_column(m: Moment) -> int | None:
    """The column (an index of `_columns`) whose numbers are counting now: the cards' VP,
    then the majorities'; the totals while the ranking settles; none at rest."""
    step = m.timeline.step_at(m.t)
    if step is None:
        return None
    return {"cards": 1, "majority": 2, "settle": 3}.get(step.kind)


def columns() -> list[tuple[str, float, float]]:
    """(heading, x and width as fractions of the panel): what each number counts."""
    return [(_("Player"), 0.05, 0.44), (_("Card VP"), 0.50, 0.11), (_("Majority VP"), 0.62, 0.12),
            (_("Total VP"), 0.75, 0.11), (_("Shillings"), 0.87, 0.12)]


def draw_counting_line(surface: pygame.Surface, p: pygame.Rect, f: FinaleFacts, m: Moment) -> None:
    """Under the title while counting: which source is being counted."""
    st, px = m.st, m.px
    step = m.timeline.step_at(m.t)
    if step is None:
        return
    if step.kind == "cards":
        line = _("Counting the cards' VP")
    elif step.kind == "majority" and step.figure is not None:
        vp = f.rs.figures[step.figure].majority_vp
        line = fmt("Most {figures}: +{vp} VP", figures=figure_name(step.figure, 2), vp=vp)
    elif f.tie_text():
        line = _("Ties are broken by shillings")
    else:
        line = _("The final ranking")
    k = min(1.0, (m.t - step.start) / 0.3)
    text = fit_text(st, line, "heading", px(26), st.color("text"), p.width - px(120))
    text.set_alpha(int(255 * k))
    c = (p.centerx, p.y + px(88) - int(px(8) * (1 - ease_out_cubic(k))))
    blit_center(surface, text, c)
    if step.kind == "majority" and step.figure is not None:
        icon = pieces.figure(st, step.figure, px(34))
        icon.set_alpha(int(255 * k))
        blit_center(surface, icon, (c[0] - text.get_width() // 2 - px(26), c[1]))


def draw_winner_line(surface: pygame.Surface, p: pygame.Rect, f: FinaleFacts, m: Moment) -> list[pygame.Rect]:
    """The winner's name, popping in at the crowning between the winners' badges; returns
    where its words stand (the confetti keeps clear of them)."""
    st, px = m.st, m.px
    names = [f.name(s) for s in f.winners]
    if len(names) == 1:
        win = fmt("{name} wins!", name=names[0])
    else:
        win = fmt("{names} and {last} share the win!", names=", ".join(names[:-1]), last=names[-1])
    # the line pops in at the crowning (a little overshoot), then holds still
    k = min(1.0, (m.t - m.timeline.crown) / 0.5)
    scale = max(0.3, ease_out_back(k))
    wt = fit_text(st, win, "heading", px(30), st.color("accent"), p.width - px(40))
    if scale != 1.0:
        wt = pygame.transform.smoothscale_by(wt, scale)
    centre = (p.centerx, p.y + px(84))
    blit_center(surface, wt, centre)
    out = [wt.get_rect(center=centre)]
    # the winners' badges either side of the line (one badge per side for a shared win)
    fams = [r["family"] for r in f.scores if r["seat"] in f.winners]
    size = int(px(40) * scale)
    if fams and size > 4:
        for side, fam in ((-1, fams[0]), (1, fams[-1])):
            b = badge(st, fam, size)
            at = (centre[0] + side * (out[0].width // 2 + px(34)), centre[1])
            blit_center(surface, b, at)
            out.append(b.get_rect(center=at))
    tie = f.tie_text()
    if tie:
        tt = fit_text(st, tie, "body", px(14), st.color("text_dim"), p.width - px(40))
        blit_center(surface, tt, (p.centerx, p.y + px(110)))
        out.append(tt.get_rect(center=(p.centerx, p.y + px(110))))
    return out


def draw_row(surface: pygame.Surface, p: pygame.Rect, r: ScoreRow, row: Row, rect: pygame.Rect,
             f: FinaleFacts, m: Moment) -> None:
    """One seat's row: badge, name (crowned for a winner), cards and figures, then the numbers
    that count up in their columns, the majorities' flourishes and, once crowned, the rank."""
    st, px = m.st, m.px
    fam = r["family"]
    crowned = m.crowned
    is_win = r["seat"] in f.winners and crowned
    if is_win:
        # a golden glow that swells with the celebration and stays as a steady rim
        k = m.timeline.celebration(m.t)
        grow = px(4) + (int(px(6) * math.sin(math.pi * min(1.0, k * 2))) if k is not None else 0)
        alpha_rect(surface, (*st.color("accent")[:3], 110), rect.inflate(grow * 2, grow * 2), px(12))
    pygame.draw.rect(surface, st.color("panel_active") if is_win else st.color("panel_alt"), rect,
                     border_radius=px(8))
    pygame.draw.rect(surface, st.family(fam), rect, px(3) if is_win else px(1), border_radius=px(8))
    b = badge(st, fam, rect.height - px(12))
    surface.blit(b, (rect.x + px(8), rect.y + px(6)))
    crown_w = px(26) if is_win else 0
    nt = fit_text(st, f.name(r["seat"]), "bold", px(19), st.color("text"),
                  int(p.width * 0.3) - b.get_width() - crown_w)
    surface.blit(nt, (rect.x + b.get_width() + px(16), rect.y + px(3)))
    if is_win:
        _crown(surface, st.color("accent"), st.color("text"),
               crown_rect(rect, b.get_width(), nt.get_size(), px))
    figs = f.figures[r["seat"]]
    won = f.majorities[r["seat"]]
    cards_line = nfmt("{n} card held", "{n} cards held", f.cards_count[r["seat"]])
    parts = []
    for fig in f.rs.figure_order:
        count = fmt("{n} {figures}", n=figs[fig], figures=figure_name(fig, figs[fig]))
        # "(most, +n)" once that majority has been counted
        parts.append(fmt("{count} (most, +{vp})", count=count, vp=won[fig]) if won.get(fig) and fig in row.won
                     else count)
    # two short lines (the cards, then the figures) fit Dutch and French words
    sub_x = rect.x + b.get_width() + px(16)
    sub_w = p.x + int(p.width * 0.50) - sub_x - px(6)
    sub_y = rect.y + px(3) + nt.get_height()
    for line in (cards_line, " · ".join(parts)):
        stt = fit_text(st, line, "body", px(12), st.color("text_dim"), sub_w)
        surface.blit(stt, (sub_x, sub_y))
        sub_y += stt.get_height()
    counting = counting_column(m)
    step = m.timeline.step_at(m.t)
    beat = 0.0     # 0..1..0 while the column's numbers count: they swell as they tick up
    if step is not None and step.kind != "settle" and step.start <= m.t < step.counted:
        beat = math.sin(math.pi * (m.t - step.start) / max(1e-6, step.counted - step.start))
    pulse = 0.0    # the winner's total swells once at the crowning
    if is_win and m.t - m.timeline.crown < 0.7:
        pulse = math.sin(math.pi * max(0.0, m.t - m.timeline.crown) / 0.7)
    for i, (val, fx, big) in enumerate(((row.cards_vp, 0.50, False), (row.majority_vp, 0.62, False),
                                        (row.total, 0.75, True), (r["money"], 0.87, False)), start=1):
        swell = 1.0
        if i == counting and (i != 2 or step is None or step.figure in row.won):
            swell += 0.22 * beat
        if big:
            swell += 0.4 * pulse
        lit = big or (i == counting and swell > 1.0)
        vt = st.text(str(val), "number", int(px(26 if big else 20) * swell),
                     st.color("accent") if lit else st.color("text"))
        surface.blit(vt, (p.x + int(p.width * fx), rect.centery - vt.get_height() // 2))
    cs = px(18)
    surface.blit(pieces.coin(st, cs), (p.x + int(p.width * 0.87) - cs - px(4), rect.centery - cs // 2))
    for fig in row.won:
        k = m.timeline.flourish(r["seat"], fig, m.t)
        if k is not None:
            celebration.flourish(surface, st, px, fig, won[fig], k, (p.x + int(p.width * 0.62) + px(40), rect.centery),
                                 within=rect)
    if crowned:
        rk = st.text(_ordinal(r["rank"]), "bold", px(14), st.color("text_dim"))
        surface.blit(rk, (rect.right - rk.get_width() - px(10), rect.y + px(4)))
        if sum(1 for o in f.scores if o["total"] == r["total"]) > 1:
            tb = st.text(_("tie: shillings"), "body", px(12), st.color("text_dim"))
            surface.blit(tb, (rect.right - tb.get_width() - px(10), rect.bottom - tb.get_height() - px(4)))


def draw_confetti(surface: pygame.Surface, k: float, words: list[pygame.Rect], f: FinaleFacts, m: Moment,
                  pieces_: Sequence[Confetti]) -> None:
    """Over the whole screen, the panel's empty corners too, but never over its words
    (playtest 2: over "3 barns")."""
    st = m.st
    fams = [st.family(f.scores[0]["family"])] if len(f.winners) == 1 else \
        [st.family(r["family"]) for r in f.scores if r["seat"] in f.winners]
    celebration.confetti(surface, [*fams, st.color("accent"), pygame.Color(255, 250, 235)], pieces_, k,
                         keep_clear=words)


def crown_rect(row: pygame.Rect, badge_w: int, name: tuple[int, int], px: Callable[[float], int]) -> pygame.Rect:
    """The winner's crown: beside the name, inside the row, whole at every size (over the
    badge it stood out of the row and the first row's rim cut it)."""
    cr = pygame.Rect(0, 0, px(22), px(16))
    cr.midleft = (row.x + badge_w + px(16) + name[0] + px(6), row.y + px(3) + name[1] // 2)
    return cr


def _crown(surface: pygame.Surface, fill: pygame.Color, edge: pygame.Color, r: pygame.Rect) -> None:
    """A small crown over the winner's badge (besides the words "wins!"): three points and a band."""
    pts = [(r.left, r.bottom), (r.left, r.top + r.height * 0.25), (r.left + r.width * 0.27, r.top + r.height * 0.6),
           (r.centerx, r.top), (r.right - r.width * 0.27, r.top + r.height * 0.6), (r.right, r.top + r.height * 0.25),
           (r.right, r.bottom)]
    pygame.draw.polygon(surface, fill, pts)
    pygame.draw.polygon(surface, edge, pts, max(1, r.height // 10))


def _ordinal(n: int) -> str:
    """A rank on the score sheet: 1st, 2nd... (one message per rank: 1er/1re, 1e...)."""
    return {1: pgettext("rank", "1st"), 2: pgettext("rank", "2nd"), 3: pgettext("rank", "3rd"),
            4: pgettext("rank", "4th")}.get(n, fmt("#{n}", n=n))
