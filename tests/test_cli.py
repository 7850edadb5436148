"""The `ne-game simulate` command: whole games headless, readable lines or JSON lines."""
import json

import pytest

from ne_game.cli import main


def test_simulate_prints_one_json_object_per_finished_game(capsys):
    assert main(["simulate", "--games", "3", "--players", "3", "--seed", "5", "--json"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 3
    for k, line in enumerate(lines):
        game = json.loads(line)
        assert game["seed"] == 5 + k and game["seats"] == ["random"] * 3
        assert len(game["totals"]) == 3 and game["winners"]
        best = max(game["totals"])
        assert all(game["totals"][w] == best for w in game["winners"])
        rich = max(game["money"][s] for s in range(3) if game["totals"][s] == best)
        assert all(game["money"][w] == rich for w in game["winners"]), "the money tie-break decides"


def test_simulate_text_names_the_winner_and_is_reproducible(capsys):
    main(["simulate", "--games", "2", "--seed", "1"])
    first = capsys.readouterr().out
    main(["simulate", "--games", "2", "--seed", "1"])
    assert capsys.readouterr().out == first
    assert first.startswith("seed 1: winner ") and "wins over 2 games" in first


def test_simulate_takes_computer_players_per_seat(capsys):
    main(["simulate", "--games", "1", "--seats", "medium,easy,easy", "--json"])
    game = json.loads(capsys.readouterr().out)
    assert game["seats"] == ["medium", "easy", "easy"]


def test_simulate_refuses_unknown_seats(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--seats", "genius,easy,easy"])
    assert "unknown player kind genius" in capsys.readouterr().err
