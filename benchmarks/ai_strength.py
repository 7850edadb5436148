"""How strong are the computer players? Seeded 4-player games, seats rotated.

    uv run python benchmarks/ai_strength.py --pairing medium-vs-easy --games 400 --procs 2
    uv run python benchmarks/ai_strength.py --pairing medium-vs-medium_v1 --games 200 --procs 2
    uv run python benchmarks/ai_strength.py --pairing easy-vs-medium --games 200 --procs 1 \
        --results benchmarks/results/easy-vs-medium.jsonl
    uv run python benchmarks/ai_strength.py --pairing hard-vs-medium --games 200 --budget 1.0 \
        --results benchmarks/results/hard-vs-medium-1s.jsonl --hours 2

A long run can stop and go on later: with --results every finished game is appended to a
JSON-lines file together with a hash of the players' code (ne_game/ai, ne_game/rules and
the game data; hard.py and its forecast only when a hard player takes part), and a later run with the same
file, code and settings plays only the games still missing (--hours stops starting new
games after that long). The table is printed from all the games in the file, so a partial
run says "N of 200".

For a pairing "A-vs-B" one A plays three B's; game g uses seed base+g//4... and puts A in
seat g % 4, so A sits in each seat equally often. A win counts 1/k when k seats share it.
Prints win rate with a 95% Wilson interval, mean VP margin (A's VP minus the best
other seat's), A's own results (mean VP, mean and max final money), time per decision (median and max) of each level, and per level how it
used its means: mean unspent money (held when it ended its last buying turn; the last
round's income, which no one can spend, is not counted: "final money" is the total with
it) and the share of the cards it stored in barns that it later played.
"medium_v1" is the medium player before it followed the game's end (the baseline).
"""
from __future__ import annotations

import argparse
import ast
import hashlib
import json
import math
import statistics
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ne_game.ai.tournament import play_game  # noqa: E402

PAIRINGS = {"medium-vs-easy": ("medium", "easy"), "easy-vs-medium": ("easy", "medium"),
            "hard-vs-medium": ("hard", "medium"),
            "hard-vs-easy": ("hard", "easy"), "medium-vs-medium": ("medium", "medium"),
            "medium-vs-medium_v1": ("medium", "medium_v1"), "medium_v1-vs-easy": ("medium_v1", "easy"),
            "hard-vs-medium_v1": ("hard", "medium_v1")}
LEVELS = ("easy", "medium_v1", "medium", "hard")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def _one(job: tuple[str, str, int, int, float | None]) -> dict:
    hero, other, seed, seat, budget = job
    kinds = [other] * 4
    kinds[seat] = hero
    r = play_game(kinds, seed, players_budget=budget, collect_times=True)
    r["times"] = [[round(t, 4) for t in ts] for ts in r["times"]]   # 0.1 ms is plenty; keeps result files small
    r["hero_seat"] = seat
    return r


class _TypingEraser(ast.NodeTransformer):
    """Takes out of a module what only the type checker reads (see `_code_text`)."""

    def __init__(self, tree: ast.Module) -> None:
        # The local names of typing.cast and typing.TYPE_CHECKING (a module's own TYPE_CHECKING
        # flag means the same), and the names the typing module goes by.
        self.local: dict[str, set[str]] = {"cast": set(), "TYPE_CHECKING": {"TYPE_CHECKING"}}
        self.typing = {"typing"}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "typing" and not node.level:
                for a in node.names:
                    if a.name in self.local:
                        self.local[a.name].add(a.asname or a.name)
            elif isinstance(node, ast.Import):
                self.typing.update(a.asname for a in node.names if a.name == "typing" and a.asname)
        self.scopes: list[ast.AST] = [tree]

    def _is_typing(self, node: ast.expr, name: str) -> bool:
        """Is `node` typing's `name` (`cast`, `TYPE_CHECKING`), imported or as `typing.name`?"""
        return (isinstance(node, ast.Name) and node.id in self.local[name]) or (
            isinstance(node, ast.Attribute) and node.attr == name and isinstance(node.value, ast.Name)
            and node.value.id in self.typing)

    def _scoped(self, node: ast.AST) -> ast.AST:
        self.scopes.append(node)
        try:
            return self.generic_visit(node)
        finally:
            self.scopes.pop()

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        args = node.args
        for a in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]:
            if a is not None:
                a.annotation = None
        node.returns = None
        return self._scoped(node)

    visit_AsyncFunctionDef = visit_FunctionDef
    visit_ClassDef = _scoped

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST | None:
        scope = self.scopes[-1]
        if isinstance(scope, ast.ClassDef):
            return self.generic_visit(node)     # a class's fields (dataclass, TypedDict) are its meaning
        if node.value is not None:
            return self.visit(ast.copy_location(ast.Assign(targets=[node.target], value=node.value), node))
        if (isinstance(node.target, ast.Name) and not isinstance(scope, ast.Module)
                and node.target.id in _bound_names(scope)):
            return None     # a local's declared type: the name is a local anyway
        return self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> ast.AST:
        if self._is_typing(node.func, "cast") and len(node.args) == 2 and not node.keywords:
            return self.visit(node.args[1])
        return self.generic_visit(node)

    def visit_If(self, node: ast.If) -> ast.AST | list[ast.stmt] | None:
        if self._is_typing(node.test, "TYPE_CHECKING"):
            kept: list[ast.stmt] = []
            for s in node.orelse:
                done = self.visit(s)
                kept.extend(done if isinstance(done, list) else [] if done is None else [done])
            return kept or None
        return self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> ast.AST | None:
        node.names = [a for a in node.names if a.name != "typing" and not a.name.startswith("typing.")]
        return node if node.names else None

    def visit_ImportFrom(self, node: ast.ImportFrom) -> ast.AST | None:
        return None if node.module == "typing" and not node.level else node


def _bound_names(scope: ast.AST) -> set[str]:
    """The names a function's body binds in its own scope (nested scopes, comprehensions and
    bare annotations `x: T`, which bind nothing, left out: when in doubt, a name is not bound)."""
    names: set[str] = set()
    todo: list[ast.AST] = list(getattr(scope, "body", []))
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda, ast.ListComp,
                             ast.SetComp, ast.DictComp, ast.GeneratorExp)) or (
                isinstance(node, ast.AnnAssign) and node.value is None):
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        todo.extend(ast.iter_child_nodes(node))
    return names


def _code_text(source: str) -> str:
    """A Python module as its syntax tree without docstrings and without what only the type
    checker reads: comments, docstrings and typing do not change how a player plays, so
    editing them keeps a results file valid. Left out: the annotations of arguments and
    returns; a variable's annotation (`x: T = v` as `x = v`; a bare `x: T` in a function that
    binds x anyway), except in a class body (a dataclass's or TypedDict's fields);
    `cast(T, v)` and `typing.cast(T, v)` (as `v`); `if TYPE_CHECKING:` blocks (their `else:`
    stays); `import typing` and `from typing import ...`."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body
                and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.Pass()]
    tree = _TypingEraser(tree).visit(tree)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Module) and getattr(node, "body", None) == []:
            node.body = [ast.Pass()]     # a block left empty (only a TYPE_CHECKING import was in it)
    return ast.dump(tree)


# Only the hard player reads these files: a change to them leaves the other levels' results valid.
HARD_ONLY = frozenset({"ne_game/ai/hard.py", "ne_game/ai/forecast.py", "assets/data/forecast.toml"})
# the data files that are words for people (rules pages, context help): they cannot change a move
WORDS_ONLY = frozenset({"assets/data/help.toml", "assets/data/rules.toml", "assets/data/rules_summary.toml"})


def fingerprint(levels: tuple[str, ...], root: Path | None = None) -> str:
    """A hash of everything that decides how the players of `levels` (e.g. ("hard",
    "medium")) play: a results file is only resumed or reported with the code that made it."""
    root = root or Path(__file__).resolve().parent.parent
    h = hashlib.sha256()
    for f in sorted([*root.glob("ne_game/ai/*.py"), *root.glob("ne_game/rules/*.py"), *root.glob("assets/data/*.toml")]):
        name = f.relative_to(root).as_posix()
        if name in WORDS_ONLY:
            continue
        if name in HARD_ONLY and "hard" not in levels:
            continue
        h.update(name.encode())
        h.update(_code_text(f.read_text(encoding="utf-8")).encode() if f.suffix == ".py" else f.read_bytes())
    return h.hexdigest()[:16]


def _key(job: tuple[str, str, int, int, float | None]) -> str:
    hero, other, seed, seat, budget = job
    return f"{hero}|{other}|{seed}|{seat}|{budget}"


def load_results(path: Path, code: str) -> dict[str, dict]:
    """Games already played into `path` by this code (other lines are left alone)."""
    done: dict[str, dict] = {}
    if not path.exists():
        return done
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            rec = json.loads(line)
        except ValueError:
            print(f"{path}:{n}: not a result line, skipped", file=sys.stderr)
            continue
        if isinstance(rec, dict) and rec.get("code") == code and isinstance(rec.get("key"), str):
            done[rec["key"]] = rec["result"]
    return done


def run(hero: str, other: str, games: int, budget: float | None, procs: int, base_seed: int,
        out=print, results_file: Path | None = None, hours: float | None = None) -> dict:
    jobs = [(hero, other, base_seed + g // 4, g % 4, budget) for g in range(games)]
    t0 = time.time()
    code = fingerprint((hero, other))
    done = load_results(results_file, code) if results_file else {}
    results = [done[_key(j)] for j in jobs if _key(j) in done]
    todo = [j for j in jobs if _key(j) not in done]
    if results:
        out(f"  {hero}-vs-{other}: {len(results)} games read from {results_file} (code {code})", file=sys.stderr)
    pool = ProcessPoolExecutor(max_workers=procs)
    try:
        # Submitted a few at a time so that a time limit leaves few games half played.
        pending: dict = {}
        queue = list(todo)
        while queue or pending:
            while queue and len(pending) < procs and not (hours and time.time() - t0 > hours * 3600):
                job = queue.pop(0)
                pending[pool.submit(_one, job)] = job
            if not pending:
                out(f"  {hero}-vs-{other}: time limit reached, {len(queue)} games left for a later run", file=sys.stderr)
                break
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                job = pending.pop(fut)
                r = fut.result()
                results.append(r)
                if results_file:
                    with results_file.open("a", encoding="utf-8") as fh:
                        fh.write(json.dumps({"code": code, "key": _key(job), "result": r}) + "\n")
                if len(results) % max(1, games // 10) == 0:
                    out(f"  {hero}-vs-{other}: {len(results)}/{games} games, {time.time() - t0:.0f} s", file=sys.stderr)
    finally:
        pool.shutdown(cancel_futures=True)
    wins = 0.0
    margins = []
    hero_vp: list[int] = []
    hero_money: list[int] = []
    times = {hero: [], other: []}
    use = {k: {"unspent": [], "money": [], "stored": 0, "played": 0} for k in (hero, other)}
    for r in results:
        s = r["hero_seat"]
        if s in r["winners"]:
            wins += 1.0 / len(r["winners"])
        best_other = max(v for i, v in enumerate(r["totals"]) if i != s)
        margins.append(r["totals"][s] - best_other)
        hero_vp.append(r["totals"][s])
        hero_money.append(r["money"][s])
        for i, ts in enumerate(r["times"]):
            k = r["seats"][i]
            times[k].extend(ts)
            use[k]["unspent"].append(r["unspent"][i])
            use[k]["money"].append(r["money"][i])
            use[k]["stored"] += r["stored"][i]
            use[k]["played"] += r["stored_played"][i]
    if not results:
        raise SystemExit(f"{hero}-vs-{other}: no game finished")
    lo, hi = wilson(wins, len(results))
    return {"hero": hero, "other": other, "games": len(results), "planned": games, "wins": wins,
            "rate": wins / len(results),
            "lo": lo, "hi": hi, "margin": statistics.mean(margins), "times": times, "use": use,
            "vp": statistics.mean(hero_vp), "money": statistics.mean(hero_money), "max_money": max(hero_money),
            "budget": budget, "seconds": time.time() - t0}


def table(rows: list[dict]) -> str:
    lines = ["| pairing | games | win rate | 95% CI | mean VP margin | baseline |",
             "|---|---|---|---|---|---|"]
    for r in rows:
        name = f"{r['hero']} vs 3 {r['other']}" + (f" (budget {r['budget']} s)" if r["hero"] == "hard" else "")
        played = f"{r['games']}" if r["games"] == r.get("planned", r["games"]) else f"{r['games']} of {r['planned']}"
        lines.append(f"| {name} | {played} | {r['rate']:.1%} | {r['lo']:.1%} – {r['hi']:.1%} | "
                     f"{r['margin']:+.2f} | 25% |")
    lines += ["", "| tested player (pairing) | games | mean VP | mean final money | max final money |",
              "|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['hero']} (vs 3 {r['other']}) | {r['games']} | {r['vp']:.1f} | {r['money']:.1f} | "
                     f"{r['max_money']} |")
    lines += ["", "| level | decisions | median s/decision | max s/decision |", "|---|---|---|---|"]
    seen = {}
    for r in rows:
        for k, ts in r["times"].items():
            seen.setdefault(k, []).extend(ts)
    for k in LEVELS:
        if seen.get(k):
            ts = seen[k]
            lines.append(f"| {k} | {len(ts)} | {statistics.median(ts):.4f} | {max(ts):.3f} |")
    lines += ["", "| level | player-games | mean unspent money | mean final money | stored per game "
              "| stored cards played |", "|---|---|---|---|---|---|"]
    used: dict[str, dict] = {}
    for r in rows:
        for k, u in r["use"].items():
            acc = used.setdefault(k, {"unspent": [], "money": [], "stored": 0, "played": 0})
            acc["unspent"] += u["unspent"]
            acc["money"] += u["money"]
            acc["stored"] += u["stored"]
            acc["played"] += u["played"]
    for k in LEVELS:
        u = used.get(k)
        if u and u["unspent"]:
            n = len(u["unspent"])
            share = f"{u['played'] / u['stored']:.0%} ({u['played']}/{u['stored']})" if u["stored"] else "–"
            lines.append(f"| {k} | {n} | {statistics.mean(u['unspent']):.1f} | {statistics.mean(u['money']):.1f} | "
                         f"{u['stored'] / n:.2f} | {share} |")
    return "\n".join(lines)


RESULTS_DIR = Path(__file__).resolve().parent / "results"


def check(folder: Path = RESULTS_DIR, out=print) -> int:
    """Say for every results file whether its games were played by today's code: a file
    written before a change to the players no longer describes them (stale). Returns the
    number of stale files."""
    stale = 0
    for path in sorted(folder.glob("*.jsonl")):
        by_code: dict[str, int] = {}
        levels: tuple[str, ...] = ()
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                rec = json.loads(line)
                hero, other = rec["key"].split("|")[:2]
            except (ValueError, KeyError, AttributeError, TypeError):
                continue
            levels = (hero, other)
            by_code[rec.get("code", "?")] = by_code.get(rec.get("code", "?"), 0) + 1
        if not levels:
            out(f"{path.name}: no games")
            continue
        now = fingerprint(levels)
        current = by_code.get(now, 0)
        older = sum(by_code.values()) - current
        if current and not older:
            out(f"{path.name}: current ({current} games, code {now})")
        else:
            stale += 1
            out(f"{path.name}: STALE ({older} games by other code, {current} by today's {now})")
    return stale


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=None, help="games per pairing (default 400, 200 for hard)")
    ap.add_argument("--pairing", default="medium-vs-easy", choices=[*PAIRINGS, "all"])
    ap.add_argument("--budget", type=float, default=None, help="hard's seconds per decision (default 1.0)")
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1000, help="first game seed")
    ap.add_argument("--results", type=Path, default=None,
                    help="append each game to this JSON-lines file and skip games it already holds "
                         "(same code, pairing, seed, seat and budget): a long run can stop and resume")
    ap.add_argument("--hours", type=float, default=None, help="start no new game after this many hours")
    ap.add_argument("--check", action="store_true",
                    help="say which files in benchmarks/results were played by today's code (exit 1 if any is stale)")
    args = ap.parse_args(argv)
    if args.check:
        return 1 if check() else 0
    names = (["medium-vs-easy", "easy-vs-medium", "medium-vs-medium_v1", "hard-vs-medium"] if args.pairing == "all"
             else [args.pairing])
    rows = []
    for name in names:
        hero, other = PAIRINGS[name]
        games = args.games or (200 if hero == "hard" else 400)
        games -= games % 4  # whole rotations only
        rows.append(run(hero, other, games, args.budget, args.procs, args.seed,
                        results_file=args.results, hours=args.hours))
        print(table(rows[-1:]), flush=True)
    if len(rows) > 1:
        print("\n" + table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
