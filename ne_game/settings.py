"""Player settings, persisted as JSON in the user data folder (no pygame here).

A damaged settings file never stops the game: it is kept as `settings.json.damaged`
and the defaults are used, with a message the title screen can show.
"""
from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from ne_game.paths import user_data_dir

SETTINGS_FILE = "settings.json"
SETTINGS_VERSION = 1

ANIMATION_SPEEDS = ("off", "normal", "fast")
AI_PACES = ("slow", "normal", "fast")
UI_SCALE_MIN, UI_SCALE_MAX = 100, 200
VOLUME_MIN, VOLUME_MAX = 0, 100

# How long animations take relative to their nominal duration ("off" = instant).
_ANIMATION_FACTOR = {"off": 0.0, "normal": 1.0, "fast": 0.4}
# Seconds a computer move stays on screen before the next one: slow enough to follow.
_AI_DELAY = {"slow": 1.8, "normal": 1.0, "fast": 0.35}


@dataclass
class Settings:
    animation: str = "normal"        # off | normal | fast
    ai_pace: str = "normal"          # slow | normal | fast
    colorblind: bool = False         # Okabe–Ito family colours
    ui_scale: int = 100              # percent, 100..200
    theme: str = "default"
    fullscreen: bool = False
    hints: bool = True               # reserved for the tutorial / hint issue
    ai_budget: float = 1.0           # seconds the hard computer player may think
    last_seats: list[dict] = field(default_factory=list)  # the last setup, to prefill names
    master_volume: int = 80          # percent, 0..100: scales effects and music
    effects_volume: int = 80         # percent, 0..100
    music_volume: int = 60           # percent, 0..100
    mute: bool = False               # M toggles it anywhere

    # ------------------------------------------------------------ derived
    @property
    def animation_factor(self) -> float:
        """Multiply nominal animation durations by this; 0 means skip animations."""
        return _ANIMATION_FACTOR.get(self.animation, 1.0)

    @property
    def ai_delay(self) -> float:
        """Seconds to show a computer move before the next one."""
        return _AI_DELAY.get(self.ai_pace, 1.0)

    @property
    def ui_scale_factor(self) -> float:
        return self.ui_scale / 100.0

    # ------------------------------------------------------------ validation
    def normalized(self) -> "Settings":
        """A copy with every value forced into its legal range (bad values -> defaults)."""
        d = Settings()
        out = Settings(**{f.name: getattr(self, f.name) for f in fields(self)})
        if out.animation not in ANIMATION_SPEEDS:
            out.animation = d.animation
        if out.ai_pace not in AI_PACES:
            out.ai_pace = d.ai_pace
        out.colorblind = bool(out.colorblind) if isinstance(out.colorblind, bool) else d.colorblind
        out.fullscreen = bool(out.fullscreen) if isinstance(out.fullscreen, bool) else d.fullscreen
        out.hints = bool(out.hints) if isinstance(out.hints, bool) else d.hints
        try:
            out.ui_scale = int(min(UI_SCALE_MAX, max(UI_SCALE_MIN, int(out.ui_scale))))
        except (TypeError, ValueError):
            out.ui_scale = d.ui_scale
        try:
            out.ai_budget = float(min(30.0, max(0.05, float(out.ai_budget))))
        except (TypeError, ValueError):
            out.ai_budget = d.ai_budget
        for name in ("master_volume", "effects_volume", "music_volume"):
            setattr(out, name, _volume(getattr(out, name), getattr(d, name)))
        out.mute = out.mute if isinstance(out.mute, bool) else d.mute
        if not isinstance(out.theme, str) or not out.theme:
            out.theme = d.theme
        if not isinstance(out.last_seats, list):
            out.last_seats = []
        out.last_seats = [s for s in out.last_seats if isinstance(s, dict)][:4]
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"version": SETTINGS_VERSION, **asdict(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Settings":
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known}).normalized()


def _volume(value: Any, default: int) -> int:
    """A volume percent: a finite number clamped to 0..100, else the default."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return default
    return int(round(min(VOLUME_MAX, max(VOLUME_MIN, value))))


def settings_path() -> Path:
    return user_data_dir() / SETTINGS_FILE


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings and an optional message for the player (never raises)."""
    from ne_game.saves import quarantine  # saves imports nothing from here; avoid a cycle

    path = settings_path()
    if not path.exists():
        return Settings(), None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        return Settings.from_dict(data), None
    except (OSError, ValueError, TypeError) as exc:
        kept = quarantine(path)
        return Settings(), (f"The settings file {path.name} was damaged ({exc}); "
                            f"defaults are used. The old file is kept as {kept.name}.")


def save_settings(settings: Settings) -> Path:
    from ne_game.saves import write_json_atomic

    path = settings_path()
    write_json_atomic(path, settings.normalized().to_dict())
    return path
