"""The `ne-game` command: play (the default), or watch games headless with `simulate`."""
from __future__ import annotations

import argparse
import json
import os
import sys

KINDS = ("random", "easy", "medium", "hard", "medium_v1")   # medium_v1: the old medium, for comparison


def _seats(text: str) -> list[str]:
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    bad = [k for k in kinds if k not in KINDS]
    if bad:
        raise argparse.ArgumentTypeError(f"unknown player kind {', '.join(bad)}; choose from {', '.join(KINDS)}")
    if not 3 <= len(kinds) <= 4:
        raise argparse.ArgumentTypeError("give 3 or 4 seats, e.g. hard,medium,medium,medium")
    return kinds


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ne-game", description="New England, the board game, for the couch.")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen (F11 toggles)")
    parser.add_argument("--theme", help="the theme to use (a folder under assets/themes)")
    parser.add_argument("--smoke-test", action="store_true",
                        help="play two computer rounds headless through the real scenes, then exit (checks a build)")
    parser.add_argument("--smoke-screenshot", metavar="PNG", help="with --smoke-test: save the last frame here")
    parser.add_argument("--max-frames", type=int, metavar="N", help=argparse.SUPPRESS)  # start-up benchmark
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("play", help="open the game window (the default)")
    sim = sub.add_parser("simulate", help="play whole games headless and print the results")
    sim.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    sim.add_argument("--players", type=int, choices=(3, 4), default=4, help="players per game (default 4)")
    sim.add_argument("--seats", type=_seats, help="player kind per seat, e.g. hard,medium,medium,medium "
                                                  f"(kinds: {', '.join(KINDS)}; default: all random)")
    sim.add_argument("--seed", type=int, default=1, help="seed of the first game; game k uses seed+k")
    sim.add_argument("--variant-diagonal", action="store_true", help="start tiles may touch diagonally (errata)")
    sim.add_argument("--json", action="store_true", help="one JSON object per line instead of text")
    sim.add_argument("--budget", type=float, default=1.0, help="seconds a hard player may think per decision (default 1)")
    return parser


def simulate(args) -> int:
    from ne_game.sim import describe, make_seat_player, play_game

    kinds = args.seats or ["random"] * args.players
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


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "simulate":
        return simulate(args)
    from ne_game.crash import run_safely

    if args.smoke_test:
        from ne_game.smoke import smoke_test

        return run_safely(lambda: smoke_test(screenshot=args.smoke_screenshot))
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    def play() -> int:
        from ne_game.ui.app import run

        return run(fullscreen=args.fullscreen, theme=args.theme, max_frames=args.max_frames)

    return run_safely(play)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
