"""Build the standalone game with PyInstaller: `uv run python -m ne_game.build [--onefile]`.

Writes dist/new-england/ (one folder: copy it anywhere, run `new-england` inside it) or,
with --onefile, dist/new-england(.exe). Prints the size of what was built.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "ne-game.spec"


def folder_size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def build(dist: Path, work: Path, onefile: bool = False, quiet: bool = True) -> Path:
    """Run PyInstaller on the committed spec; returns the built folder (or file)."""
    import PyInstaller.__main__

    os.environ["NE_GAME_ONEFILE"] = "1" if onefile else "0"
    args = [str(SPEC), "--noconfirm", "--clean", "--distpath", str(dist), "--workpath", str(work)]
    if quiet:
        args += ["--log-level", "WARN"]
    PyInstaller.__main__.run(args)
    name = "new-england" + (".exe" if sys.platform == "win32" else "")
    return dist / name if onefile else dist / "new-england"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ne_game.build", description=__doc__.splitlines()[0])
    parser.add_argument("--onefile", action="store_true", help="one executable file instead of a folder")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where to put the build (default dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build", help="PyInstaller's work folder (default build/)")
    args = parser.parse_args(argv)
    out = build(args.dist, args.work, args.onefile, quiet=False)
    print(f"built {out} ({folder_size(out) / 2**20:.1f} MiB)")
    exe = out if args.onefile else out / ("new-england.exe" if sys.platform == "win32" else "new-england")
    print(f"run it with: {exe}    (smoke test: {exe} --smoke-test)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
