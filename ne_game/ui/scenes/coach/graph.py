"""The coach's graph: the seat's expected margin (VP over the best rival) at each of its
decisions over the whole game, the flagged moments ringed in gold, the seats reviewed before
drawn thinner, the rounds under it. A pure drawing of the review (it decides nothing)."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import pygame

from ne_game.coach import Review
from ne_game.history import Replay
from ne_game.i18n import _
from ne_game.ui.scenes.table.draw.gfx import Style, badge, fit_text, wrap
from ne_game.ui.scenes.table.model.coach_words import vp


def draw_graph(surface: pygame.Surface, rect: pygame.Rect, style: Style, px: Callable[[float], int], review: Review,
               others: Mapping[int, Review], seat: int, families: Sequence[str], replay: Replay,
               note: str = "") -> None:
    """The graph of `review` in `rect`; `others` (seat: review) are the seats reviewed before;
    `note`, a line under the caption (`coach_words.rival_lines_note`: the rivals' lines that
    wait for their reviews)."""
    st = style
    # The caption says in plain words what the line is (a lead, not the headline's sum:
    # playtest 1), in the findings' voice (playtest 2: "The line is not that sum…" read oddly).
    caption = _("The line: your expected lead over the best rival, decision by decision, in VP (below 0: "
                "behind). The numbers under it are the rounds.")
    cap_h = 0
    for text in wrap(st, caption, "bold", px(13), rect.width)[:2]:
        img = fit_text(st, text, "bold", px(13), st.color("text_dim_on_dark"), rect.width)
        surface.blit(img, (rect.x, rect.y + cap_h))
        cap_h += img.get_height()
    if note:
        img = fit_text(st, note, "body", px(13), st.color("text_dim_on_dark"), rect.width)
        surface.blit(img, (rect.x, rect.y + cap_h))
        cap_h += img.get_height()
    plot = pygame.Rect(rect.x + px(36), rect.y + cap_h + px(6), rect.width - px(44),
                       rect.height - cap_h - px(22))
    pygame.draw.rect(surface, st.color("panel_dark"), plot, border_radius=px(4))
    values = [d.value for d in review.decisions] + [d.value for r in others.values() for d in r.decisions]
    if not values:
        return
    low, high = min(min(values), 0.0), max(max(values), 0.0)
    span = max(1e-6, high - low)
    last = max(1, replay.last)

    def at(index: int, value: float) -> tuple[int, int]:
        return (plot.x + int(plot.width * index / last), plot.bottom - int(plot.height * (value - low) / span))

    zero = at(0, 0.0)[1]
    pygame.draw.line(surface, st.color("text_dim_on_dark"), (plot.x, zero), (plot.right, zero), 1)
    labels = [(vp(high), high), (vp(low), low)]
    if min(abs(high), abs(low)) * plot.height / span > px(12):    # room for the zero line's own label
        labels.append(("0", 0.0))
    taken: list[pygame.Rect] = []
    for label, value in labels:
        t = st.text(label, "body", px(10), st.color("text_dim_on_dark"))
        r = t.get_rect(right=plot.x - px(4), centery=at(0, value)[1])
        if any(r.colliderect(o) for o in taken):
            continue            # never one label over another (playtest 3b: "8.9/-12.8" stacked)
        taken.append(r)
        surface.blit(t, r)
    for span_ in replay.rounds:
        if span_.number > 0 and not span_.ends_game:
            x = at(span_.start, 0)[0]
            t = st.text(str(span_.number), "body", px(10), st.color("text_dim_on_dark"))
            surface.blit(t, (x - t.get_width() // 2, plot.bottom + px(2)))
    for other_seat, other in others.items():
        trail = [at(d.index, d.value) for d in other.decisions]
        if len(trail) > 1:
            pygame.draw.lines(surface, st.family(families[other_seat]), False, trail, 1)
            mark = badge(st, families[other_seat], px(14))        # whose curve it is
            surface.blit(mark, (trail[-1][0] + px(3), trail[-1][1] - mark.get_height() // 2))
    points = [at(d.index, d.value) for d in review.decisions]
    colour = st.family(families[seat])
    if len(points) > 1:
        pygame.draw.lines(surface, colour, False, points, px(2))
    flagged = {d.index for d in review.costly}
    for d, p in zip(review.decisions, points):
        if d.index in flagged:
            pygame.draw.circle(surface, st.color("gold"), p, px(7), px(3))
        pygame.draw.circle(surface, colour, p, px(3))
