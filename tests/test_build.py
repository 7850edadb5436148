"""The standalone build: PyInstaller makes a one-folder app that runs without Python or the
source tree, carries every data file, and passes its smoke test."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    pytest.importorskip("PyInstaller")
    from ne_game.build import build

    base = tmp_path_factory.mktemp("build")
    out = build(base / "dist", base / "work", onefile=False)
    # copy it elsewhere, as a friend would, so nothing can lean on the source tree
    moved = base / "elsewhere" / "new-england"
    shutil.copytree(out, moved, symlinks=True)
    return moved


def test_every_asset_and_level_file_is_in_the_build(built):
    inside = next(p for p in (built / "_internal", built) if (p / "assets").is_dir())
    missing = []
    for top in ("assets", "levels"):
        for path in (ROOT / top).rglob("*"):
            if path.is_file() and not (inside / path.relative_to(ROOT)).is_file():
                missing.append(str(path.relative_to(ROOT)))
    assert not missing, f"data files missing from the build: {missing[:20]}"
    gui_data = inside / "pygame_gui" / "data"
    assert (gui_data / "default_theme.json").is_file()
    assert not list(gui_data.glob("NotoSansJP*")), "the unused CJK fonts are left out"


def test_the_built_game_passes_its_smoke_test_without_python_or_sources(built, tmp_path):
    exe = built / ("new-england.exe" if sys.platform == "win32" else "new-england")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PATH="/usr/bin:/bin")
    shot = tmp_path / "frame.png"
    result = subprocess.run([str(exe), "--smoke-test", "--smoke-screenshot", str(shot)], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "smoke test: OK" in result.stdout
    assert shot.stat().st_size > 10_000
    sim = subprocess.run([str(exe), "simulate", "--games", "1", "--json"], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120)
    assert sim.returncode == 0 and '"winners"' in sim.stdout
