"""A card's face drawn at the size it is shown, in the player's language.

The card is paper with a ruled frame; its VP in a medallion in the top left corner, big
enough to read from the sofa; a land-use card shows its pattern as the land's own tiles
(their developed side), a figure card its figure; across the foot a ribbon names the land
or figure in the player's language (the catalogue's land and figure titles). The ribbon's
words are drawn only where they can be read: at `floor` pixels or more (12, or the sofa's
floor), and all cards of a size alike: when the longest title of the language does not fit,
the ribbons of that size stay plain (the picture says what the card is; its tooltip says it
in words). No word is part of the art.
"""
from __future__ import annotations

import pygame

import ne_game.ui.scenes.table.draw.pieces as pieces
from ne_game.i18n import current_language
from ne_game.rules import Ruleset
from ne_game.ui.scenes.table.draw import piece_art
from ne_game.ui.scenes.table.draw.gfx import Style, blit_center, cached_shape
from ne_game.ui.scenes.table.model.geometry import parse_pattern
from ne_game.ui.text.words import figure_title, land_title

TEXT_FLOOR = 12     # the smallest word drawn on a card (the Steam Deck's floor at 100 %)


def theme_palette(style: Style) -> piece_art.Palette:
    return piece_art.palette_for(getattr(style.theme, "path", None))


def banner_titles(rs: Ruleset) -> tuple[str, ...]:
    """Every word a card's ribbon may carry, in the player's language."""
    return tuple(land_title(land) for land in rs.lands) + tuple(figure_title(f) for f in rs.figure_order)


def shown_titles(style: Style, rs: Ruleset) -> tuple[str, ...]:
    """`banner_titles` as the theme prints them (in capitals, wider, where it says so)."""
    titles = banner_titles(rs)
    if theme_palette(style).style.get("title_caps"):
        titles = tuple(x.upper() for x in titles)
    return titles


def card_geometry(size: tuple[int, int]) -> dict[str, pygame.Rect]:
    """Where a card's parts go, for a card of `size` pixels (tests and the offer use it)."""
    w, h = size
    seal = max(8, int(w * 0.34))
    pad = max(2, int(w * 0.055))
    ribbon_h = max(6, int(h * 0.17))
    ribbon = pygame.Rect(int(w * 0.02), h - pad - ribbon_h, w - 2 * int(w * 0.02), ribbon_h)
    tail = int(ribbon_h * piece_art.RIBBON_TAIL)
    band = pygame.Rect(ribbon.x + int(tail * 0.9), ribbon.y, ribbon.width - int(1.8 * tail),
                       int(ribbon_h * piece_art.RIBBON_BAND[1]))
    top = pad + int(seal * 0.72)
    picture = pygame.Rect(int(w * 0.1), top, w - 2 * int(w * 0.1), max(4, ribbon.y - top - pad // 2))
    return {"seal": pygame.Rect(pad, pad, seal, seal), "ribbon": ribbon, "band": band, "picture": picture}


def banner_px(style: Style, band: pygame.Rect, titles: tuple[str, ...], floor: int) -> int | None:
    """The size at which every title fits the band (the largest up to what the band's height
    allows), or None when that is under `floor`: the ribbons of this size stay plain."""
    want = int(band.height * 0.95)     # a serif title sits in its band like print on a ribbon
    room = band.width - max(4, band.height // 3)
    return _fit_all(style, "heading", want, floor, room, titles)


def _fit_all(style: Style, role: str, want: int, floor: int, room: int, titles: tuple[str, ...]) -> int | None:
    px = want
    while px >= max(6, floor):
        font = style.font(role, px)
        if all(font.size(t)[0] <= room for t in titles):
            return px
        px -= 1
    return None


def card_face(style: Style, card_id: str, size: tuple[int, int], rs: Ruleset,
              floor: int = TEXT_FLOOR) -> pygame.Surface:
    """The face of card `card_id`, `size` pixels, cached by size, language and theme."""
    size = (max(8, int(size[0])), max(8, int(size[1])))
    key = ("card_face", card_id, size, floor, current_language(), id(style.theme), style.colorblind)
    return cached_shape(key, lambda: _build(style, card_id, size, rs, floor))


def _build(style: Style, card_id: str, size: tuple[int, int], rs: Ruleset, floor: int) -> pygame.Surface:
    pal = theme_palette(style)
    w, h = size
    spec = rs.cards.get(card_id)
    land = spec.land if spec is not None else None
    fig = spec.figure if spec is not None else None
    paper = pal.get("paper", "card", (242, 231, 201, 255))
    frame = pal.get("paper", "card_frame", (125, 95, 61, 255))
    surf = piece_art.card_paper(pal, size, paper, frame)
    g = card_geometry(size)
    pic = g["picture"]
    if land and spec is not None and spec.pattern:
        _pattern(surf, style, land, spec.pattern, pic, paper, frame)
    elif fig:
        s = min(pic.width, pic.height)
        blit_center(surf, pieces.figure(style, fig, s), pic.center)
    # the ribbon and its words
    fill, tcol = ribbon_colours(style, card_id, rs)
    surf.blit(piece_art.ribbon_image(pal, g["ribbon"].size, fill), g["ribbon"].topleft)
    title = ribbon_title(style, card_id, rs)
    titles = shown_titles(style, rs)
    px = banner_px(style, g["band"], titles, floor) if title else None
    if px is None and title:
        # one size for every card where every title fits; else each card whose own title fits
        # at the floor keeps it (a long word, "Nederzetting", must not blank the short ones)
        px = banner_px(style, g["band"], (title,), floor)
    if px is not None:
        t = style.text(title, "heading", px, tcol)
        if t.get_width() <= g["band"].width:
            blit_center(surf, t, (g["band"].centerx, g["band"].centery + 1))
    # the VP medallion, over the picture's corner
    vp = spec.vp if spec is not None else None
    if vp is not None:
        sr = g["seal"]
        surf.blit(piece_art.seal_image(pal, sr.width), sr)
        nt = style.text(str(vp), "number", max(6, int(sr.width * (0.5 if vp < 10 else 0.4))), pal.text)
        blit_center(surf, nt, (sr.centerx, sr.centery - max(1, sr.width // 20)))   # in the shield's broad part
    return surf


def ribbon_colours(style: Style, card_id: str, rs: Ruleset) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A card's ribbon colour and the colour of the words on it (the theme's, else read off)."""
    pal = theme_palette(style)
    spec = rs.cards.get(card_id)
    land = spec.land if spec is not None else None
    lp = pal.d.get("lands", {}).get(land, {}) if land else {}
    fill = lp.get("ribbon") if isinstance(lp.get("ribbon"), tuple) else None
    if fill is None:
        # a figure card's ribbon is the frame's colour: a band of colour, never an empty white box
        fill = tuple(style.land(land)) if land else pal.get("paper", "card_frame", (125, 95, 61, 255))
    tcol = lp.get("ribbon_text") if isinstance(lp.get("ribbon_text"), tuple) else None
    if tcol is None:
        tcol = _readable_on(fill, pal.text)
    return fill, tcol


def ribbon_title(style: Style, card_id: str, rs: Ruleset) -> str:
    """The words on a card's ribbon: its land's or figure's title, in the theme's case."""
    spec = rs.cards.get(card_id)
    land = spec.land if spec is not None else None
    fig = spec.figure if spec is not None else None
    title = land_title(land) if land else figure_title(fig) if fig else ""
    return title.upper() if theme_palette(style).style.get("title_caps") else title


def _readable_on(fill: tuple[int, ...], dark: tuple[int, ...]) -> tuple[int, ...]:
    lum = 0.299 * fill[0] + 0.587 * fill[1] + 0.114 * fill[2]
    return dark if lum > 140 else (251, 245, 226, 255)


def _pattern(surf: pygame.Surface, style: Style, land: str, pattern: str, area: pygame.Rect,
             paper: tuple[int, ...], frame: tuple[int, ...]) -> None:
    """The card's pattern as the land's developed tiles, on a faint grid of its box."""
    cells = parse_pattern(pattern)
    cols = max(c[0] for c in cells) + 1
    rows = max(c[1] for c in cells) + 1
    gap = max(1, area.width // 40)
    q = int(min((area.width - gap * (cols - 1)) / cols, (area.height - gap * (rows - 1)) / rows,
                area.width * 0.46))
    q = max(3, q)
    gw, gh = cols * q + (cols - 1) * gap, rows * q + (rows - 1) * gap
    ox, oy = area.centerx - gw // 2, area.centery - gh // 2
    grid = piece_art.mix(paper, frame, 0.3)
    rad = max(1, q // 10)
    for x in range(cols):
        for y in range(rows):
            r = pygame.Rect(ox + x * (q + gap), oy + y * (q + gap), q, q)
            pygame.draw.rect(surf, grid, r, max(1, q // 28), border_radius=rad)
    tile = pieces.land_tile(style, land, True, q)
    ink = theme_palette(style).ink
    for x, y in cells:
        r = pygame.Rect(ox + x * (q + gap), oy + y * (q + gap), q, q)
        shadow = pygame.Surface((q, q), pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 60), shadow.get_rect(), border_radius=rad)
        surf.blit(shadow, r.move(max(1, q // 24), max(1, q // 16)))
        surf.blit(tile, r)
        pygame.draw.rect(surf, ink, r, max(1, q // 30), border_radius=rad)


def card(style: Style, card_id: str, size: tuple[int, int], rs: Ruleset, floor: int = 12) -> pygame.Surface:
    """A card's face at `size`, in the player's language; its ribbon's words only at `floor`
    pixels or more (the sofa's floor where the table has one)."""
    return card_face(style, card_id, size, rs, floor)
