"""The `ne-game` command: play (the default), watch games headless with `simulate`, or have
the coach review a seat of a saved game with `review`."""
from __future__ import annotations

import argparse
import json
import logging
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import cast

from ne_game.storage.settings import AI_BUDGETS

HARD_BUDGET = AI_BUDGETS[0]   # the hard player's default (ne_game.ai.hard.DEFAULT_BUDGET, tested equal)


def _kinds() -> tuple[str, ...]:
    """Every registered computer level (ne_game.ai.LEVELS), menus' or not."""
    from ne_game.ai.levels import LEVELS

    return tuple(LEVELS)


def _seats(text: str) -> list[str]:
    KINDS = _kinds()
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    bad = [k for k in kinds if k not in KINDS]
    if bad:
        raise argparse.ArgumentTypeError(f"unknown player kind {', '.join(bad)}; choose from {', '.join(KINDS)}")
    from ne_game.game.gamedata import seat_counts, seat_counts_text  # the game data's range, read when asked

    if len(kinds) not in seat_counts():
        raise argparse.ArgumentTypeError(f"give {seat_counts_text()} seats, e.g. hard,medium,medium,medium")
    return kinds


def _players(text: str) -> int:
    """--players: a whole number in the game data's seat range. Checked here rather than with
    argparse choices so that building the parser (and --help) reads no game data."""
    from ne_game.game.gamedata import seat_counts, seat_counts_text

    try:
        players = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text[:40]!r}") from None
    if players not in seat_counts():
        raise argparse.ArgumentTypeError(f"a game has {seat_counts_text()} players, got {players}")
    return players


def _bounded(convert: Callable[[str], float], low: float, high: float, what: str,
             low_open: bool = False) -> Callable[[str], float]:
    """An argparse type: `convert(text)`, finite and within [low, high] ((low, high] if low_open)."""
    def parse(text: str) -> float:
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {what}, got {text[:40]!r}") from None
        above_low = value > low if low_open else value >= low
        if not (math.isfinite(value) and above_low and value <= high):
            bound = f"more than {low:g}" if low_open else f"at least {low:g}"
            raise argparse.ArgumentTypeError(f"must be {bound} and at most {high:,}, got {text[:40]}")
        return value
    return parse


_count = _bounded(int, 1, 1_000_000, "a whole number")          # games, frames
_seconds = _bounded(float, 0, 3600, "a number of seconds", low_open=True)


def _port(text: str) -> int:
    return int(_bounded(int, 0, 65535, "a port number")(text))


def _lang(text: str) -> str:
    from ne_game.i18n import LANGUAGES

    code = text.strip().lower()
    if code not in LANGUAGES:
        raise argparse.ArgumentTypeError(f"unknown language {text!r}; choose from {', '.join(LANGUAGES)}")
    return code


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ne-game", description="New England, the board game, for the couch.")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen (F11 toggles)")
    parser.add_argument("--lang", type=_lang, metavar="en|nl|fr",
                        help="the language for this run (default: the one chosen in Settings, else the system's)")
    parser.add_argument("--theme", help="the theme to use (a folder under assets/themes)")
    parser.add_argument("--mute", action="store_true", help="start with the sound off (M toggles it)")
    parser.add_argument("--smoke-test", action="store_true",
                        help="play two computer rounds headless through the real scenes, then exit (checks a build)")
    parser.add_argument("--smoke-screenshot", metavar="PNG", help="with --smoke-test: save the last frame here")
    parser.add_argument("--max-frames", type=_count, metavar="N", help=argparse.SUPPRESS)  # start-up benchmark
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("play", help="open the game window (the default)")
    sim = sub.add_parser("simulate", help="play whole games headless and print the results")
    sim.add_argument("--games", type=_count, default=10, help="how many games (default 10)")
    sim.add_argument("--players", type=_players, help="players per game (default: the most the game data allows)")
    sim.add_argument("--seats", type=_seats, help="player kind per seat, e.g. hard,medium,medium,medium "
                                                  f"(kinds: {', '.join(_kinds())}; default: all random)")
    sim.add_argument("--seed", type=int, default=1, help="seed of the first game; game k uses seed+k")
    sim.add_argument("--variant-diagonal", action="store_true", help="start tiles may touch diagonally (errata)")
    sim.add_argument("--json", action="store_true", help="one JSON object per line instead of text")
    sim.add_argument("--lang", type=_lang, default=argparse.SUPPRESS, metavar="en|nl|fr",
                     help="the language for this run (also accepted before `simulate`)")
    sim.add_argument("--budget", type=_seconds, default=HARD_BUDGET,
                     help=f"seconds a hard player may think per decision (default {HARD_BUDGET:g})")
    host = sub.add_parser("host", help="a game whose people play on their phones (docs/phones.md)")
    host.add_argument("--seats", required=True, metavar="SPEC",
                      help="per seat: phone (a person on a phone) or a computer level, with an optional "
                           f"name after a colon, e.g. phone:Ann,phone,medium,hard (levels: {', '.join(_kinds())})")
    host.add_argument("--port", type=_port, default=8765, help="the port to listen on (default 8765; 0: any free)")
    host.add_argument("--bind", metavar="ADDR",
                      help="the address to listen on and put in the links (default: all, and this machine's "
                           "LAN address in the links)")
    host.add_argument("--headless", action="store_true", help="no window: print the phones' links and play")
    host.add_argument("--qr", action="store_true", help="also print each link as a QR code in the terminal")
    host.add_argument("--seed", type=int, help="the game's seed (default: random)")
    host.add_argument("--budget", type=_seconds, default=HARD_BUDGET,
                      help=f"seconds a hard player may think per decision (default {HARD_BUDGET:g})")
    host.add_argument("--pace", type=_bounded(float, 0, 10, "a number of seconds"), default=0.6,
                      help="seconds to wait after each computer move, for the phones to follow (default 0.6)")
    rev = sub.add_parser("review", help="the coach, headless: one seat's costliest decisions in a saved game")
    rev.add_argument("save", metavar="SAVE_FILE", help="a saved game (a save, an autosave or an exported game)")
    rev.add_argument("--seat", type=int, required=True, help="the seat to review, 0 for the first")
    rev.add_argument("--budget", type=_seconds, default=HARD_BUDGET,
                     help=f"seconds per decision at most (default {HARD_BUDGET:g}, the hard player's)")
    rev.add_argument("--seed", type=int, default=1, help="seed of the sampled worlds (default 1)")
    rev.add_argument("--worlds", type=_count, help="a fixed number of sampled worlds per decision instead of the budget")
    rev.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    return parser


def review(args: argparse.Namespace) -> int:
    """`ne-game review SAVE --seat N`: the costliest decisions, or one JSON object (--json)."""
    from ne_game.coach import Decision, review_seat
    from ne_game.storage.saves import SaveError, read_save_file

    try:
        save = read_save_file(Path(args.save))
        result = review_seat(save, args.seat, budget=args.budget, seed=args.seed, worlds=args.worlds,
                             progress=None if args.json else
                             (lambda done, total: print(f"\r{done}/{total} decisions", end="", file=sys.stderr,
                                                        flush=True)))
    except (SaveError, OSError, ValueError) as err:
        print(f"ne-game review: {err}", file=sys.stderr)
        return 2
    from ne_game.game.session import GameSession
    from ne_game.ui.scenes.table.model.coach_words import reason

    session: GameSession | None = None
    try:        # the seats' names, so that a reason can say who took what ("Prudence also gets …")
        session = GameSession.from_save(save)
        names: list[str] = [s.name for s in session.seats]
    except (SaveError, ValueError, KeyError, TypeError) as err:
        logging.getLogger(__name__).warning("review: the seats' names cannot be read (%s); reasons say 'a rival'", err)
        names = []

    def said(d: Decision) -> str:
        # with the position of the decision, as the coach's screen says it ("your ship leaves H1")
        state = session.state_before(d.index) if session is not None and d.index < len(session.actions) else None
        return reason(d, state, names)

    if args.json:
        out = result.to_json()
        # each decision's reason in the player's language (the sentence; "" when nothing was better)
        for row, d in zip(cast("list[dict[str, object]]", out["decisions"]), result.decisions):
            row["reason"] = said(d) if d.best != d.taken else ""
        print(json.dumps(out))
        return 0
    print(file=sys.stderr)
    print(f"seat {result.seat}: {len(result.decisions)} decisions, about {result.total_loss:.1f} VP lost "
          f"({result.mean_loss:.2f} a decision), most in {result.worst_kind or 'nothing'}")
    for d in result.flagged:
        print(f"  action {d.index} (round {d.round}, {d.kind}): took {json.dumps(d.taken)}; "
              f"better {json.dumps(d.best)}: +{d.loss:.1f} VP (±{d.se:.1f}); {said(d)}")
    return 0


def simulate(args: argparse.Namespace) -> int:
    from ne_game.game.gamedata import default_ruleset
    from ne_game.sim import describe, make_seat_player, play_game

    kinds = args.seats or ["random"] * (args.players or default_ruleset().players_max)
    variant = {"start_tiles_touch_diagonally": True} if args.variant_diagonal else None
    wins = [0.0] * len(kinds)
    for k in range(args.games):
        result = play_game(kinds, args.seed + k, variant,
                           make=lambda kind, seed: make_seat_player(kind, seed, args.budget))
        for w in result["winners"]:
            wins[w] += 1 / len(result["winners"])
        print(json.dumps(result) if args.json else describe(result), flush=True)
    if not args.json and args.games > 1:
        share = ", ".join(f"seat {i} ({kind}) {w:g}" for i, (kind, w) in enumerate(zip(kinds, wins)))
        print(f"wins over {args.games} games: {share}")
    return 0


def host(args: argparse.Namespace) -> int:
    """`ne-game host --seats phone,phone,medium,hard --headless`: phones play, no window."""
    from ne_game.ai.levels import LEVELS
    from ne_game.game.gamedata import seat_counts
    from ne_game.net.headless import parse_seats, run_host

    if not args.headless:
        print("ne-game host: only --headless for now; in the window, choose \"on a phone\" for a seat in "
              "New game", file=sys.stderr)
        return 2
    try:
        specs = parse_seats(args.seats, tuple(LEVELS), seat_counts())
    except ValueError as err:
        print(f"ne-game host: {err}", file=sys.stderr)
        return 2
    return run_host(specs, port=args.port, bind=args.bind, seed=args.seed, budget=args.budget, pace=args.pace,
                    show_qr=args.qr, out=sys.stdout)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from ne_game import i18n

    # --lang wins for this run; the real game (not the smoke test or simulate, which must
    # not depend on the machine) otherwise follows the saved choice, else the system locale.
    i18n.configure_startup(args.lang, follow_system=not (args.smoke_test or args.command in ("simulate", "review")))
    if args.command == "host":
        # the phones speak the game's language: --lang, else the system's
        i18n.startup_language(None)
        logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if args.command in ("simulate", "review", "host"):
        from ne_game.game import gamedata

        problem = gamedata.own_data_problem()    # one clear line, never a traceback
        if problem is not None:
            print(gamedata.problem_notice(problem, command=True).text(), file=sys.stderr)
            return 2
    if args.command == "simulate":
        return simulate(args)
    if args.command == "review":
        return review(args)
    if args.command == "host":
        return host(args)
    from ne_game.crash import run_safely

    if args.smoke_test:
        from ne_game.smoke import smoke_test

        return run_safely(lambda: smoke_test(screenshot=args.smoke_screenshot))
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    def play() -> int:
        from ne_game.ui.shell.app import run

        return run(fullscreen=args.fullscreen, theme=args.theme, max_frames=args.max_frames, mute=args.mute)

    return run_safely(play)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
