"""Game nouns in the player's language: figures, land tiles, cards, phases.

Each noun is its own catalogue entry (with the article where a sentence needs one),
because Dutch and French give them genders and articles English does not: "a barn" is
"une étable" but "a ship" is "un bateau". Sentences take these whole words as
placeholders and never glue fragments. Pure: no pygame.
"""
from __future__ import annotations

from ne_game.i18n import _, land_name, npgettext, pgettext


def figure_name(figure: str | None, n: int = 1) -> str:
    """'pilgrim' -> 'Pelgrimvader' / 'colon' (plural with n != 1)."""
    if figure == "pilgrim":
        return npgettext("figure", "pilgrim", "pilgrims", n)
    if figure == "barn":
        return npgettext("figure", "barn", "barns", n)
    if figure == "ship":
        return npgettext("figure", "ship", "ships", n)
    return npgettext("figure", "figure", "figures", n)


def a_figure(figure: str | None) -> str:
    """The figure with its indefinite article: 'a barn' -> 'une étable'."""
    if figure == "pilgrim":
        return pgettext("figure with article", "a pilgrim")
    if figure == "barn":
        return pgettext("figure with article", "a barn")
    if figure == "ship":
        return pgettext("figure with article", "a ship")
    return pgettext("figure with article", "a figure")


def figure_title(figure: str | None) -> str:
    """The title printed on a figure card: 'Pilgrim', 'Barn', 'Ship'."""
    if figure == "pilgrim":
        return pgettext("card title", "Pilgrim")
    if figure == "barn":
        return pgettext("card title", "Barn")
    if figure == "ship":
        return pgettext("card title", "Ship")
    return pgettext("card title", "Figure")


def land_title(land: str | None) -> str:
    """A land's name as a title: 'Settlement' / 'Nederzetting' / 'Village'."""
    if land == "settlement":
        return pgettext("land title", "Settlement")
    if land == "field":
        return pgettext("land title", "Field")
    if land == "pasture":
        return pgettext("land title", "Pasture")
    return _("Land")


def a_land_tile(land: str | None) -> str:
    """'a field tile' with its article (a land tile of the offer or the board)."""
    if land == "settlement":
        return pgettext("tile with article", "a settlement tile")
    if land == "field":
        return pgettext("tile with article", "a field tile")
    if land == "pasture":
        return pgettext("tile with article", "a pasture tile")
    return pgettext("tile with article", "a land tile")


def land_word(land: str | None) -> str:
    """The land's name, lower case, for the middle of a sentence."""
    return land_name(land) if land in ("settlement", "field", "pasture") else _("land")


def phase_title(phase: str) -> str:
    return {
        "start_tiles": pgettext("phase", "Start rounds"),
        "offer": pgettext("phase", "Offer"),
        "bids": pgettext("phase", "Bids"),
        "buying": pgettext("phase", "Buying"),
        "game_over": pgettext("phase", "Game over"),
    }.get(phase, "")


def phase_in_sentence(phase: str) -> str:
    """The phase as it stands in a sentence ('this is the offer phase')."""
    return {
        "start_tiles": pgettext("phase in a sentence", "the start rounds"),
        "offer": pgettext("phase in a sentence", "the offer phase"),
        "bids": pgettext("phase in a sentence", "the bidding phase"),
        "buying": pgettext("phase in a sentence", "the buying phase"),
        "game_over": pgettext("phase in a sentence", "the end of the game"),
    }.get(phase, phase)


def level_name(kind: str) -> str:
    """A seat's kind as a player reads it: 'Human', 'Easy', 'Medium', 'Hard'."""
    return {
        "human": pgettext("seat kind", "Human"),
        "random": pgettext("seat kind", "Random"),
        "easy": pgettext("seat kind", "Easy"),
        "medium": pgettext("seat kind", "Medium"),
        "hard": pgettext("seat kind", "Hard"),
    }.get(kind, kind)
