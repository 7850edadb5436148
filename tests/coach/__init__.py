"""Tests of the coach. NAMES: the seats of the stored games the reading rounds used; ROOT: the
repository."""
from __future__ import annotations

from pathlib import Path

NAMES = ["Player 1", "Mercy", "Josiah", "Prudence"]
ROOT = Path(__file__).resolve().parents[2]
