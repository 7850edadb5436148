"""Tweens for the table: dt-driven, eased, never blocking input.

An action's animation is built from the before/after snapshots (see scene.py).
While a tween runs, the static drawing skips the piece it carries (its `key`
is in `Animator.hidden`) and the tween draws it at its current place.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

import pygame

#: what a tween moves, hidden from the static layer while it flies: ("tile", i), ("fig", i),
#: ("slot", k), ("bid", v)
TweenKey = tuple[str, int]


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 3 * t * t - 2 * t * t * t


def ease_in_out_cubic(t: float) -> float:
    """Slow out, fast across, slow in: for long flights (a piece carried across the table)."""
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1, c3 = 1.4, 2.4
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_rect(a: pygame.Rect, b: pygame.Rect, t: float, arc: float = 0.0) -> pygame.Rect:
    """Rect between a and b; `arc` lifts the middle of the path (pixels) for a toss."""
    x = lerp(a.centerx, b.centerx, t)
    y = lerp(a.centery, b.centery, t) - arc * math.sin(math.pi * t)
    w = lerp(a.width, b.width, t)
    h = lerp(a.height, b.height, t)
    r = pygame.Rect(0, 0, max(1, int(w)), max(1, int(h)))
    r.center = (int(x), int(y))
    return r


# draw(surface, rect, t) draws the carried piece at `rect`, `t` in 0..1 (eased).
DrawFn = Callable[[pygame.Surface, pygame.Rect, float], None]


@dataclass
class Tween:
    key: TweenKey | None
    start: pygame.Rect
    end: pygame.Rect
    duration: float
    draw_fn: DrawFn
    delay: float = 0.0
    ease: Callable[[float], float] = ease_out_cubic
    arc: float = 0.0
    elapsed: float = 0.0
    hide_until_start: bool = True   # the piece is not yet visible during `delay`

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    def progress(self) -> float:
        if self.elapsed <= self.delay:
            return 0.0
        if self.duration <= 0:
            return 1.0
        return min(1.0, (self.elapsed - self.delay) / self.duration)

    def draw(self, surface: pygame.Surface) -> None:
        if self.elapsed < self.delay and self.hide_until_start:
            return
        t = self.ease(self.progress())
        self.draw_fn(surface, lerp_rect(self.start, self.end, t, self.arc), self.progress())


@dataclass
class Counter:
    """A number that ticks towards its target (money after income or purchases)."""
    value: float
    target: float
    rate: float = 0.0               # units per second, set when the target changes
    flash: float = 0.0              # seconds left to show +n / -n

    def set(self, target: float, duration: float) -> None:
        if target == self.target and self.value == target:
            return
        self.target = target
        if duration <= 0:
            self.value = target
            self.rate = 0.0
        else:
            self.rate = max(1.0, abs(target - self.value) / duration)
            self.flash = duration + 0.8

    def update(self, dt: float) -> bool:
        self.flash = max(0.0, self.flash - dt)
        if self.value == self.target:
            return False
        step = self.rate * dt
        if abs(self.target - self.value) <= step:
            self.value = self.target
        else:
            self.value += step if self.target > self.value else -step
        return True

    @property
    def shown(self) -> int:
        return int(round(self.value))


PULSE_SECONDS = 4.0     # how long glows pulse after the last thing that happened


class Pulse:
    """The clock of the glows that pulse (targets, a computer's move, a lesson's highlights).

    It runs for PULSE_SECONDS after the last `stir` (an input, a move), then on to the next
    crest of `sin(clock * speed)` and stops there: the glows hold still at their brightest,
    and a table where a person thinks draws nothing new (the app rests, ne_game/ui/shell/app.py)."""

    def __init__(self, speed: float, seconds: float = PULSE_SECONDS) -> None:
        self.speed = speed
        self.seconds = seconds
        self.clock = 0.0
        self.left = seconds
        self.resting = False

    def stir(self) -> None:
        """Something happened: pulse again for a while."""
        self.left = self.seconds
        self.resting = False

    def update(self, dt: float) -> None:
        if self.resting:
            return
        if self.left > 0:
            self.left -= dt
            self.clock += dt
            return
        # ease out at the next crest (sin = 1), never jump there: the glow brightens smoothly
        turns = math.ceil((self.clock * self.speed - math.pi / 2) / (2 * math.pi))
        crest = (math.pi / 2 + 2 * math.pi * turns) / self.speed
        if self.clock + dt >= crest:
            self.clock, self.resting = crest, True
        else:
            self.clock += dt

    @property
    def moving(self) -> bool:
        return not self.resting


@dataclass
class Animator:
    factor: float = 1.0            # from settings: 0 off, 1 normal, 0.4 fast
    tweens: list[Tween] = field(default_factory=list)
    counters: dict[Hashable, Counter] = field(default_factory=dict)

    def add(self, tween: Tween) -> None:
        if self.factor <= 0:
            return
        tween.duration *= self.factor
        tween.delay *= self.factor
        self.tweens.append(tween)

    @property
    def busy(self) -> bool:
        return bool(self.tweens) or any(c.value != c.target for c in self.counters.values())

    @property
    def moving(self) -> bool:
        """Anything on screen still changes with time: a tween, a counter, a +n / -n still shown
        (which `busy` does not wait for: the next move need not wait for it to fade)."""
        return self.busy or any(c.flash > 0 for c in self.counters.values())

    @property
    def hidden(self) -> set[TweenKey]:
        return {t.key for t in self.tweens if t.key is not None}

    def counter(self, key: Hashable, target: float) -> Counter:
        c = self.counters.get(key)
        if c is None:
            c = Counter(target, target)
            self.counters[key] = c
        return c

    def set_counter(self, key: Hashable, target: float, duration: float = 0.8) -> None:
        self.counter(key, target).set(target, duration * self.factor)

    def update(self, dt: float) -> None:
        for c in self.counters.values():
            c.update(dt)
        if not self.tweens:
            return
        for t in self.tweens:
            t.elapsed += dt
        self.tweens = [t for t in self.tweens if not t.done]

    def finish(self) -> None:
        """Skip to the end of everything (a new action, or the player pressed Space)."""
        self.tweens.clear()
        for c in self.counters.values():
            c.value = c.target

    def draw(self, surface: pygame.Surface) -> None:
        for t in self.tweens:
            t.draw(surface)
