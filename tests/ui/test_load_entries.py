"""Load game: an entry too long for its row ends in an ellipsis (pygame-gui would clip it mid-word)."""
from __future__ import annotations

from ne_game.game.session import GameSession, Seat, family_order
from ne_game.storage import saves


def test_a_long_load_entry_ends_in_an_ellipsis(harness):
    fam = family_order()
    names = ("Anne-Marie Berg", "Bartholomew Long", "Cleopatra Verylo", "Dirk-Jan Hoekstr")
    saves.write_slot(GameSession.new([Seat(n, f, "human") for n, f in zip(names, fam)], seed=4).to_save())
    h = harness()
    h.click(h.layout()["button_load"])
    rows = h.top.rows
    assert rows
    for button, _info in rows:
        assert button.font.size(button.text)[0] <= button.rect.width - 24
    assert any(button.text.endswith("…") for button, _info in rows)
