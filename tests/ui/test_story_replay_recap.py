"""The story of a game on screen: the replay viewer, the story screen, the recap at a person's
turn, and the Records screen's ways into them (`pytest -k "replay or records or recap or story"`)."""
from __future__ import annotations

import json

import pygame
import pytest

from ne_game import i18n, rules
from ne_game.ai import make_player
from ne_game.game.session import GameSession
from ne_game.history import Replay, story_of
from ne_game.storage.settings import Settings
from ne_game.ui.scenes.replay import ReplayModel
from ne_game.ui.scenes.story import fact_sentence
from ne_game.ui.shell import flow
from ne_game.ui.shell.ai_runner import SyncRunner
from tests.history.games import engine_state, play


def finished() -> dict:
    return play(("human", "easy", "medium", "easy"), seed=3, store=True)


# ---------------------------------------------------------------- the replay viewer
def test_replay_every_step_shows_the_engines_position_money_and_log():
    save = finished()
    model = ReplayModel(Replay.from_save(save))
    for p in range(model.last + 1):
        frame = model.frame(p)
        pos = rules.position(engine_state(save, p))
        board = sorted((t.cells, t.land, t.developed, t.figure) for t in frame.static.board.tiles)
        assert board == sorted((t.cells, t.land, t.developed, t.figure) for t in pos.tiles), p
        assert [m.shown for m in frame.money] == [pl.money for pl in pos.players], p
        assert frame.static.offer.slots == tuple(o.slot for o in pos.offer), p
        assert frame.static.bids.taken == frozenset(pl.bid for pl in pos.players if pl.bid is not None), p
        # the move that led here is the log's newest line, and the prompt says it
        news = [line.text for line in frame.static.log.lines if line.new]
        assert (news and frame.static.prompt.main == news[0]) if p else not news, p


def test_a_replayed_move_is_marked_by_the_halo_not_hidden_under_the_hatch():
    """Playtest 9a: a paused replay left the gold hatch of a move still to come over the tile
    just placed. The move made is marked by the dashed halo of what changed; the hatch is for
    the coach's better move, not yet made (its ghost frame)."""
    save = finished()
    replay = Replay.from_save(save)
    model = ReplayModel(replay)
    placed = [p for p in range(1, model.last + 1)
              if replay.actions[p - 1]["type"] in ("buy_land", "place_start_tile", "buy_card")]
    assert placed
    for p in placed[:10]:
        frame = model.frame(p)
        assert frame.overlay.board.ai_cells == () and frame.overlay.board.changed, p
    p = placed[0]
    ghost = model.ghost_frame(p - 1, replay.actions[p - 1])
    assert ghost.overlay.board.ai_cells


def test_replay_of_a_finished_game_shows_every_barn_and_an_unfinished_one_none():
    save = finished()
    store_at = next(k for k, a in enumerate(save["actions"]) if a["type"] == "buy_card"
                    and "store_in_barn" in a["use"])
    model = ReplayModel(Replay.from_save(save))
    after = model.frame(store_at + 1).static.panels
    assert any(b.card for p in after for b in p.barns), "a finished game shows the stored card"
    # the same game stopped after the card was stored: only what every player knew
    unfinished = play(("human", "easy", "medium", "easy"), seed=3, store=True, stop=store_at + 3)
    model = ReplayModel(Replay.from_save(unfinished))
    panels = model.frame(store_at + 1).static.panels
    assert any(b.full for p in panels for b in p.barns)
    assert not any(b.card for p in panels for b in p.barns)


def test_replay_keyboard_steps_by_move_turn_round_and_to_either_end(harness):
    h = harness()
    replay = Replay.from_save(finished())
    h.app.push("replay", replay=replay, start=0)
    scene = h.top
    assert h.showing("replay") and scene.position == 0
    h.key(pygame.K_RIGHT)
    assert scene.position == 1
    h.key(pygame.K_DOWN)                                   # to the next turn's boundary
    assert scene.position == min(m for m in {t.start for t in replay.turns} | {replay.last} if m > 1)
    h.key(pygame.K_PAGEDOWN)
    first_round = next(r for r in replay.rounds if r.number == 1)
    assert scene.position == first_round.start
    h.key(pygame.K_END)
    assert scene.position == replay.last
    h.key(pygame.K_RIGHT)                                  # nothing beyond the end
    assert scene.position == replay.last
    h.key(pygame.K_HOME)
    assert scene.position == 0
    h.key(pygame.K_RETURN)                                 # play: one move a second
    h.wait(2.1)
    assert scene.position >= 2 and scene.playing
    h.key(pygame.K_SPACE)
    assert not scene.playing
    h.key(pygame.K_ESCAPE)
    assert h.showing("title")


def test_replay_gamepad_shoulders_step_by_turn_and_triggers_by_round(harness):
    h = harness()
    replay = Replay.from_save(finished())
    h.app.push("replay", replay=replay, start=0)
    scene = h.top
    h.pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    assert scene.position == 1
    h.pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    at = scene.position
    assert at > 1 and at in {t.stop for t in replay.turns} | {t.start for t in replay.turns}
    h.pad(pygame.CONTROLLER_BUTTON_LEFTSHOULDER)
    assert scene.position < at
    h.post(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=pygame.CONTROLLER_AXIS_TRIGGERRIGHT, value=32767)
    h.step(2)
    assert scene.position == next(r for r in replay.rounds if r.number == 1).start
    assert h.app.pads.last_device == "pad"
    prompt = scene._with_keys(scene.shown.static).prompt
    assert prompt.device == "pad" and prompt.controls
    h.pad(pygame.CONTROLLER_BUTTON_B)
    assert h.showing("title")


def test_replay_mouse_buttons_and_timeline(harness):
    h = harness()
    replay = Replay.from_save(finished())
    h.app.push("replay", replay=replay, start=0)
    scene = h.top
    lay = h.layout()
    h.click(lay["replay:next"])
    assert scene.position == 1
    h.click(lay["replay:last"])
    assert scene.position == replay.last
    track = lay["timeline"]
    h.click((track.x + track.width // 2, track.centery))
    assert abs(scene.position - replay.last // 2) <= 1
    h.click(lay["replay:close"])
    assert h.showing("title")


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_replay_and_story_render_in_every_language_with_nothing_cut(harness, cut_texts, lang, size, tmp_path):
    h = harness(size=size, settings=Settings(animation="off", language=lang))
    i18n.set_language(lang)
    try:
        replay = Replay.from_save(finished())
        h.app.push("replay", replay=replay, start=replay.last // 2)
        h.step(2)
        h.screenshot(tmp_path / f"replay-{lang}.png")
        h.key(pygame.K_ESCAPE)
        h.app.push("story", replay=replay)
        h.step(2)
        h.screenshot(tmp_path / f"story-{lang}.png")
        screen = h.app.screen.get_rect()
        for key, rect in h.layout().items():
            assert screen.contains(rect), key
        shown = [fact_sentence(f, h.top.names) for f in h.top.facts]
        assert shown and all(shown)
    finally:
        i18n.set_language("en")
    assert not cut_texts, cut_texts


# ---------------------------------------------------------------- the story
def test_story_screen_charts_the_engines_scores_by_round_and_opens_a_fact_in_the_replay(harness):
    save = finished()
    h = harness()
    replay = Replay.from_save(save)
    h.app.push("story", replay=replay)
    scene = h.top
    story = scene.story
    assert story == story_of(Replay.from_save(save))
    for seat in story.seats:
        for number, pos, vp, money in zip(story.rounds, story.round_ends, seat.vp_by_round, seat.money_by_round):
            row = rules.final_scores(engine_state(save, pos))[seat.seat]
            assert (vp, money) == (row["total"], row["money"]), (seat.seat, number)
    final = rules.final_scores(engine_state(save))
    assert [s.final.total for s in story.seats] == [r["total"] for r in final]
    # keyboard: the first fact is chosen; Enter opens the replay just after its move
    h.key(pygame.K_RETURN)
    assert h.showing("replay")
    index = scene.facts[0]["index"]
    assert h.top.position == index + 1
    h.key(pygame.K_ESCAPE)
    assert h.showing("story")
    h.click(h.layout()["replay"])
    assert h.showing("replay") and h.top.position == 0


def test_story_and_replay_open_from_the_final_scores(harness):
    h = harness(settings=Settings(animation="off", ai_pace="fast"))
    h.app.ai_runner = SyncRunner()
    flow.start_session(h.app, GameSession.from_save(finished()))
    assert h.run_until(lambda: h.showing("final_scoring"), max_frames=600)
    final = h.top
    final.t = 10.0
    h.click(final.button_rects()["story"])
    assert h.showing("story")
    h.key(pygame.K_ESCAPE)
    assert h.showing("final_scoring")
    h.click(final.button_rects()["replay"])
    assert h.showing("replay") and h.top.position == 0 and h.top.replay.finished


# ---------------------------------------------------------------- the recap
def _play_until_recap(h, session, recaps: int = 1) -> list:
    """Computers play their seats; the person (seat 0) plays as the easy player would, a few
    frames after the turn begins. Returns the recaps shown in the log's place (their lines, one
    per turn), with what the log held for the person at each."""
    me = make_player("easy", seed=7)
    shown = []
    waited = 0
    seen_turn = None
    for _ in range(6000):
        top = h.app.top
        if h.showing("table") and top.human_turn and not top.anim.busy:
            feed = top.view.log.recap
            turn = (len(session.actions), top.facts.phase)
            if feed is not None and seen_turn != top.recap_since:
                seen_turn = top.recap_since
                since = top.recap_since
                expected = [(e.seat, e.text) for e in top.game_log.entries if e.index > since and e.seat != 0]
                shown.append(([line.text for line in feed.lines], [t for _s, t in expected]))
                if len(shown) >= recaps:
                    return shown
            waited += 1
            if waited >= 3 and turn:
                waited = 0
                session.apply(me.choose(rules.observe(session.state, 0), session.legal_actions()))
        if session.is_over():
            break
        h.step()
    return shown


def test_recap_lists_exactly_what_the_others_did_since_the_persons_last_turn(harness, recap):
    h = harness(settings=Settings(animation="off", ai_pace="fast"))
    h.app.ai_runner = SyncRunner()
    session = GameSession.from_save(play(("human", "easy", "easy", "easy"), seed=4, stop=12))
    flow.start_session(h.app, session)
    shown = _play_until_recap(h, session, recaps=3)
    assert len(shown) == 3
    for lines, expected in shown:
        assert lines and set(lines) <= set(expected)
        assert lines[-1] == expected[-1]          # the newest line is always there
    assert h.showing("table")                     # in the log's place: nothing over the table


def test_recap_can_be_turned_off_in_settings(harness, recap):
    h = harness(settings=Settings(animation="off", ai_pace="fast", recap=False))
    h.app.ai_runner = SyncRunner()
    session = GameSession.from_save(play(("human", "easy", "easy", "easy"), seed=4, stop=12))
    flow.start_session(h.app, session)
    assert _play_until_recap(h, session) == []
    assert Settings.from_dict({"recap": "yes"}).recap is True        # a bad value: the default


# ---------------------------------------------------------------- records
def test_records_open_a_game_in_the_replay_and_its_story_with_keyboard_and_pad(harness):
    flow.record_game(GameSession.from_save(finished()))
    h = harness()
    h.click(h.layout()["button_records"])
    assert h.showing("records")
    h.key(pygame.K_RETURN)
    assert h.showing("replay") and h.top.replay.finished
    h.key(pygame.K_ESCAPE)
    assert h.showing("records")
    h.key(pygame.K_h)
    assert h.showing("story")
    h.key(pygame.K_ESCAPE)
    h.pad(pygame.CONTROLLER_BUTTON_X)
    assert h.showing("story")
    h.pad(pygame.CONTROLLER_BUTTON_B)
    h.pad(pygame.CONTROLLER_BUTTON_A)
    assert h.showing("replay")


def test_records_import_reads_the_imports_folder_and_says_what_it_could_not(harness):
    from ne_game.ui.scenes.records import imports_dir

    folder = imports_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "friend.json").write_text(json.dumps(finished()), encoding="utf-8")
    (folder / "broken.json").write_text("{\"seed\": 1, \"players\": ", encoding="utf-8")
    h = harness()
    h.click(h.layout()["button_records"])
    records = h.top
    assert records.count == 0
    h.click(h.layout()["import"])
    assert h.run_until(lambda: records.importing is None, max_frames=50)
    assert records.count == 1
    assert "1 game imported" in records.message and "broken.json" in records.message
    # each file dealt with is moved out of the way, never deleted: a second press reads none again
    assert (folder / "imported" / "friend.json").is_file() and (folder / "damaged" / "broken.json").is_file()
    assert not (folder / "friend.json").exists() and not (folder / "broken.json").exists()
    h.key(pygame.K_i)
    assert records.count == 1 and "No game files to import" in records.message
    (folder / "friend.json").write_text(json.dumps(finished()), encoding="utf-8")    # sent again
    h.key(pygame.K_i)
    assert h.run_until(lambda: records.importing is None, max_frames=50)
    assert records.count == 1 and "game was here already" in records.message
    assert (folder / "known" / "friend.json").is_file()


def test_recap_leaves_out_a_move_its_player_took_back():
    """Playtest: Anne bought a field and took it back; Bob's recap still said she bought it."""
    from ne_game.ui.scenes.table.model.log import GameLog
    from ne_game.ui.scenes.table.model.recap import recap_for

    session = GameSession.from_save(play(("human", "human", "human", "human"), seed=4, stop=40))
    log = GameLog(session, tuple(s.name for s in session.seats), session.state.rs)
    session.add_listener(log)
    me = session.current_seat
    took_back = None
    for _ in range(300):           # the others play on until `me` is on turn again
        seat = session.current_seat
        if seat == me and took_back is not None:
            break
        legal = session.legal_actions()
        buys = [a for a in legal if a["type"] in ("buy_land", "buy_card")]
        if buys and took_back is None and seat != me:
            session.apply(buys[0])                   # one of them buys, and takes it back
            took_back = log.entries[-1].text
            session.undo()
            continue
        session.apply(next((a for a in legal if a["type"] == "end_turn"), legal[0]))
    assert took_back is not None and session.current_seat == me
    recap = recap_for(log, session, me)
    texts = [text for _seat, text in recap.lines] if recap is not None else []
    assert took_back not in texts and not any("took back" in t for t in texts)
    assert took_back in [e.text for e in log.entries]        # the log itself keeps it
