"""Sound (issue 14): the files, the cues each game event makes, volumes, mute, no device."""
from __future__ import annotations

import logging
import random

import pygame
import pytest

from ne_game import rules
from ne_game.audio import CUES, RecordingBackend, SilentBackend, SoundBoard, SoundLibrary, cues_for_event
from ne_game.audio import backend as audio_backend
from ne_game.audio.library import MAX_EFFECT_BYTES, MAX_MUSIC_BYTES, sounds_dir
from ne_game.game.session import GameSession, Seat, SessionEvent, family_order

SOUNDS = sounds_dir()
TOTAL_CAP = 3 * 1024 * 1024


def board(**kw) -> SoundBoard:
    return SoundBoard(RecordingBackend(), SoundLibrary.load(), rng=random.Random(7), **kw)


# ---------------------------------------------------------------- the files

def test_sound_files_exist_cover_every_cue_and_stay_small():
    lib = SoundLibrary.load()
    assert lib.problems == []
    assert set(lib.effects) == set(CUES)
    assert set(lib.music) == {"menu", "play"}
    for name in ("tile", "coins_pay", "click"):
        assert len(lib.effects[name]) >= 3, f"{name} needs variants so it does not repeat"
    total = sum(p.stat().st_size for p in SOUNDS.iterdir() if p.is_file())
    assert total < TOTAL_CAP, f"assets/sounds holds {total} bytes"
    for paths in lib.effects.values():
        assert all(p.stat().st_size <= MAX_EFFECT_BYTES for p in paths)
    assert all(p.stat().st_size <= MAX_MUSIC_BYTES for p in lib.music.values())
    assert (SOUNDS / "README.md").is_file()


def test_sound_files_decode_with_pygames_mixer():
    pygame.mixer.init(44100, -16, 2, 512)   # the dummy driver decodes like a real one
    try:
        lib = SoundLibrary.load()
        for paths in lib.effects.values():
            for p in paths:
                length = pygame.mixer.Sound(str(p)).get_length()
                assert 0.05 <= length <= 6.0, (p.name, length)
        for p in lib.music.values():
            pygame.mixer.music.load(str(p))
            assert pygame.mixer.Sound(str(p)).get_length() > 100, "a music loop lasts minutes"
    finally:
        pygame.mixer.quit()


def test_sound_manifest_problems_are_named_and_never_fatal(tmp_path):
    big = tmp_path / "big.ogg"
    big.write_bytes(b"\0" * (MAX_EFFECT_BYTES + 1))
    (tmp_path / "ok.ogg").write_bytes(b"OggS")
    (tmp_path / "sounds.toml").write_text(
        '[music]\nmenu = "../../etc/passwd"\n'
        '[cues.tile]\nfiles = ["ok.ogg", "gone.ogg"]\n'
        '[cues.click]\nfiles = ["big.ogg"]\n'
        '[cues.card]\nfiles = "card.ogg"\n', encoding="utf-8")
    lib = SoundLibrary.load(tmp_path)
    assert lib.effects == {"tile": [(tmp_path / "ok.ogg").resolve()]}
    assert lib.music == {}
    text = "\n".join(lib.problems)
    assert "music.menu" in text and "gone.ogg is missing" in text and "over the cap" in text
    assert "cues.card.files" in text

    (tmp_path / "sounds.toml").write_text("[cues\n", encoding="utf-8")
    assert "cannot be read" in SoundLibrary.load(tmp_path).problems[0]
    assert "missing" in SoundLibrary.load(tmp_path / "nowhere").problems[0]


def test_a_sound_file_that_does_not_decode_is_left_out(tmp_path, caplog):
    class Picky(RecordingBackend):
        def load(self, path):
            if path.name == "bad.ogg":
                raise pygame.error("not an ogg")
            return super().load(path)

    for name in ("bad.ogg", "good.ogg"):
        (tmp_path / name).write_bytes(b"OggS")
    (tmp_path / "sounds.toml").write_text('[cues.tile]\nfiles = ["bad.ogg", "good.ogg"]\n', encoding="utf-8")
    b = SoundBoard(Picky(), SoundLibrary.load(tmp_path))
    for _ in range(5):
        assert b.cue("tile")
        b.update(1.0)
    assert {n for n, _ in b.backend.played} == {"good.ogg"}
    assert "bad.ogg cannot be decoded" in caplog.text


# ---------------------------------------------------------------- session events -> cues

def _play_games(seeds=(1, 2, 3), humans=(0, 1)):
    """Seeded games through a real session; yields (action, before, after, cues heard)."""
    for seed in seeds:
        fams = family_order()
        seats = [Seat(f"P{k}", fams[k], "human" if k in humans else "easy") for k in range(4)]
        session = GameSession.new(seats, seed=seed)
        b = board()
        b.attach(session)
        rng = random.Random(seed)
        while not session.is_over():
            legal = session.legal_actions()
            # prefer doing things over ending the turn, so every kind of action happens
            busy = [a for a in legal if a["type"] != "end_turn"] if rng.random() < 0.8 else []
            action = rng.choice(busy or legal)
            before = session.snapshot()
            b.backend.played.clear()
            session.apply(action)
            b.update(2.0)
            yield action, before, session.snapshot(), b.backend.cues


def test_each_session_event_plays_its_sound():
    heard: dict[str, set] = {}
    for action, _before, after, cues in _play_games():
        t = action["type"]
        key = t
        if t in ("buy_card", "play_stored"):
            use = action["use"]
            if "develop" in use:
                key = f"{t}:develop"
            elif "store_in_barn" in use:
                key = f"{t}:store"
            else:
                cell = use["figure_on"]
                tile = next(x for x in after["tiles"] if cell in x["cells"])
                key = f"{t}:{tile['figure']}"
        elif t == "move_figure":
            tile = next(x for x in after["tiles"] if action["to"] in x["cells"])
            key = f"move:{tile['figure']}"
        elif t == "announce_offer" and after["phase"] == "game_over":
            key = "game_over"
        heard.setdefault(key, set()).update(cues)
        if t == "end_turn":
            assert "income" in cues
        if t in ("buy_land", "buy_card"):
            assert cues[0] == "coins_pay", "paying comes first"
    expected = {
        "place_start_tile": "tile", "announce_offer": "card", "take_bid": "bid", "buy_land": "tile",
        "buy_card:develop": "develop", "buy_card:pilgrim": "pilgrim", "buy_card:barn": "barn",
        "buy_card:ship": "ship", "buy_card:store": "card", "move:pilgrim": "pilgrim", "move:ship": "ship",
        "end_turn": "income",
    }
    for key, cue in expected.items():
        assert key in heard, f"no {key} happened in the sample games"
        assert cue in heard[key], f"{key} made {sorted(heard[key])}, not {cue}"
    assert "coins_pay" in heard["buy_land"] and "coins_pay" in heard["buy_card:develop"]
    # the game's end rings no bell and no fanfare: the finale plays that when it crowns the winner
    assert "game_over" in heard and not {"fanfare", "turn"} & heard["game_over"], heard["game_over"]
    for optional, cue in (("reveal_extra", "card"), ("play_stored:develop", "develop")):
        if optional in heard:   # rarer: checked when the sample games had one
            assert cue in heard[optional] or "tile" in heard[optional]


def test_a_human_turn_rings_that_seats_own_bell_and_computers_ring_none():
    files_by_seat: dict[int, set] = {}
    for _action, before, after, cues in _play_games(seeds=(4,), humans=(0, 2)):
        now = after["current_player"]
        if "turn" in cues:
            assert now in (0, 2)
            assert now != before["current_player"] or after["phase"] != before["phase"]
    # the files: one motif per seat
    b = board()
    for seat in range(4):
        b.backend.played.clear()
        b.cue("turn", seat=seat)
        b.update(1.0)
        files_by_seat[seat] = {n for n, _ in b.backend.played}
    assert [files_by_seat[s] for s in range(4)] == [{f"turn_{s + 1}.ogg"} for s in range(4)]


def test_undo_plays_the_undo_sound():
    fams = family_order()
    session = GameSession.new([Seat(f"P{k}", fams[k]) for k in range(4)], seed=5)
    b = board()
    b.attach(session)
    rng = random.Random(5)
    while not session.can_undo():
        legal = session.legal_actions()
        buys = [a for a in legal if a["type"] in ("buy_land", "buy_card")]
        session.apply(rng.choice(buys or [a for a in legal if a["type"] != "end_turn"] or legal))
        b.update(2.0)
    b.backend.played.clear()
    session.undo()
    b.update(1.0)
    assert b.backend.cues == ["undo"]


def test_cues_for_event_is_pure_facts():
    state = rules.new_game(4, 3)
    action = rules.legal_actions(state)[0]
    after = rules.apply_action(state, action)

    cues = cues_for_event(SessionEvent("applied", 0, state, action, after, 0))
    assert [c.name for c in cues][0] == "tile"
    assert all(c.name in CUES for c in cues)


def test_a_broken_event_never_reaches_the_game(caplog):
    b = board()

    b.on_session_event(SessionEvent("applied", 0, {"players": "nonsense"}, {"type": "x"}, None, 0))  # no raise
    assert "could not be turned into sound" in caplog.text


# ---------------------------------------------------------------- volumes, mute, variety

def test_volume_zero_and_mute_play_nothing():
    for kw in ({"master": 0}, {"effects": 0}, {"muted": True}):
        b = board(**kw)
        for name in CUES:
            b.cue(name, seat=1)
            b.update(1.0)
        assert b.backend.played == [], kw
    b = board(music=0)
    b.play_music("menu")
    b.update(0.1)
    assert b.backend.music == []
    b = board(muted=True)
    b.play_music("play")
    b.update(0.1)
    assert b.backend.music == []


def test_volumes_scale_effects_and_music_through_the_settings():
    from ne_game.storage.settings import Settings

    b = board()
    b.apply_settings(Settings(master_volume=100, effects_volume=50, music_volume=100))
    b.cue("bid")
    b.update(0.01)
    (_, vol), = b.backend.played
    assert 0.25 * 0.8 <= vol <= 0.25 + 1e-9      # (0.5)² with the jitter
    b.play_music("menu")
    for _ in range(200):
        b.update(0.05)
    assert b.backend.music == ["music_menu.ogg"] and b.backend.volume == pytest.approx(1.0)
    b.apply_settings(Settings(master_volume=50, music_volume=100))
    b.update(0.05)
    assert b.backend.volume == pytest.approx(0.25)
    b.apply_settings(Settings(mute=True))
    b.update(0.05)
    assert b.backend.volume == 0, "mute silences the music at once"
    for _ in range(20):
        b.update(0.05)
    assert b.backend.music[-1] == "", "and then stops it"


def test_frequent_sounds_vary_and_never_repeat_back_to_back():
    b = board()
    for _ in range(60):
        b.cue("tile")
        b.update(0.5)
    names = [n for n, _ in b.backend.played]
    assert len(names) == 60
    assert all(a != c for a, c in zip(names, names[1:]))
    assert len(set(names)) >= 5
    assert len({round(v, 3) for _, v in b.backend.played}) > 20


def test_a_cue_asked_twice_at_once_sounds_once_and_delays_wait_for_update():
    b = board()
    assert b.cue("click") and not b.cue("click")
    b.cue("card", delay=0.3)
    b.update(0.2)
    assert b.backend.cues == ["click"]
    b.update(0.2)
    assert b.backend.cues == ["click", "card"]
    with pytest.raises(ValueError, match="unknown sound cue"):    # the tests' strict board
        b.cue("no_such_cue")
    b.strict = False                   # the game's: one log line, no sound, no crash
    assert not b.cue("no_such_cue") and not b.cue("no_such_cue")


def test_music_follows_the_scene_stack_menu_then_play_with_a_fade():
    class Title:
        session = None

    class Table:
        def __init__(self, session):
            self.session = session

    fams = family_order()
    session = GameSession.new([Seat(f"P{k}", fams[k]) for k in range(4)], seed=1)
    b = board()
    b.update(0.05, [Title()])
    assert b.backend.music == ["music_menu.ogg"]
    assert b.session is None
    b.update(0.05, [Title(), Table(session)])
    assert b.session is session, "the board follows the session on screen"
    assert b.backend.music == ["music_menu.ogg"], "the menu loop fades out first"
    for _ in range(40):
        b.update(0.05, [Title(), Table(session)])
    assert b.backend.music[-2:] == ["", "music_play.ogg"]
    session.apply(session.legal_actions()[0])
    b.update(1.0, [Title(), Table(session)])
    assert "tile" in b.backend.cues
    b.update(0.05, [Title()])
    assert b.session is None and b.on_session_event not in session._listeners


# ---------------------------------------------------------------- no device

def test_a_missing_mixer_falls_back_to_silence_with_one_info_line(monkeypatch, caplog):
    monkeypatch.setenv("SDL_AUDIODRIVER", "alsa")

    def no_device(*a, **k):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    with caplog.at_level(logging.INFO, logger="ne_game.audio"):
        b = SoundBoard.open()
    assert isinstance(b.backend, SilentBackend) and not b.available
    infos = [r for r in caplog.records if r.name.startswith("ne_game.audio")]
    assert len(infos) == 1 and infos[0].levelno == logging.INFO
    assert "No available audio device" in infos[0].getMessage()
    assert not b.cue("tile")
    b.play_music("menu")
    b.update(0.1)
    b.shutdown()


def test_the_dummy_driver_means_silence_without_touching_the_mixer(monkeypatch, caplog):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: pytest.fail("no mixer under the dummy driver"))
    with caplog.at_level(logging.INFO, logger="ne_game.audio"):
        b = SoundBoard.open()
    assert not b.available and "runs silently" in caplog.text
    with pytest.raises(audio_backend.NoAudio):
        audio_backend.MixerBackend()


def test_sound_effects_are_decoded_a_few_a_frame_not_all_at_start_up():
    b = board()
    assert b.backend.played == [] and b._sounds == {}
    assert b.cue("fanfare"), "a cue asked early is decoded on the spot"
    total = sum(len(p) for p in b.library.effects.values())
    for _ in range(total):
        b.update(1 / 60)
    assert sum(len(v) for v in b._sounds.values()) == total


def test_a_piece_sounds_when_it_lands_after_the_tables_flight_animation():
    from ne_game.storage.settings import Settings

    fams = family_order()
    for animation, heard_at_once in (("normal", False), ("off", True)):
        session = GameSession.new([Seat(f"P{k}", fams[k]) for k in range(4)], seed=2)
        b = board()
        b.apply_settings(Settings(animation=animation))
        b.attach(session)
        session.apply(session.legal_actions()[0])   # a start tile laid
        b.update(0.01)
        assert ("tile" in b.backend.cues) is heard_at_once, animation
        b.update(0.5)
        assert "tile" in b.backend.cues


def test_the_music_steps_back_for_the_final_fanfare():
    b = board(master=100, music=100)
    b.play_music("play")
    for _ in range(100):
        b.update(0.05)
    assert b.backend.volume == pytest.approx(1.0)
    b.cue("fanfare")
    b.update(0.05)
    assert b.backend.volume == pytest.approx(0.25)
    for _ in range(120):
        b.update(0.05)
    assert b.backend.volume == pytest.approx(1.0)


def test_a_session_without_listeners_is_followed_silently_and_not_retried(caplog):
    class Bare:          # like a session kind that never grew listeners
        seats = []

        def add_listener(self, fn):
            raise AttributeError("no _listeners")

    class Scene:
        session = Bare()

    b = board()
    scene = Scene()
    with caplog.at_level(logging.INFO, logger="ne_game.audio"):
        for _ in range(5):
            b.update(0.05, [scene])
    assert b.session is scene.session
    assert caplog.text.count("takes no listeners") == 1
    assert b.backend.music == ["music_play.ogg"]
