"""Nothing the player made is replaced without asking (issue 9): New game and Load game
keep an unfinished game as a numbered save, say so, and let the player discard or cancel.
Driven by posted events through the real title, dialog, setup and load screens."""
from __future__ import annotations

import pygame

from ne_game import rules
from ne_game.game.session import GameSession, Seat, family_order
from ne_game.storage import saves
from ne_game.ui.shell import flow
from tests.ui.harness import Harness

SEATS = [Seat(f"P{k}", fam, "human") for k, fam in enumerate(family_order()[:3])]


def unfinished_game(seed: int = 7, actions: int = 9) -> GameSession:
    s = GameSession.new(SEATS, seed=seed)
    for _ in range(actions):
        s.apply(rules.legal_actions(s.state)[0])
    return s


def finished_game(seed: int = 3) -> GameSession:
    s = GameSession.new(SEATS, seed=seed)
    while not s.is_over():
        legal = rules.legal_actions(s.state)
        s.apply(next((a for a in legal if a["type"] != "move_figure"), legal[0]))
    return s




def slot_actions() -> list[list[dict]]:
    return [saves.read_save_file(info.path)["actions"] for info in saves.list_slots()]


def dialog_button(h: Harness, label: str) -> pygame.Rect:
    assert h.showing("dialog")
    labels = [label_ for label_, _ in h.top.choices]
    return h.layout()["buttons"][labels.index(label)]


def test_new_game_keeps_the_unfinished_game_as_a_save_and_says_so(harness):
    old = unfinished_game()
    saves.write_autosave(old.to_save())
    h = harness()
    h.click(h.layout()["button_new"])
    assert h.showing("dialog")
    assert old.summary() in h.top.text and "Load game" in h.top.text
    h.click(dialog_button(h, "Keep it"))
    assert h.showing("setup")
    assert slot_actions() == [old.actions]          # the old game is a save Load game lists
    assert not saves.has_autosave()                 # and in one place only
    h.key(pygame.K_ESCAPE)                          # backing out of setup loses nothing
    assert h.showing("title") and h.top.buttons["load"].is_enabled


def test_discard_drops_the_unfinished_game_and_cancel_changes_nothing(harness):
    old = unfinished_game()
    saves.write_autosave(old.to_save())
    before = saves.autosave_path().read_bytes()
    h = harness()
    h.click(h.layout()["button_new"])
    h.click(dialog_button(h, "Cancel"))
    assert h.showing("title") and saves.autosave_path().read_bytes() == before and slot_actions() == []
    h.click(h.layout()["button_new"])
    h.click(dialog_button(h, "Discard it"))
    assert h.showing("setup") and not saves.has_autosave() and slot_actions() == []


def test_load_game_asks_before_replacing_an_unfinished_game(harness):
    old = unfinished_game(seed=7)
    other = unfinished_game(seed=11, actions=4)
    saves.write_slot(other.to_save())
    saves.write_autosave(old.to_save())
    h = harness()
    h.click(h.layout()["button_load"])
    assert h.showing("load")
    h.click(h.layout()["rows"][0])
    assert h.showing("dialog") and old.summary() in h.top.text
    h.click(dialog_button(h, "Keep it"))
    assert h.showing("table") and h.top.session.actions == other.actions
    assert old.actions in slot_actions()                       # the replaced game can be loaded later
    assert saves.read_autosave()["actions"] == other.actions   # the loaded game autosaves from now on


def test_a_finished_game_is_replaced_without_a_question(harness):
    saves.write_autosave(finished_game().to_save())
    h = harness()
    h.click(h.layout()["button_new"])
    assert h.showing("setup") and slot_actions() == []


def test_a_game_started_elsewhere_keeps_the_unfinished_one_by_itself(harness):
    """Paths that do not pass through the title (the tutorial's "play a real game", a
    final screen's "play again") still never overwrite an unfinished game unseen."""
    old = unfinished_game()
    saves.write_autosave(old.to_save())
    h = harness()
    new = GameSession.new(SEATS, seed=99)
    flow.start_session(h.app, new)
    h.step()
    assert h.showing("table")
    assert slot_actions() == [old.actions]
    assert saves.read_autosave()["seed"] == 99


def test_continue_does_not_copy_the_game_it_continues(harness):
    old = unfinished_game()
    saves.write_autosave(old.to_save())
    h = harness()
    h.click(h.layout()["button_continue"])
    assert h.showing("table") and h.top.session.actions == old.actions
    assert slot_actions() == []


def test_a_damaged_autosave_is_set_aside_not_overwritten_by_a_new_game(harness):
    saves.autosave_path().write_text("{ half a save")
    h = harness()
    flow.start_session(h.app, GameSession.new(SEATS, seed=99))
    h.step()
    kept = saves.autosave_path().with_name("autosave.json.damaged")
    assert kept.read_text() == "{ half a save"
    assert h.showing("table") and saves.read_autosave()["seed"] == 99


def test_when_the_old_game_cannot_be_kept_nothing_is_replaced(harness, monkeypatch):
    old = unfinished_game()
    saves.write_autosave(old.to_save())
    before = saves.autosave_path().read_bytes()

    def disk_full(data, name=None):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves, "write_slot", disk_full)
    h = harness()
    h.click(h.layout()["button_new"])
    h.click(dialog_button(h, "Keep it"))
    assert h.showing("dialog") and "could not be kept" in h.top.title.lower() + h.top.text.lower()
    assert "No space left" in h.top.text
    assert saves.autosave_path().read_bytes() == before          # still there to continue
    flow.start_session(h.app, GameSession.new(SEATS, seed=99))   # any other path refuses too
    assert saves.autosave_path().read_bytes() == before and not h.showing("table")


def test_a_finished_game_goes_into_the_records_at_its_final_scoring(harness):
    from ne_game.history import HistoryStore

    game = finished_game()
    h = harness()
    flow.start_session(h.app, game)
    assert h.run_until(lambda: h.showing("final_scoring"), max_frames=400)
    store = HistoryStore()
    try:
        games = store.games()
        assert len(games) == 1 and games[0].finished and games[0].players == 3
        assert [s.name for s in games[0].seats] == [s.name for s in SEATS]
    finally:
        store.close()
    # seeing the same finished game again does not record it twice
    flow.start_session(h.app, GameSession.from_save(game.to_save()))
    assert h.run_until(lambda: h.showing("final_scoring"), max_frames=400)
    store = HistoryStore()
    try:
        assert store.count_games() == 1
    finally:
        store.close()


def test_a_discarded_unfinished_game_is_remembered_in_the_records(harness):
    from ne_game.history import HistoryStore

    old = unfinished_game()
    saves.write_autosave(old.to_save())
    h = harness()
    h.click(h.layout()["button_new"])
    h.click(dialog_button(h, "Discard it"))
    store = HistoryStore()
    try:
        games = store.games()
        assert len(games) == 1 and not games[0].finished and games[0].actions == len(old.actions)
    finally:
        store.close()


def test_records_screen_lists_games_and_totals_and_exports_with_the_keyboard(harness):
    from ne_game.storage.paths import user_data_dir

    for seed in (3, 5):
        flow.record_game(finished_game(seed))
    h = harness()
    h.click(h.layout()["button_records"])
    assert h.showing("records")
    records = h.top
    assert len(records.games) == 2 and records.layout()["filter"] is None
    assert {t.name for t in records.totals} == {s.name for s in SEATS}
    h.key(pygame.K_DOWN)
    assert records.selected == 1
    h.key(pygame.K_RIGHT)                              # one player's games
    assert records.layout()["filter"] == records.totals[0].name
    h.key(pygame.K_e)                                  # export the chosen game (E; Enter replays it)
    exported = list((user_data_dir() / "exports").glob("*.json"))
    assert len(exported) == 1 and "Exported" in records.message
    assert saves.read_save_file(exported[0])["seed"] in (3, 5)
    h.key(pygame.K_ESCAPE)
    assert h.showing("title")


def test_records_screen_with_no_games_says_so(harness):
    h = harness()
    h.click(h.layout()["button_records"])
    assert h.showing("records") and h.top.games == [] and h.top.count == 0
    h.click(h.layout()["close"])
    assert h.showing("title")
