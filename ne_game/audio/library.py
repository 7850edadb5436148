"""The sound files: assets/sounds/sounds.toml names the files of every cue and the music loops.

Read with the same care as every other data file: a size cap on the manifest and on each
sound, names that cannot leave the folder, and a message naming the file and the key for
anything wrong. A bad entry is left out (that cue is silent) and play goes on.
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from pathlib import Path

from ne_game.storage import safe_io
from ne_game.storage.paths import resource_path

log = logging.getLogger(__name__)

MANIFEST = "sounds.toml"
MAX_MANIFEST_BYTES = 64 * 1024
MAX_EFFECT_BYTES = 512 * 1024          # one effect (they are 4-40 KiB)
MAX_MUSIC_BYTES = 4 * 1024 * 1024      # one music loop
MAX_VARIANTS = 16
_NAME = re.compile(r"^[a-z0-9][a-z0-9_]{0,62}$")
_FILE = re.compile(r"^[a-z0-9][a-z0-9_]{0,62}\.(ogg|wav)$")


def sounds_dir() -> Path:
    return resource_path("assets", "sounds")


@dataclass
class SoundLibrary:
    """Paths only (no pygame): cue name -> its variant files, music name -> its loop."""

    root: Path
    effects: dict[str, list[Path]] = field(default_factory=dict)
    music: dict[str, Path] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    @classmethod
    def load(cls, root: Path | None = None) -> SoundLibrary:
        """Read the manifest under `root` (default assets/sounds). Never raises: problems are
        collected (and logged) and the entries they concern left out."""
        root = Path(root) if root is not None else sounds_dir()
        lib = cls(root=root)
        path = root / MANIFEST
        try:
            # the caps of every data file: size, nesting (30,000 brackets once crashed every start)
            data = safe_io.parse_toml(safe_io.read_text(path, MAX_MANIFEST_BYTES), str(path))
        except FileNotFoundError:
            lib._problem(f"{path}: missing; the game runs without sound")
            return lib
        except (OSError, safe_io.UnsafeFile) as err:
            lib._problem(f"{path}: cannot be read ({err}); the game runs without sound")
            return lib
        music = data.get("music", {})
        if not isinstance(music, dict):
            lib._problem(f"{path}: [music] must be a table")
            music = {}
        for name, file in music.items():
            found = lib._file(path, f"music.{name}", name, file, MAX_MUSIC_BYTES)
            if found is not None:
                lib.music[name] = found
        cues = data.get("cues", {})
        if not isinstance(cues, dict):
            lib._problem(f"{path}: [cues] must be a table")
            cues = {}
        for name, entry in cues.items():
            key = f"cues.{name}"
            files = entry.get("files") if isinstance(entry, dict) else None
            if not isinstance(files, list) or not files or len(files) > MAX_VARIANTS:
                lib._problem(f"{path}: {key}.files must list 1 to {MAX_VARIANTS} file names")
                continue
            found_files = [lib._file(path, f"{key}.files[{i}]", name, f, MAX_EFFECT_BYTES)
                           for i, f in enumerate(files)]
            kept = [f for f in found_files if f is not None]
            if kept:
                lib.effects[name] = kept
        return lib

    def _problem(self, text: str) -> None:
        self.problems.append(text)
        log.warning("sound: %s", text)

    def _file(self, manifest: Path, key: str, name: object, file: object, cap: int) -> Path | None:
        if not isinstance(name, str) or not _NAME.match(name):
            self._problem(f"{manifest}: {key}: {name!r} is not a sound name (a-z, 0-9, _)")
            return None
        if not isinstance(file, str) or not _FILE.match(file):
            self._problem(f"{manifest}: {key}: {file!r} is not a plain .ogg/.wav file name in this folder")
            return None
        target = (self.root / file).resolve()
        try:
            target.relative_to(self.root.resolve())
        except ValueError:   # a symlink pointing out of the folder
            self._problem(f"{manifest}: {key}: {file} lies outside {self.root}")
            return None
        try:
            safe_io.check_regular(target)      # a FIFO would hang the decoder
            size = target.stat().st_size
        except safe_io.UnsafeFile as err:
            self._problem(f"{manifest}: {key}: {file} cannot be used ({err})")
            return None
        except OSError:
            self._problem(f"{manifest}: {key}: {file} is missing")
            return None
        if size > cap:
            self._problem(f"{manifest}: {key}: {file} is {size} bytes, over the cap of {cap}")
            return None
        return target
