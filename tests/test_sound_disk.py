"""`ne-game --smoke-test` through SDL's disk audio driver writes real, audible samples:
the whole path (mixer, files, session events, music) works, not only the fakes."""
from __future__ import annotations

import array
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow   # a real smoke test: about half a minute on a busy machine


def levels(raw: bytes) -> tuple[float, float, int]:
    """RMS and peak of signed 16-bit samples in dBFS, and how many samples sit at full scale."""
    samples = array.array("h")
    samples.frombytes(raw[: len(raw) - len(raw) % 2])
    if sys.byteorder == "big":
        samples.byteswap()
    if not samples:
        return -math.inf, -math.inf, 0
    rms = math.sqrt(sum(s * s for s in samples) / len(samples)) / 32768
    peak = max(abs(min(samples)), max(samples)) / 32768
    clipped = samples.count(32767) + samples.count(-32768)
    return (20 * math.log10(rms) if rms else -math.inf, 20 * math.log10(peak) if peak else -math.inf, clipped)


def test_sound_reaches_the_disk_audio_driver_during_the_smoke_test(tmp_path):
    out = tmp_path / "audio.raw"
    env = dict(os.environ, SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(out), SDL_VIDEODRIVER="dummy",
               NE_GAME_HOME=str(tmp_path / "home"))
    result = subprocess.run([sys.executable, "-m", "ne_game", "--smoke-test"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "smoke test: OK" in result.stdout
    raw = out.read_bytes()
    assert len(raw) > 44100 * 4, "at least a second of stereo 16-bit audio was written"
    rms, peak, clipped = levels(raw)
    print(f"disk audio: {len(raw) / 44100 / 4:.1f} s, RMS {rms:.1f} dBFS, peak {peak:.1f} dBFS")
    assert rms > -60, f"the output is silent (RMS {rms:.1f} dBFS)"
    assert clipped == 0, f"{clipped} samples clip"
