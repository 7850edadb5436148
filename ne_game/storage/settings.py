"""Player settings, persisted as JSON in the user data folder (no pygame here).

A damaged settings file never stops the game: it is kept as `settings.json.damaged`
and the defaults are used, with a message the title screen can show.
"""
from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from ne_game.storage import safe_io
from ne_game.storage.paths import user_data_dir

log = logging.getLogger(__name__)

SETTINGS_FILE = "settings.json"
SETTINGS_VERSION = 1

ANIMATION_SPEEDS = ("off", "normal", "fast")
AI_PACES = ("slow", "normal", "fast")
# Sofa distance: text and controls large enough to read from three metres ("auto": in fullscreen).
SOFA_MODES = ("auto", "on", "off")
SOFA_FACTOR = 1.3
UI_SCALE_MIN, UI_SCALE_MAX = 100, 200
AI_BUDGET_MIN, AI_BUDGET_MAX = 0.05, 30.0
# The hard player's budgets offered in Settings (seconds a decision): only those that were
# measured to buy strength (README, "Strength, measured"); the first is hard's own default
# (ne_game.ai.hard.DEFAULT_BUDGET, kept equal by a test: settings load without the players).
# Measured over the same 100 games against three medium players, 1 s won 71.0 % and 0.5 s
# 76.5 % (2 s: README): a longer budget bought no strength, so none is offered and the
# Settings show no choice (the row comes back when a second budget is listed here).
AI_BUDGETS: tuple[float, ...] = (0.5,)


def offered_budget(seconds: float) -> float:
    """The budget offered in Settings nearest to `seconds` (the lower one on a tie)."""
    return min(AI_BUDGETS, key=lambda v: (abs(v - seconds), v))
VOLUME_MIN, VOLUME_MAX = 0, 100
VOLUMES = ("master_volume", "effects_volume", "music_volume")

# How long animations take relative to their nominal duration ("off" = instant).
_ANIMATION_FACTOR = {"off": 0.0, "normal": 1.0, "fast": 0.4}
# Seconds a computer move stays on screen before the next one: slow enough to follow.
_AI_DELAY = {"slow": 1.8, "normal": 1.0, "fast": 0.35}


def language_codes() -> tuple[str, ...]:
    """The player's language: "" (not chosen yet: follow the system's locale, the first start)
    or a language of the registry (ne_game.i18n.LANGUAGES)."""
    from ne_game.i18n import LANGUAGES

    return ("", *LANGUAGES)


@dataclass
class Settings:
    animation: str = "normal"        # off | normal | fast
    ai_pace: str = "normal"          # slow | normal | fast
    colorblind: bool = False         # Okabe–Ito family colours
    ui_scale: int = 100              # percent, 100..200
    theme: str = "default"
    fullscreen: bool = False
    hints: bool = True               # reserved for the tutorial / hint issue
    language: str = ""               # en | nl | fr; "" follows the system locale
    ai_budget: float = AI_BUDGETS[0]  # seconds the hard computer player may think
    last_seats: list[dict[str, str | None]] = field(default_factory=list)  # the last setup, to prefill names
    master_volume: int = 80          # percent, 0..100: scales effects and music
    effects_volume: int = 80         # percent, 0..100
    music_volume: int = 60           # percent, 0..100
    mute: bool = False               # M toggles it anywhere
    handover: bool = True            # hot seat: a curtain between two people's turns hides the barns
    recap: bool = True               # at a person's turn: what the others did since their last one
    coach_live: bool = False         # Coach while I play: a person's turn judged in the background
    sofa: str = "auto"               # sofa distance: auto (in fullscreen) | on | off
    # Settings → Controls: the commands a player moved (command -> pygame key code / SDL pad
    # button); everything else keeps its default key (ne_game/ui/shell/input_map.py)
    key_bindings: dict[str, int] = field(default_factory=dict)
    pad_bindings: dict[str, int] = field(default_factory=dict)
    # Keys this version does not know (written by a newer one): kept and written back as they
    # were, so going back and forth between versions loses no setting.
    unknown: dict[str, object] = field(default_factory=dict, repr=False, compare=False)

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

    def scale_factor(self, fullscreen: bool) -> float:
        """The UI scale of the menus, dialogs and scoring screens: the player's, larger at sofa
        distance (Settings → Sofa distance; "auto" is on in fullscreen, where a TV is likely),
        at most 200 %. The table keeps the player's scale (its layout is packed to the pixel);
        at sofa distance its text has a floor of its own instead (table.layout.SOFA_TEXT)."""
        return min(2.0, self.ui_scale_factor * (SOFA_FACTOR if self.sofa_on(fullscreen) else 1.0))

    def sofa_on(self, fullscreen: bool) -> bool:
        """Whether the screen is read from the sofa: "on", or "auto" in fullscreen."""
        return self.sofa == "on" or (self.sofa == "auto" and fullscreen)

    # ------------------------------------------------------------ validation
    def normalized(self) -> Settings:
        """A copy with every value forced into its legal range (bad values -> defaults)."""
        d = Settings()
        out = Settings(**{f.name: getattr(self, f.name) for f in fields(self)})
        out.unknown = dict(self.unknown) if isinstance(self.unknown, dict) else {}
        if isinstance(out.last_seats, list):   # keep the good rows of a remembered setup
            out.last_seats = [_clean_seat(s) for s in out.last_seats[:16] if _seat_ok(s)][:_seats_max()]
        for key, check in _CHECKS.items():
            value = getattr(out, key)
            if not check(value):
                value = _clamp(key, value)
            setattr(out, key, value if check(value) else getattr(d, key))
        if out.animation not in ANIMATION_SPEEDS:
            out.animation = d.animation
        if out.ai_pace not in AI_PACES:
            out.ai_pace = d.ai_pace
        if out.sofa not in SOFA_MODES:
            out.sofa = d.sofa
        out.key_bindings = _bindings(out.key_bindings)
        out.pad_bindings = _bindings(out.pad_bindings)
        out.colorblind = bool(out.colorblind) if isinstance(out.colorblind, bool) else d.colorblind
        out.fullscreen = bool(out.fullscreen) if isinstance(out.fullscreen, bool) else d.fullscreen
        out.hints = bool(out.hints) if isinstance(out.hints, bool) else d.hints
        out.handover = bool(out.handover) if isinstance(out.handover, bool) else d.handover
        out.recap = bool(out.recap) if isinstance(out.recap, bool) else d.recap
        out.coach_live = out.coach_live if isinstance(out.coach_live, bool) else d.coach_live
        try:
            out.ui_scale = int(min(UI_SCALE_MAX, max(UI_SCALE_MIN, int(out.ui_scale))))
        except (TypeError, ValueError):
            out.ui_scale = d.ui_scale
        try:
            budget = float(min(AI_BUDGET_MAX, max(AI_BUDGET_MIN, float(out.ai_budget))))
            # What the Settings offer is what the hard player gets: the nearest budget offered
            # (a budget no longer offered, e.g. 1 s, which bought no strength, becomes 0.5 s).
            out.ai_budget = offered_budget(budget)
        except (TypeError, ValueError):
            out.ai_budget = d.ai_budget
        if out.language not in language_codes():
            out.language = d.language
        if not isinstance(out.theme, str) or not out.theme:
            out.theme = d.theme
        if not isinstance(out.last_seats, list):
            out.last_seats = []
        seats = [s for s in out.last_seats if isinstance(s, dict)]
        out.last_seats = seats[:_seats_max()] if seats else []   # no seats: no need to read the game data
        return out

    def to_dict(self) -> dict[str, object]:
        known = asdict(self)
        extra = known.pop("unknown")
        return {**extra, "version": SETTINGS_VERSION, **known}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Settings:
        known = {f.name for f in fields(cls)} - {"unknown"}
        extra = {k: v for k, v in data.items() if k not in known and k not in ("version", "unknown")
                 and isinstance(k, str) and len(k) <= 64}
        raw = cls()
        for k, v in data.items():
            if k in known:
                setattr(raw, k, v)      # a value of any type: normalized() checks each field
        out = raw.normalized()
        out.unknown = dict(list(extra.items())[:64])
        return out


def _bindings(value: object) -> dict[str, int]:
    """A bindings table as saved: command names (short words) to codes (non-negative ints);
    anything else is dropped (the input map checks each move again when it applies them)."""
    if not isinstance(value, dict):
        return {}
    return {k: v for k, v in list(value.items())[:32]
            if isinstance(k, str) and re.fullmatch(r"[a-z_]{1,32}", k)
            and isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2 ** 31}


THEME_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")
SEAT_NAME_LIMIT = 16


def _clean_seat(seat: dict[str, str | None]) -> dict[str, str | None]:
    """A remembered setup row with its name made fit to show (a lone surrogate becomes U+FFFD)."""
    return {**seat, "name": safe_io.clean_text(seat.get("name"), SEAT_NAME_LIMIT)}


def _seats_max() -> int:
    """The most rows a remembered setup holds: the game data's most players."""
    from ne_game.game.gamedata import default_ruleset

    return default_ruleset().players_max


def _seat_ok(seat: object) -> bool:
    """A remembered setup row: {name, family, kind} with a short clean name and known ids."""
    from ne_game.game.session import families, seat_kinds

    if not isinstance(seat, dict) or set(seat) - {"name", "family", "kind"}:
        return False
    name, family, kind = seat.get("name"), seat.get("family"), seat.get("kind")
    return (safe_io.clean_text(name, SEAT_NAME_LIMIT) is not None
            and (family is None or (isinstance(family, str) and family in {f["id"] for f in families()}))
            and (kind is None or (isinstance(kind, str) and kind in (*seat_kinds(), "phone"))))


# One check per field: a value that fails it is replaced by the default.
_CHECKS: dict[str, Callable[[object], bool]] = {
    "language": lambda v: v in language_codes(),
    "animation": lambda v: v in ANIMATION_SPEEDS,
    "ai_pace": lambda v: v in AI_PACES,
    "colorblind": lambda v: isinstance(v, bool),
    "ui_scale": lambda v: safe_io.is_int(v, UI_SCALE_MIN, UI_SCALE_MAX),
    "theme": lambda v: isinstance(v, str) and THEME_NAME.fullmatch(v) is not None,
    "fullscreen": lambda v: isinstance(v, bool),
    "hints": lambda v: isinstance(v, bool),
    "coach_live": lambda v: isinstance(v, bool),
    "ai_budget": lambda v: safe_io.is_number(v, AI_BUDGET_MIN, AI_BUDGET_MAX),
    "last_seats": lambda v: isinstance(v, list) and (not v or len(v) <= _seats_max()) and all(_seat_ok(s) for s in v),
    **{key: (lambda v: safe_io.is_int(v, VOLUME_MIN, VOLUME_MAX)) for key in VOLUMES},
    "mute": lambda v: isinstance(v, bool),
}


def _clamp(key: str, value: object) -> object:
    """An in-range value for a finite number that is merely out of range (900 % -> 200 %)."""
    if not safe_io.is_number(value, -1e18, 1e18):
        return value
    if key == "ui_scale":
        return int(min(UI_SCALE_MAX, max(UI_SCALE_MIN, round(value))))
    if key == "ai_budget":
        return float(min(AI_BUDGET_MAX, max(AI_BUDGET_MIN, value)))
    if key in VOLUMES:
        return int(min(VOLUME_MAX, max(VOLUME_MIN, round(value))))
    return value


def problems(data: Mapping[str, object]) -> list[str]:
    """The fields of a settings file that fail their check (unknown keys are ignored)."""
    return [key for key, check in _CHECKS.items() if key in data and not check(data[key])]


def settings_path() -> Path:
    return user_data_dir() / SETTINGS_FILE


def load_settings() -> tuple[Settings, safe_io.Notice | None]:
    """The saved settings and an optional message for the player (never raises).

    A file that cannot be read (too big, too deep, not JSON, not an object) is set aside as
    `.damaged` and the defaults are used. A file with some bad fields is set aside too, but
    its good fields are kept and written back, so one bad value costs only that value.
    """
    path = settings_path()
    try:
        data = safe_io.load_json(path, "settings", finite=False)   # a bad number costs that value only
        if not isinstance(data, dict):
            raise safe_io.UnsafeFile(f"{path.name}: not a JSON object", path)
    except FileNotFoundError:
        return Settings(), None
    except safe_io.UnsafeFile as exc:
        kept = safe_io.quarantine(path)
        log.warning("settings file %s refused: %s", path, exc)
        return Settings(), safe_io.Notice("The settings file {file} was damaged ({reason}); defaults are used. "
                                          "The old file is kept as {kept}.",
                                          file=path.name, reason=exc.reason(), kept=kept.name)
    bad = problems(data)
    # bad values go back to their defaults; a list of seats keeps its good rows
    settings = Settings.from_dict({k: v for k, v in data.items() if k not in bad or k == "last_seats"})
    if not bad:
        return settings, None
    kept = safe_io.quarantine(path)
    log.warning("settings file %s: bad values for %s", path, ", ".join(bad))
    try:
        save_settings(settings)
    except OSError as exc:
        log.warning("cannot write the repaired settings to %s: %s", path, exc)
    return settings, safe_io.Notice("The settings file {file} had values this game cannot use ({keys}); those "
                                    "are back to their defaults. The old file is kept as {kept}.",
                                    file=path.name, keys=", ".join(bad), kept=kept.name)


def save_settings(settings: Settings) -> Path:
    from ne_game.storage.saves import write_json_atomic

    path = settings_path()
    write_json_atomic(path, settings.normalized().to_dict())
    return path
