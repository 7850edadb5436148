"""Game nouns in the player's language: figures, land tiles, cards, phases, levels.

The nouns come from the ruleset (assets/data/game.toml names every land and figure, in
English); each is its own catalogue entry with its context and, where a sentence needs one,
its article, because Dutch and French give them genders and articles English does not: "a
barn" is "une étable" but "a ship" is "un bateau". Sentences take these whole words as
placeholders and never glue fragments. A land or figure added in the data alone is named by
its English words until its translations exist. Pure: no pygame.
"""
from __future__ import annotations

from ne_game.game.gamedata import default_ruleset
from ne_game.i18n import _, current_language, fmt, nfmt, npgettext, pgettext
from ne_game.rules import Phase, Ruleset


def ruleset() -> Ruleset:
    """The game's nouns: the ruleset of the shipped data (one per process)."""
    return default_ruleset()


def figure_name(figure: str | None, n: int = 1) -> str:
    """'pilgrim' -> 'Pelgrimvader' / 'colon' (plural with n != 1)."""
    if not figure:
        return npgettext("figure", "figure", "figures", n)
    spec = ruleset().figure(figure)
    return npgettext("figure", spec.name, spec.plural, n)


def a_figure(figure: str | None) -> str:
    """The figure with its indefinite article: 'a barn' -> 'une étable'."""
    if not figure:
        return pgettext("figure with article", "a figure")
    return pgettext("figure with article", ruleset().figure(figure).with_article)


def figure_title(figure: str | None) -> str:
    """The title printed on a figure card: 'Pilgrim', 'Barn', 'Ship'."""
    if not figure:
        return pgettext("card title", "Figure")
    return pgettext("card title", ruleset().figure(figure).title)


def a_figure_card(figure: str) -> str:
    """'a pilgrim card' with its article."""
    return pgettext("card with article", ruleset().figure(figure).card_with_article)


def land_title(land: str | None) -> str:
    """A land's name as a title: 'Settlement' / 'Nederzetting' / 'Village'."""
    if not land:
        return _("Land")
    return pgettext("land title", ruleset().land(land).title)


def a_land_tile(land: str | None) -> str:
    """'a field tile' with its article (a land tile of the offer or the board)."""
    if not land:
        return pgettext("tile with article", "a land tile")
    return pgettext("tile with article", ruleset().land(land).tile_with_article)


def land_word(land: str | None) -> str:
    """The land's name, lower case, for the middle of a sentence."""
    if not land:
        return _("land")
    return pgettext("land", ruleset().land(land).name)


def phase_title(phase: Phase | str) -> str:
    return {
        "start_tiles": pgettext("phase", "Start rounds"),
        "offer": pgettext("phase", "Offer"),
        "bids": pgettext("phase", "Bids"),
        "buying": pgettext("phase", "Buying"),
        "game_over": pgettext("phase", "Game over"),
    }.get(phase, "")


def phase_in_sentence(phase: Phase | str) -> str:
    """The phase as it stands in a sentence ('this is the offer phase')."""
    return {
        "start_tiles": pgettext("phase in a sentence", "the start rounds"),
        "offer": pgettext("phase in a sentence", "the offer phase"),
        "bids": pgettext("phase in a sentence", "the bidding phase"),
        "buying": pgettext("phase in a sentence", "the buying phase"),
        "game_over": pgettext("phase in a sentence", "the end of the game"),
    }.get(phase, phase)


def level_name(kind: str) -> str:
    """A seat's kind as a player reads it: 'Human', or a computer level's label (its registry
    entry, ne_game.ai.LEVELS)."""
    if kind == "human":
        return pgettext("seat kind", "Human")
    from ne_game.ai import LEVELS

    level = LEVELS.get(kind)
    return pgettext("seat kind", level.label) if level is not None else kind


def _card_shape(card: str) -> tuple[str, int, str]:
    """A land-use card's land, parcel count and the shape of its pattern as a player sees it:
    'pair' (two parcels), 'row' (in a line), 'square' (two by two), 'corner' (an L) or 'other'.
    Read from the ruleset's shapes, never from the card's code."""
    spec = ruleset().cards.get(card)
    if spec is None or spec.figure is not None or not spec.land or not spec.shapes:
        return "", 0, ""
    cells = spec.shapes[0]
    n = len(cells)
    xs, ys = {x for x, _y in cells}, {y for _x, y in cells}
    if n == 2:
        shape = "pair"
    elif len(xs) == 1 or len(ys) == 1:
        shape = "row"
    elif n == 4 and len(xs) == 2 and len(ys) == 2:
        shape = "square"
    elif n == 3 and len(xs) == 2 and len(ys) == 2:
        shape = "corner"
    else:
        shape = "other"
    return spec.land, n, shape


def card_name(card: str | None, definite: bool = True) -> str:
    """A card named in words, never by its code (F2 is also a parcel of the board): 'the
    2-parcel field card', 'an L-shaped 3-parcel pasture card', 'the Pilgrim card'. `definite`
    picks the article; each shape is its own whole catalogue entry so that every language
    words it in its own order."""
    spec = ruleset().cards.get(card or "")
    if spec is not None and spec.figure is not None:
        if definite:
            return fmt("the {figure} card", figure=figure_title(spec.figure))
        return a_figure_card(spec.figure)
    land, n, shape = _card_shape(card or "")
    if not land:
        return _("the card") if definite else _("a card")
    word = land_word(land)
    if definite:
        if shape == "row":
            return nfmt("the straight {n}-parcel {land} card", "the straight {n}-parcel {land} card", n, land=word)
        if shape == "square":
            return nfmt("the square {n}-parcel {land} card", "the square {n}-parcel {land} card", n, land=word)
        if shape == "corner":
            return nfmt("the L-shaped {n}-parcel {land} card", "the L-shaped {n}-parcel {land} card", n, land=word)
        return nfmt("the {n}-parcel {land} card", "the {n}-parcel {land} card", n, land=word)
    if shape == "row":
        return nfmt("a straight {n}-parcel {land} card", "a straight {n}-parcel {land} card", n, land=word)
    if shape == "square":
        return nfmt("a square {n}-parcel {land} card", "a square {n}-parcel {land} card", n, land=word)
    if shape == "corner":
        return nfmt("an L-shaped {n}-parcel {land} card", "an L-shaped {n}-parcel {land} card", n, land=word)
    return nfmt("a {n}-parcel {land} card", "a {n}-parcel {land} card", n, land=word)


def sentence(text: str) -> str:
    """`text` shown on its own, as a sentence: its first letter a capital. Words that are also
    used inside other sentences ("{cell}: {reason}") are written in lower case in the
    catalogue; where one stands alone (a tooltip, the help box) it begins as a sentence does.
    Dutch capitalises the digraph ij as one letter: "ijzer" -> "IJzer"."""
    if not text[:1].islower():
        return text
    if text[:2] == "ij" and current_language() == "nl":
        return "IJ" + text[2:]
    return text[:1].upper() + text[1:]
