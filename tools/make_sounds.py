"""Synthesise every sound of New England: effects and two music loops, as OGG Vorbis.

Run:  uv run --group sounds python tools/make_sounds.py [--only NAME ...] [--preview DIR]

Writes assets/sounds/*.ogg and assets/sounds/sounds.toml (the manifest the game reads:
which files make each cue, and the two music loops). Nothing is recorded or downloaded:
every sample is computed here with numpy from a generator seeded by a CRC of the sound's
name, so a run gives the same audio every time; the Ogg stream serial number (random in
libsndfile) is fixed afterwards, so the files are byte-for-byte the same too.

numpy and soundfile (libsndfile with Vorbis) are only needed here, never by the game:
they live in the `sounds` dependency group.

`--preview DIR` draws a waveform and a spectrogram of each file into DIR as PNG, and
prints its peak and RMS level, for listening with the eyes.

The instruments are small physical caricatures:
- wood (tiles, markers, figures): a few exponentially damped modes plus a filtered
  noise transient (modal synthesis);
- coins: inharmonic partials of a thin metal disc, a few ms of noise for the contact;
- lute: additive plucked string (harmonics weighted by the pluck position, higher
  harmonics dying faster), doubled course slightly detuned;
- recorder: near-sine with weak harmonics, breath noise and a chiff at the attack;
- viol: bowed harmonic series through a wooden body's formants, late vibrato;
- drone: slow-beating low fifth;
- natural trumpet and timpani for the final fanfare.
A convolution reverb with a synthetic impulse response gives the room.
"""
from __future__ import annotations

import argparse
import math
import struct
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

try:
    import soundfile as sf
except ImportError:  # pragma: no cover - the tool explains itself
    sys.exit("make_sounds needs the `sounds` dependency group: uv run --group sounds python tools/make_sounds.py")

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "sounds"
SR = 44100
EFFECT_PEAK_DB = -6.0      # effects are normalised to this peak
MUSIC_PEAK_DB = -14.0      # music sits well under the effects
EFFECT_QUALITY = 0.55      # libsndfile's Vorbis compression level (0 = best quality, 1 = smallest)
MUSIC_QUALITY = 1.0        # with MUSIC_SR: about 34 kbit/s stereo, so ten minutes of music fit in 2.5 MB
MUSIC_SR = 22050           # the instruments have little above 11 kHz; half the rate, half the bits
OGG_SERIAL = 0x4E45_0001   # "NE" + 1: fixed so that a re-run writes identical bytes


def rng_for(name: str) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(name.encode()))


def db(x: float) -> float:
    return 10 ** (x / 20)


# ----------------------------------------------------------------------------
# DSP helpers
# ----------------------------------------------------------------------------

def seconds(n: float) -> int:
    return int(round(n * SR))


def time_axis(dur: float) -> np.ndarray:
    return np.arange(seconds(dur)) / SR


def spectral(x: np.ndarray, gain) -> np.ndarray:
    """Filter by multiplying the spectrum with gain(frequencies) (zero-phase, whole signal)."""
    n = len(x)
    size = 1 << max(1, (n - 1).bit_length())
    spec = np.fft.rfft(x, size)
    freqs = np.fft.rfftfreq(size, 1 / SR)
    return np.fft.irfft(spec * gain(freqs), size)[:n]


def band(centre: float, width_oct: float):
    """A gaussian band-pass in log-frequency (width in octaves, one sigma)."""
    def g(f):
        with np.errstate(divide="ignore"):
            lf = np.log2(np.maximum(f, 1.0) / centre)
        return np.exp(-0.5 * (lf / width_oct) ** 2)
    return g


def lowpass(fc: float, order: int = 2):
    return lambda f: 1.0 / np.sqrt(1.0 + (f / fc) ** (2 * order))


def highpass(fc: float, order: int = 2):
    return lambda f: 1.0 / np.sqrt(1.0 + (fc / np.maximum(f, 1e-3)) ** (2 * order))


def noise(rng: np.random.Generator, dur: float) -> np.ndarray:
    return rng.standard_normal(seconds(dur))


def fade(x: np.ndarray, fin: float = 0.002, fout: float = 0.01) -> np.ndarray:
    """Short raised-cosine fades so no file starts or ends with a click."""
    x = x.copy()
    a, b = min(len(x), seconds(fin)), min(len(x), seconds(fout))
    if a:
        x[:a] *= 0.5 - 0.5 * np.cos(np.linspace(0, math.pi, a))
    if b:
        x[-b:] *= 0.5 + 0.5 * np.cos(np.linspace(0, math.pi, b))
    return x


def place(out: np.ndarray, x: np.ndarray, at: float, gain: float = 1.0) -> None:
    """Mix x into out starting at `at` seconds (clipped to out's length). Works for mono and stereo."""
    i = seconds(at)
    if i >= len(out):
        return
    j = min(len(out), i + len(x))
    out[i:j] += gain * x[:j - i]


def modes(t: np.ndarray, freqs, amps, decays, rng=None, phase_random=True) -> np.ndarray:
    """Sum of exponentially damped sinusoids (each decay in seconds to 1/e)."""
    out = np.zeros_like(t)
    for f, a, d in zip(freqs, amps, decays):
        ph = rng.uniform(0, 2 * math.pi) if (rng is not None and phase_random) else 0.0
        out += a * np.exp(-t / d) * np.sin(2 * math.pi * f * t + ph)
    return out


def impulse_response(rng: np.random.Generator, decay: float, length: float, bright: float = 3500.0,
                     predelay: float = 0.012) -> np.ndarray:
    """A stereo room: decaying noise, darker as it decays, with a few early reflections."""
    t = time_axis(length)
    irs = []
    for _ in range(2):
        n = rng.standard_normal(len(t)) * np.exp(-6.9 * t / decay)
        early = spectral(n, lowpass(bright * 1.6))
        late = spectral(n, lowpass(bright * 0.45))
        mix = np.clip(t / (decay * 0.6), 0, 1)
        ir = early * (1 - mix) + late * mix
        ir[: seconds(predelay)] = 0
        for k in range(6):   # early reflections
            place(ir, np.array([rng.uniform(0.3, 0.7) * (0.8 ** k)]), predelay + rng.uniform(0.002, 0.04))
        ir = fade(ir, 0.0, 0.05)
        irs.append(ir / np.sqrt(np.sum(ir ** 2)))
    return np.stack(irs, axis=1)


def convolve(x: np.ndarray, ir: np.ndarray) -> np.ndarray:
    """FFT convolution of mono x with a mono ir (full length)."""
    n = len(x) + len(ir) - 1
    size = 1 << (n - 1).bit_length()
    return np.fft.irfft(np.fft.rfft(x, size) * np.fft.rfft(ir, size), size)[:n]


def reverb(x: np.ndarray, ir: np.ndarray, wet: float) -> np.ndarray:
    """Mono or stereo x through a stereo ir; returns stereo, longer by the ir's tail."""
    if x.ndim == 1:
        x = np.stack([x, x], axis=1)
    n = len(x) + len(ir) - 1
    out = np.zeros((n, 2))
    out[: len(x)] += x
    for c in range(2):
        out[:, c] += wet * convolve(x[:, c], ir[:, c])
    return out


def normalise(x: np.ndarray, peak_db: float) -> np.ndarray:
    peak = float(np.max(np.abs(x)))
    return x if peak == 0 else x * (db(peak_db) / peak)


def to_mono(x: np.ndarray) -> np.ndarray:
    return x if x.ndim == 1 else x.mean(axis=1)


# ----------------------------------------------------------------------------
# effects: materials
# ----------------------------------------------------------------------------

def wood_knock(rng, base: float, dur: float = 0.35, hardness: float = 1.0, body: float = 1.0,
               n_modes: int = 5) -> np.ndarray:
    """A piece of wood striking wood or card: damped modes + a short noise transient."""
    t = time_axis(dur)
    ratios = np.array([1.0, 1.58, 2.31, 3.07, 4.12, 5.4])[:n_modes] * rng.uniform(0.96, 1.04, n_modes)
    freqs = base * ratios
    amps = np.array([1.0, 0.7, 0.45, 0.3, 0.2, 0.12])[:n_modes] * rng.uniform(0.7, 1.2, n_modes)
    decays = np.array([0.055, 0.04, 0.028, 0.02, 0.014, 0.01])[:n_modes] * body
    ring = modes(t, freqs, amps, decays, rng)
    click = noise(rng, dur) * np.exp(-t / (0.0025 * (1.6 - 0.6 * hardness)))
    click = spectral(click, band(base * 5 * hardness, 1.2))
    thump = np.sin(2 * math.pi * base * 0.5 * t) * np.exp(-t / 0.03) * 0.6 * body   # the table under it
    x = ring + 2.2 * click + thump
    return fade(x, 0.0005, 0.03)


def paper(rng, dur: float, centre: float = 3500.0, width: float = 1.3, shape: str = "swell") -> np.ndarray:
    """A slide of paper or card: band-passed noise with a rough, grainy envelope."""
    t = time_axis(dur)
    n = spectral(noise(rng, dur), band(centre, width))
    grain = 1 + 0.6 * spectral(noise(rng, dur), lowpass(60))
    if shape == "swell":
        env = np.sin(math.pi * np.clip(t / dur, 0, 1)) ** 1.5
    else:   # fast attack, decaying
        env = np.exp(-t / (dur * 0.3))
    return fade(n * env * np.clip(grain, 0.2, None))


def coin(rng, base: float = 2600.0, dur: float = 0.45, damp: float = 1.0) -> np.ndarray:
    """One coin hitting coins: inharmonic disc partials and a metallic tick."""
    t = time_axis(dur)
    ratios = np.array([1.0, 1.47, 2.09, 2.56, 3.28]) * rng.uniform(0.98, 1.02, 5)
    amps = np.array([1.0, 0.8, 0.55, 0.4, 0.25]) * rng.uniform(0.6, 1.1, 5)
    decays = np.array([0.16, 0.12, 0.08, 0.06, 0.04]) * damp
    ring = modes(t, base * ratios, amps, decays, rng)
    tick = spectral(noise(rng, dur) * np.exp(-t / 0.0015), highpass(3000)) * 1.5
    return fade(ring + tick, 0.0003, 0.02)


# ----------------------------------------------------------------------------
# musical instruments (used by cues and music)
# ----------------------------------------------------------------------------

def midi_hz(m: float) -> float:
    return 440.0 * 2 ** ((m - 69) / 12)


def lute_note(rng, midi: float, ring: float, vel: float = 1.0, pluck: float = 0.14) -> np.ndarray:
    f0 = midi_hz(midi)
    dur = ring + 0.05
    t = time_axis(dur)
    out = np.zeros_like(t)
    tau1 = float(np.clip(2.6 - (midi - 45) * 0.045, 0.6, 2.6))
    for course in (0.0, rng.uniform(1.0, 2.5)):   # a doubled course, a few cents apart
        fc = f0 * 2 ** (course / 1200)
        for n in range(1, 16):
            f = fc * n * (1 + 0.0004 * n * n)   # slight inharmonicity
            if f > 9000:
                break
            a = abs(math.sin(math.pi * n * pluck)) / n ** 1.35
            a *= 1.0 + 0.8 * math.exp(-0.5 * (math.log2(f / 220.0) / 0.7) ** 2)   # body resonance
            tau = tau1 / (1 + 0.55 * (n - 1))
            out += a * np.exp(-t / tau) * np.sin(2 * math.pi * f * t + rng.uniform(0, 6.28))
    # the finger and nail on the string
    out += 0.15 * spectral(noise(rng, dur) * np.exp(-t / 0.004), band(2500, 1.0))
    # the player lifts the finger at the end of the ring
    rel = np.clip((dur - t) / 0.08, 0, 1)
    out *= rel * vel
    out = fade(out, 0.001, 0.02)
    return out


def recorder_note(rng, midi: float, dur: float, vel: float = 1.0, vibrato: bool = True) -> np.ndarray:
    f0 = midi_hz(midi)
    total = dur + 0.12
    t = time_axis(total)
    vib = np.zeros_like(t)
    if vibrato and dur > 0.45:
        depth = np.clip((t - 0.25) / 0.4, 0, 1) * 0.0035
        vib = depth * np.sin(2 * math.pi * rng.uniform(4.6, 5.4) * t)
    phase = 2 * math.pi * f0 * np.cumsum(1 + vib) / SR
    harm = [1.0, 0.10, 0.16, 0.04, 0.05, 0.015]
    x = sum(a * np.sin(k * phase) for k, a in enumerate(harm, start=1))
    attack = np.clip(t / 0.035, 0, 1)
    release = np.clip((dur + 0.06 - t) / 0.06, 0, 1)
    swell = 1 + 0.08 * np.sin(math.pi * np.clip(t / max(dur, 0.1), 0, 1))
    env = attack * release * swell
    breath = spectral(noise(rng, total), band(f0 * 3, 1.2)) * 0.035
    chiff = spectral(noise(rng, total), band(f0 * 4, 0.8)) * np.exp(-t / 0.012) * 0.35
    return fade((x + breath) * env + chiff * attack, 0.001, 0.02) * vel


_VIOL_FORMANTS = ((280, 0.35, 1.8), (520, 0.3, 1.2), (1100, 0.35, 1.5), (2700, 0.4, 1.3))


def viol_note(rng, midi: float, dur: float, vel: float = 1.0) -> np.ndarray:
    f0 = midi_hz(midi)
    total = dur + 0.2
    t = time_axis(total)
    depth = np.clip((t - 0.35) / 0.5, 0, 1) * 0.004
    vib = depth * np.sin(2 * math.pi * rng.uniform(5.0, 5.8) * t + rng.uniform(0, 6))
    phase = 2 * math.pi * f0 * np.cumsum(1 + vib) / SR
    x = np.zeros_like(t)
    for n in range(1, 30):
        f = f0 * n
        if f > 7000:
            break
        w = 0.25 + sum(g * math.exp(-0.5 * (math.log2(f / c) / wd) ** 2) for c, wd, g in _VIOL_FORMANTS)
        w *= 1 / (1 + (f / 3200) ** 2)
        x += (w / n ** 1.05) * np.sin(n * phase + rng.uniform(0, 6.28))
    attack = np.clip(t / 0.12, 0, 1) ** 1.5
    release = np.clip((dur + 0.15 - t) / 0.15, 0, 1)
    bow = 0.85 + 0.15 * np.sin(math.pi * np.clip(t / max(dur, 0.1), 0, 1))   # a little messa di voce
    rosin = spectral(noise(rng, total), band(f0 * 6, 1.5)) * 0.04 * (0.5 + attack)
    return fade((x * 0.35 + rosin) * attack * release * bow, 0.002, 0.03) * vel


def trumpet_note(rng, midi: float, dur: float, vel: float = 1.0) -> np.ndarray:
    """A natural trumpet: bright harmonics that open up as the note swells."""
    f0 = midi_hz(midi)
    total = dur + 0.15
    t = time_axis(total)
    scoop = 1 - 0.012 * np.exp(-t / 0.03)   # the lip finds the note
    vib = 0.003 * np.clip((t - 0.3) / 0.3, 0, 1) * np.sin(2 * math.pi * 5.2 * t)
    phase = 2 * math.pi * f0 * np.cumsum(scoop * (1 + vib)) / SR
    attack = np.clip(t / 0.04, 0, 1)
    release = np.clip((dur + 0.1 - t) / 0.1, 0, 1)
    env = attack * release * (0.8 + 0.2 * np.exp(-t / 0.15))
    bright = 0.45 + 0.55 * env
    x = np.zeros_like(t)
    for n in range(1, 22):
        f = f0 * n
        if f > 8000:
            break
        a = math.exp(-0.5 * ((n - 3.5) / 3.0) ** 2) * 0.8 + 0.35 / n
        x += a * (bright ** (n * 0.35)) * np.sin(n * phase)
    return fade(x * env * 0.3, 0.001, 0.02) * vel


def timpani(rng, midi: float, vel: float = 1.0, dur: float = 1.6) -> np.ndarray:
    f0 = midi_hz(midi)
    t = time_axis(dur)
    ratios = [1.0, 1.5, 1.98, 2.44, 2.9]
    amps = [1.0, 0.5, 0.35, 0.2, 0.1]
    decays = [0.55, 0.35, 0.25, 0.15, 0.1]
    x = modes(t, [f0 * r for r in ratios], amps, decays, rng)
    x += 0.5 * spectral(noise(rng, dur) * np.exp(-t / 0.01), band(300, 1.2))
    return fade(x * vel, 0.0005, 0.05)


def bell(rng, midi: float, dur: float = 1.6, vel: float = 1.0, soft: float = 1.0) -> np.ndarray:
    """A small hand bell: the minor-third bell partials, softened."""
    f0 = midi_hz(midi)
    t = time_axis(dur)
    ratios = [0.5, 1.0, 1.19, 1.5, 2.0, 2.52, 3.0]
    amps = [0.35, 1.0, 0.35 * soft, 0.3, 0.45, 0.15 * soft, 0.1 * soft]
    decays = [1.2, 0.9, 0.5, 0.45, 0.35, 0.2, 0.15]
    x = modes(t, [f0 * r for r in ratios], amps, [d * dur / 1.6 for d in decays], rng)
    x += 0.1 * spectral(noise(rng, dur) * np.exp(-t / 0.002), band(f0 * 3, 1.0))
    return fade(x * vel, 0.0005, 0.05)


# ----------------------------------------------------------------------------
# the effects
# ----------------------------------------------------------------------------

def fx_tile(rng, k: int) -> np.ndarray:
    """A thick cardboard tile laid on the board: a dull knock and a tiny settle."""
    base = 210 * rng.uniform(0.88, 1.14)
    out = np.zeros(seconds(0.42))
    place(out, wood_knock(rng, base, 0.4, hardness=0.7, body=1.3), 0.0)
    place(out, wood_knock(rng, base * 1.1, 0.2, hardness=0.6, body=0.7), rng.uniform(0.035, 0.06), 0.22)
    place(out, paper(rng, 0.05, 1800, 1.0, "decay"), 0.0, 0.25)
    return spectral(out, lowpass(5500))


def fx_develop(rng, k: int) -> np.ndarray:
    """A tile lifted, turned over and laid on its developed side; a warm note says 'improved'."""
    out = np.zeros(seconds(1.1))
    place(out, wood_knock(rng, 260, 0.2, hardness=0.8, body=0.6), 0.0, 0.4)       # picked up
    place(out, paper(rng, 0.16, 2200, 1.1), 0.04, 0.5)                              # the flip's swish
    place(out, wood_knock(rng, 200, 0.4, hardness=0.7, body=1.3), 0.2)              # laid down
    chord = [62 + 12, 66 + 12, 69 + 12] if k % 2 == 0 else [64 + 12, 67 + 12, 71 + 12]
    for i, m in enumerate(chord):
        place(out, bell(rng, m, 0.8, soft=0.5), 0.24 + i * 0.06, 0.22)
    return out


def fx_coins_pay(rng, k: int) -> np.ndarray:
    """A few coins put down on the bank's pile: two or three clinks, falling."""
    out = np.zeros(seconds(0.7))
    n = 2 + (k % 2)
    at = 0.0
    for i in range(n):
        place(out, coin(rng, 2300 * rng.uniform(0.85, 1.15), 0.4, damp=0.7), at, 0.9 - 0.2 * i)
        at += rng.uniform(0.06, 0.11)
    place(out, wood_knock(rng, 330, 0.15, hardness=1.0, body=0.4), 0.0, 0.35)       # on the table
    return out


def fx_income(rng, k: int) -> np.ndarray:
    """Coins poured into a purse: a quick bright jingle, rising, then a leathery settle."""
    out = np.zeros(seconds(1.0))
    at = 0.0
    for i in range(7):
        place(out, coin(rng, 2800 * rng.uniform(0.9, 1.2) * (1 + 0.04 * i), 0.45), at, rng.uniform(0.35, 0.7))
        at += rng.uniform(0.025, 0.06)
    place(out, paper(rng, 0.25, 900, 1.0, "swell"), at - 0.05, 0.35)                # the purse
    return out


def fx_bid(rng, k: int) -> np.ndarray:
    """A round wooden bid marker taken from the track: a slide and a light tock."""
    out = np.zeros(seconds(0.45))
    place(out, paper(rng, 0.09, 1400, 0.8), 0.0, 0.35)
    place(out, wood_knock(rng, 720 * rng.uniform(0.92, 1.08), 0.3, hardness=1.0, body=0.8, n_modes=4), 0.07)
    return out


def fx_card(rng, k: int) -> np.ndarray:
    """A card drawn from the deck and turned face up: slide, then the snap of the flip."""
    out = np.zeros(seconds(0.4))
    place(out, paper(rng, 0.15, 3200 * rng.uniform(0.9, 1.1), 1.3), 0.0, 0.8)
    snap = spectral(noise(rng, 0.05) * np.exp(-time_axis(0.05) / 0.006), band(2800, 1.5))
    place(out, snap, 0.15 + rng.uniform(-0.02, 0.02), 1.0)
    place(out, paper(rng, 0.06, 1500, 1.0, "decay"), 0.17, 0.3)
    return out


def fx_pilgrim(rng, k: int) -> np.ndarray:
    """A small wooden pilgrim set down: two light steps, tok-tok."""
    out = np.zeros(seconds(0.4))
    base = 560 * rng.uniform(0.95, 1.05)
    place(out, wood_knock(rng, base, 0.25, hardness=0.9, body=0.6, n_modes=4), 0.0, 0.7)
    place(out, wood_knock(rng, base * 1.12, 0.25, hardness=1.0, body=0.7, n_modes=4), 0.09)
    return out


def fx_figure(rng, k: int) -> np.ndarray:
    """Any other wooden figure set down (a figure the data adds): one firm, mid knock."""
    out = np.zeros(seconds(0.35))
    place(out, wood_knock(rng, 420 * rng.uniform(0.94, 1.06), 0.3, hardness=0.85, body=0.9, n_modes=5), 0.0, 0.8)
    return out


def fx_barn(rng, k: int) -> np.ndarray:
    """A barn raised: a deep hollow knock of a heavy wooden block, with a boxy resonance."""
    t = time_axis(0.7)
    out = wood_knock(rng, 130, 0.7, hardness=0.6, body=2.2, n_modes=6)
    box = modes(t, [95, 190, 285], [0.6, 0.3, 0.15], [0.12, 0.08, 0.05], rng)
    out = out + box * np.clip(t / 0.005, 0, 1)
    out2 = np.zeros(seconds(0.7))
    place(out2, out, 0.0)
    place(out2, wood_knock(rng, 160, 0.3, hardness=0.6, body=1.0), 0.11, 0.3)
    return spectral(out2, lowpass(4000))


def fx_ship(rng, k: int) -> np.ndarray:
    """A ship put on the coast: a wave washes in, the hull knocks, the timber creaks."""
    dur = 1.2
    t = time_axis(dur)
    out = np.zeros(seconds(dur))
    wave = spectral(noise(rng, dur), band(900, 1.4)) * (np.sin(math.pi * np.clip(t / 0.9, 0, 1)) ** 2)
    place(out, wave, 0.0, 0.45)
    place(out, wood_knock(rng, 180, 0.5, hardness=0.6, body=1.6), 0.32, 0.9)
    # the creak: a slow-stepping friction tone, rising
    ct = time_axis(0.35)
    f = 150 + 60 * ct / 0.35
    pulses = (np.sin(2 * math.pi * np.cumsum(f) / SR) > 0.97).astype(float)
    creak = spectral(pulses, band(1100, 0.9)) * np.sin(math.pi * ct / 0.35)
    place(out, creak, 0.5, 1.6)
    return out


def fx_refused(rng, k: int) -> np.ndarray:
    """No: two soft low notes, falling, on a muted wooden bar. Quiet on purpose."""
    out = np.zeros(seconds(0.6))
    for i, m in enumerate((57, 53)):
        t = time_axis(0.4)
        f = midi_hz(m)
        x = modes(t, [f, f * 3.9, f * 9.1], [1.0, 0.18, 0.04], [0.14, 0.04, 0.015], rng, phase_random=False)
        place(out, fade(x, 0.004, 0.05), i * 0.13, 1.0 - 0.2 * i)
    return spectral(out, lowpass(1800))


# four short motifs on hand bells, one for each seat: in hot-seat play each family learns its own
_TURN_MOTIFS = (
    (74, 78, 81),     # D F# A
    (76, 79, 83),     # E G B
    (72, 76, 79),     # C E G
    (79, 83, 86),     # G B D
)


def fx_turn(rng, k: int) -> np.ndarray:
    out = np.zeros(seconds(1.6))
    for i, m in enumerate(_TURN_MOTIFS[k]):
        place(out, bell(rng, m, 1.2, vel=1.0 - 0.1 * i, soft=0.7), i * 0.12)
    return spectral(out, lowpass(6000))


def fx_fanfare(rng, k: int) -> np.ndarray:
    """The final scoring: a short flourish for two natural trumpets and a pair of kettle drums."""
    beat = 0.2
    out = np.zeros(seconds(4.2))
    # (start in beats, length in beats, midi) for the two trumpets; D major, natural-trumpet notes only
    tr1 = [(0, 0.75, 69), (0.75, 0.25, 69), (1, 1, 74), (2, 1, 78), (3, 1, 81), (4, 1.5, 78), (5.5, 0.5, 81),
           (6, 1, 79), (7, 1, 76), (8, 1, 78), (9, 1, 76), (10, 5, 74)]
    tr2 = [(1, 1, 69), (2, 1, 74), (3, 1, 78), (4, 2, 74), (6, 1, 74), (7, 1, 73), (8, 1, 74),
           (9, 1, 73), (10, 5, 69)]
    for s, d, m in tr1:
        place(out, trumpet_note(rng, m, d * beat * 0.92, 0.9), s * beat)
    for s, d, m in tr2:
        place(out, trumpet_note(rng, m, d * beat * 0.92, 0.6), s * beat)
    for s, m, v in [(0, 38, 0.8), (1, 45, 0.6), (4, 38, 0.7), (8, 45, 0.7), (9, 45, 0.5), (10, 38, 1.0)]:
        place(out, timpani(rng, m, v), s * beat, 1.6)
    for roll in range(8):   # a little roll under the last chord
        place(out, timpani(rng, 38, 0.25 + 0.04 * roll, 0.5), (10.5 + roll * 0.25) * beat, 1.2)
    ir = impulse_response(rng, 1.6, 2.0)
    return to_mono(reverb(out, ir, 0.35))[: seconds(5.0)]


def fx_click(rng, k: int) -> np.ndarray:
    """A UI click: a tiny dry wooden tick, like a peg set in a cribbage board."""
    out = wood_knock(rng, 1500 * rng.uniform(0.9, 1.12), 0.08, hardness=1.2, body=0.25, n_modes=3)
    return spectral(out, highpass(400))


def fx_undo(rng, k: int) -> np.ndarray:
    """Taking back a move: a short rising swish and a light lift."""
    t = time_axis(0.3)
    swish = spectral(noise(rng, 0.3), band(2000, 1.0)) * (t / 0.3) ** 2 * np.exp(-np.maximum(t - 0.25, 0) / 0.01)
    out = np.zeros(seconds(0.35))
    place(out, fade(swish), 0.0, 0.6)
    place(out, wood_knock(rng, 600, 0.1, hardness=1.0, body=0.4, n_modes=3), 0.25, 0.5)
    return out


@dataclass
class Effect:
    name: str
    make: object
    variants: int = 1
    peak_db: float = EFFECT_PEAK_DB
    note: str = ""


EFFECTS = [
    Effect("tile", fx_tile, 6, note="a land tile laid"),
    Effect("develop", fx_develop, 2, note="a tile turned to its developed side"),
    Effect("coins_pay", fx_coins_pay, 4, note="coins paid to the bank"),
    Effect("income", fx_income, 3, note="income received"),
    Effect("bid", fx_bid, 3, note="a bid marker taken"),
    Effect("card", fx_card, 4, note="a card drawn and revealed"),
    Effect("pilgrim", fx_pilgrim, 3, note="a pilgrim placed or moved"),
    Effect("barn", fx_barn, 2, note="a barn placed"),
    Effect("ship", fx_ship, 2, note="a ship placed or moved"),
    Effect("figure", fx_figure, 2, note="any other figure placed or moved (one the game data adds)"),
    Effect("refused", fx_refused, 1, peak_db=-14.0, note="an action refused (soft)"),
    Effect("turn", fx_turn, 4, peak_db=-8.0, note="your turn begins (one motif per seat for hot-seat)"),
    Effect("fanfare", fx_fanfare, 1, note="the final scoring"),
    Effect("click", fx_click, 4, peak_db=-12.0, note="a UI button"),
    Effect("undo", fx_undo, 1, peak_db=-10.0, note="a move taken back"),
]


# ----------------------------------------------------------------------------
# music: modal, seeded composition
# ----------------------------------------------------------------------------

MODES = {
    "dorian": (0, 2, 3, 5, 7, 9, 10),
    "aeolian": (0, 2, 3, 5, 7, 8, 10),
    "mixolydian": (0, 2, 4, 5, 7, 9, 10),
    "ionian": (0, 2, 4, 5, 7, 9, 11),
    "phrygian": (0, 1, 3, 5, 7, 8, 10),
}


@dataclass
class Section:
    tonic: int                 # midi of the mode's final, in the melody's octave
    mode: str
    bars: int
    progression: list[int]     # scale degree of the chord per bar (repeats if shorter)
    melody: str | None         # "recorder" | "viol" | None
    lute: str = "arpeggio"     # "arpeggio" | "strum" | "sparse" | "none"
    bass: bool = True          # the viol's bass line
    drone: bool = True
    density: float = 0.7       # how busy the melody is (0..1)
    rest_bars: set[int] = field(default_factory=set)   # bars where the melody rests


@dataclass
class Piece:
    name: str
    bpm: float
    meter: int
    sections: list[Section]
    wet: float = 0.3


class Scale:
    def __init__(self, tonic: int, mode: str):
        self.tonic, self.steps = tonic, MODES[mode]

    def pitch(self, degree: int) -> int:
        octave, d = divmod(degree, 7)
        return self.tonic + 12 * octave + self.steps[d]

    def chord(self, root: int) -> list[int]:
        return [root, root + 2, root + 4]


RHYTHMS = {
    4: [[1, 1, 1, 1], [2, 1, 1], [1.5, 0.5, 1, 1], [1, 0.5, 0.5, 2], [1, 1, 2], [0.5, 0.5, 1, 1, 1], [3, 1]],
    3: [[1, 1, 1], [2, 1], [1.5, 0.5, 1], [1, 0.5, 0.5, 1], [3]],
}
CADENCE = {4: [[2, 2], [1, 1, 2], [4]], 3: [[1, 2], [3]]}   # the phrase ends on a long note


def compose_melody(rng, scale: Scale, section: Section, meter: int, bar_chords: list[int]) -> list[tuple]:
    """Phrases of four bars in the shape A A' B A'': steps mostly, chord tones on strong beats,
    a cadence on the final (or the fifth, half-way) at each phrase's end. Returns (beat, len, degree)."""
    notes = []
    bars = section.bars
    phrase_cache: dict[str, list[tuple]] = {}
    deg = 7 + int(rng.choice([0, 2, 4]))          # degrees counted from the tonic an octave below
    for p_start in range(0, bars, 4):
        label = "ABAB"[(p_start // 4) % 4] if bars > 8 else "AB"[(p_start // 4) % 2]
        phrase_idx = p_start // 4
        final = phrase_idx % 2 == 1 or p_start + 4 >= bars
        if label == "A" and "A" in phrase_cache and rng.random() < 0.75:
            # a varied repeat: the same first two bars, a new answer
            base = [n for n in phrase_cache["A"] if n[0] < 2 * meter]
            notes.extend((p_start * meter + b, ln, d) for b, ln, d in base)
            start_bar = 2
            deg = base[-1][2] if base else deg
        else:
            start_bar = 0
        phrase = []
        for b in range(start_bar, 4):
            bar = p_start + b
            if bar >= bars:
                break
            if bar in section.rest_bars:
                continue
            chord = [c % 7 for c in scale.chord(bar_chords[bar])]
            last_bar = b == 3
            if last_bar:
                pattern = CADENCE[meter][int(rng.integers(len(CADENCE[meter])))]
            elif rng.random() > section.density:
                pattern = [meter]
            else:
                pattern = RHYTHMS[meter][int(rng.integers(len(RHYTHMS[meter])))]
            beat = 0.0
            for i, ln in enumerate(pattern):
                strong = beat == 0 or (meter == 4 and beat == 2)
                if last_bar and i == len(pattern) - 1:
                    target = 0 if final else 4
                    cands = [d for d in range(deg - 5, deg + 6) if d % 7 == target and 3 <= d <= 13]
                    deg = min(cands, key=lambda d: abs(d - deg)) if cands else 7
                elif strong:
                    cands = [d for d in range(deg - 3, deg + 4) if d % 7 in chord and 3 <= d <= 13 and d != deg]
                    deg = int(rng.choice(cands)) if cands else deg
                else:
                    step = int(rng.choice([-1, 1, -1, 1, -2, 2, 0]))
                    deg = int(np.clip(deg + step, 3, 13))
                phrase.append((bar * meter + beat, ln, deg))
                beat += ln
        if start_bar == 0 and label not in phrase_cache:
            phrase_cache[label] = [((b - p_start * meter), ln, d) for b, ln, d in phrase]
        notes.extend(phrase)
    return notes


def render_piece(piece: Piece) -> np.ndarray:
    rng = rng_for("music:" + piece.name)
    beat = 60.0 / piece.bpm
    bar_len = beat * piece.meter
    total_bars = sum(s.bars for s in piece.sections)
    length = total_bars * bar_len
    tail = 4.0
    out = np.zeros((seconds(length + tail), 2))
    pan = {"lute": -0.35, "recorder": 0.3, "viol_melody": 0.15, "bass": -0.1, "drone": 0.0}

    def put(x, at, gain, where):
        p = pan[where]
        stereo = np.stack([x * math.sqrt(0.5 * (1 - p)), x * math.sqrt(0.5 * (1 + p))], axis=1)
        place(out, stereo, at, gain)

    bar0 = 0
    for si, sec in enumerate(piece.sections):
        scale = Scale(sec.tonic, sec.mode)
        chords = [sec.progression[i % len(sec.progression)] for i in range(sec.bars)]
        t0 = bar0 * bar_len
        sec_len = sec.bars * bar_len
        # drone: tonic and fifth, two octaves down, slowly breathing; overlaps the next section a little
        if sec.drone:
            d_dur = sec_len + 1.5
            tt = time_axis(d_dur)
            env = np.clip(tt / 2.0, 0, 1) * np.clip((d_dur - tt) / 2.0, 0, 1)
            env *= 0.85 + 0.15 * np.sin(2 * math.pi * 0.07 * tt + rng.uniform(0, 6))
            dr = np.zeros_like(tt)
            for m, a in ((sec.tonic - 24, 1.0), (sec.tonic - 17, 0.55)):
                for detune in (-0.6, 0.6):
                    f = midi_hz(m) * 2 ** (detune / 1200)
                    for n, h in ((1, 1.0), (2, 0.35), (3, 0.2), (4, 0.08), (5, 0.05)):
                        dr += a * h * np.sin(2 * math.pi * f * n * tt + rng.uniform(0, 6))
            put(spectral(dr * env, lowpass(900)), t0 - 0.5 if si else t0, 0.028, "drone")
        # lute: the bed under a melody, a little forward when it plays alone
        lute_gain = 0.09 if sec.melody else 0.14
        for b, root in enumerate(chords):
            at = t0 + b * bar_len
            tones = [scale.pitch(d) - 12 for d in scale.chord(root)]
            low = scale.pitch(root % 7) - 24
            if sec.lute == "arpeggio":
                order = [low, tones[0], tones[1], tones[2], tones[1] + 12 if piece.meter == 4 else tones[0] + 12,
                         tones[2], tones[1], tones[0]]
                step = beat / 2
                count = piece.meter * 2
                for i in range(count):
                    m = order[i % len(order)]
                    put(lute_note(rng, m, min(2.2, step * 4), 0.8 if i % 2 else 1.0), at + i * step, lute_gain, "lute")
            elif sec.lute == "strum":
                for k_beat in range(0, piece.meter, 2 if piece.meter == 4 else 3):
                    for j, m in enumerate([low] + tones):
                        put(lute_note(rng, m, beat * 2, 0.8), at + k_beat * beat + j * 0.018, lute_gain, "lute")
                    if piece.meter == 4:
                        put(lute_note(rng, tones[2], beat, 0.6), at + (k_beat + 1) * beat, lute_gain * 0.9, "lute")
            elif sec.lute == "sparse":
                if b % 2 == 0:
                    put(lute_note(rng, low, 2.5), at, lute_gain * 1.2, "lute")
                    put(lute_note(rng, tones[1] + 12, 2.0, 0.7), at + beat * (piece.meter - 1), lute_gain, "lute")
        # bass viol: the chord roots, with a passing step now and then
        if sec.bass:
            for b, root in enumerate(chords):
                at = t0 + b * bar_len
                m = scale.pitch(root % 7) - 24
                if rng.random() < 0.3 and b + 1 < len(chords):
                    half = bar_len / 2
                    put(viol_note(rng, m, half * 0.95, 0.8), at, 0.3, "bass")
                    # a passing step of the mode toward the next root
                    nxt = chords[b + 1] % 7
                    step = root % 7 + (1 if nxt > root % 7 else -1 if nxt < root % 7 else 0)
                    put(viol_note(rng, scale.pitch(step) - 24, half * 0.95, 0.7),
                        at + half, 0.3, "bass")
                else:
                    put(viol_note(rng, m, bar_len * 0.97, 0.8), at, 0.3, "bass")
        # melody
        if sec.melody:
            mel = compose_melody(rng, scale, sec, piece.meter, chords)
            for start, ln, d in mel:
                at = t0 + start * beat
                m = scale.pitch(d) - 12 if sec.melody == "viol" else scale.pitch(d)
                if sec.melody == "recorder":
                    put(recorder_note(rng, m, ln * beat * 0.93, 0.9), at, 0.22, "recorder")
                else:
                    put(viol_note(rng, m, ln * beat * 0.96, 0.9), at, 0.45, "viol_melody")
        bar0 += sec.bars
    ir = impulse_response(rng, 2.4, 2.8, bright=3000)
    wet = np.zeros((len(out) + len(ir) - 1, 2))
    for c in range(2):
        wet[:, c] = convolve(out[:, c], ir[:, c])
    full = np.zeros_like(wet)
    full[: len(out)] = out
    full += piece.wet * wet
    # fold everything that rings past the end back onto the start: the loop is seamless
    n = seconds(length)
    loop = full[:n].copy()
    spill = full[n:]
    loop[: len(spill)] += spill[: n]
    return normalise(resample_loop(loop, MUSIC_SR), MUSIC_PEAK_DB)


def resample_loop(x: np.ndarray, rate: int) -> np.ndarray:
    """Resample a loop through its spectrum: the loop is periodic, so this is exact and seamless."""
    n = len(x)
    m = int(round(n * rate / SR))
    cols = [np.fft.irfft(np.fft.rfft(x[:, c])[: m // 2 + 1], m) * (m / n) for c in range(x.shape[1])]
    return np.stack(cols, axis=1)


D, A, G, F, E = 62, 69, 67, 65, 64

MENU = Piece("menu", bpm=54, meter=3, wet=0.4, sections=[
    Section(D, "dorian", 8, [0, 6, 0, 4, 0, 3, 6, 0], None, lute="arpeggio", bass=False),
    Section(D, "dorian", 16, [0, 6, 0, 4, 2, 6, 4, 0], "recorder", lute="arpeggio", density=0.7),
    Section(A, "aeolian", 8, [0, 6, 3, 4, 0, 5, 6, 0], "viol", lute="sparse", density=0.5),
    Section(D, "dorian", 12, [0, 3, 6, 0, 2, 6, 4, 0, 3, 6, 4, 0], "recorder", lute="arpeggio", density=0.7),
])

PLAY = Piece("play", bpm=72, meter=4, wet=0.32, sections=[
    Section(D, "dorian", 8, [0, 6, 0, 4], None, lute="arpeggio", bass=True),
    Section(D, "dorian", 16, [0, 6, 0, 4, 0, 3, 6, 0], "recorder", lute="arpeggio", density=0.65),
    Section(F, "ionian", 16, [0, 4, 5, 3, 0, 4, 3, 0], "viol", lute="strum", density=0.6),
    Section(D, "aeolian", 8, [0, 6, 5, 6], None, lute="sparse", bass=False, rest_bars={0, 1, 2, 3}),
    Section(G, "mixolydian", 16, [0, 6, 0, 3, 0, 6, 4, 0], "recorder", lute="strum", density=0.75),
    Section(A, "aeolian", 12, [0, 5, 6, 0, 3, 4, 0, 5, 6, 2, 4, 0], "viol", lute="arpeggio", density=0.55),
    Section(E, "phrygian", 12, [0, 1, 0, 6, 5, 1, 0, 3, 6, 5, 1, 0], "viol", lute="strum", density=0.5),
    Section(D, "dorian", 16, [0, 3, 6, 0, 2, 6, 4, 0], "recorder", lute="arpeggio", density=0.6),
    Section(D, "dorian", 8, [0, 6, 3, 0], None, lute="sparse", bass=True),
])

MUSIC = [MENU, PLAY]


# ----------------------------------------------------------------------------
# writing
# ----------------------------------------------------------------------------

def _ogg_crc_table() -> list[int]:
    table = []
    for i in range(256):
        r = i << 24
        for _ in range(8):
            r = ((r << 1) ^ 0x04C11DB7) if r & 0x80000000 else (r << 1)
        table.append(r & 0xFFFFFFFF)
    return table


_CRC = _ogg_crc_table()


def _ogg_crc(data: bytes) -> int:
    crc = 0
    for b in data:
        crc = ((crc << 8) & 0xFFFFFFFF) ^ _CRC[((crc >> 24) & 0xFF) ^ b]
    return crc


def fix_ogg_serial(path: Path, serial: int = OGG_SERIAL) -> None:
    """Rewrite every Ogg page with a fixed stream serial (and its CRC): reproducible bytes."""
    data = bytearray(path.read_bytes())
    pos = 0
    while pos < len(data):
        if data[pos:pos + 4] != b"OggS":
            raise ValueError(f"{path.name}: not an Ogg page at byte {pos}")
        nseg = data[pos + 26]
        size = 27 + nseg + sum(data[pos + 27:pos + 27 + nseg])
        struct.pack_into("<I", data, pos + 14, serial)
        struct.pack_into("<I", data, pos + 22, 0)
        struct.pack_into("<I", data, pos + 22, _ogg_crc(bytes(data[pos:pos + size])))
        pos += size
    path.write_bytes(bytes(data))


def write_ogg(path: Path, x: np.ndarray, quality: float, rate: int = SR) -> None:
    peak = float(np.max(np.abs(x)))
    if peak > 0.999:
        raise ValueError(f"{path.name} would clip (peak {peak:.3f})")
    x = x.astype(np.float32)
    channels = 1 if x.ndim == 1 else x.shape[1]
    # in blocks: libsndfile's Vorbis writer puts a whole write's buffer on the stack
    with sf.SoundFile(str(path), "w", rate, channels, subtype="VORBIS", format="OGG",
                      compression_level=quality) as fh:
        for i in range(0, len(x), 8192):
            fh.write(x[i:i + 8192])
    fix_ogg_serial(path)


def levels(x: np.ndarray) -> tuple[float, float]:
    peak = float(np.max(np.abs(x)))
    rms = float(np.sqrt(np.mean(np.square(x))))
    return 20 * math.log10(max(peak, 1e-9)), 20 * math.log10(max(rms, 1e-9))


def manifest(effects: list[Effect]) -> str:
    lines = [
        "# Written by tools/make_sounds.py: the cues the game can play and their files.",
        "# Every file is synthesised by that tool (no outside recordings); see README.md here.",
        "version = 1",
        "",
        "[music]",
        'menu = "music_menu.ogg"',
        'play = "music_play.ogg"',
        "",
    ]
    for e in effects:
        files = ", ".join(f'"{e.name}_{k + 1}.ogg"' for k in range(e.variants))
        lines += [f"[cues.{e.name}]", f"# {e.note}", f"files = [{files}]", ""]
    return "\n".join(lines)


def preview(path: Path, x: np.ndarray, out_dir: Path, rate: int = SR) -> None:
    """A waveform over a spectrogram, drawn with pygame, for looking at a sound."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    x = to_mono(x)
    w, hw, hs = 1000, 140, 260
    surf = pygame.Surface((w, hw + hs))
    surf.fill((20, 18, 16))
    cols = np.array_split(x, w)
    for i, c in enumerate(cols):
        if len(c):
            lo, hi = float(c.min()), float(c.max())
            pygame.draw.line(surf, (230, 200, 120), (i, hw / 2 - hi * hw / 2), (i, hw / 2 - lo * hw / 2))
    for ydb in (-6, -12):   # guide lines
        y = hw / 2 - db(ydb) * hw / 2
        pygame.draw.line(surf, (90, 60, 60), (0, y), (w, y))
    win = 2048
    hop = max(1, (len(x) - win) // w)
    spec = np.zeros((w, hs))
    freqs = np.fft.rfftfreq(win, 1 / rate)
    bins = np.clip(np.searchsorted(freqs, 40 * (16000 / 40) ** (np.arange(hs) / hs)), 0, len(freqs) - 1)
    for i in range(w):
        seg = x[i * hop:i * hop + win]
        if len(seg) < win:
            seg = np.pad(seg, (0, win - len(seg)))
        mag = np.abs(np.fft.rfft(seg * np.hanning(win)))
        spec[i] = 20 * np.log10(mag[bins] + 1e-6)
    spec = np.clip((spec + 20) / 80, 0, 1)
    rgb = np.stack([spec ** 0.7 * 255, spec ** 1.5 * 230, spec ** 3 * 160], axis=2).astype(np.uint8)
    img = pygame.surfarray.make_surface(rgb[:, ::-1])
    surf.blit(img, (0, hw))
    out_dir.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(out_dir / (path.stem + ".png")))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", help="names to make (effects or menu/play); default all")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--preview", type=Path, metavar="DIR", help="also draw PNGs of each file here")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    wanted = set(args.only or [])
    rows = []
    for e in EFFECTS:
        if wanted and e.name not in wanted:
            continue
        for k in range(e.variants):
            rng = rng_for(f"{e.name}:{k}")
            x = normalise(fade(e.make(rng, k), 0.0005, 0.01), e.peak_db)
            path = args.out / f"{e.name}_{k + 1}.ogg"
            write_ogg(path, x, EFFECT_QUALITY)
            rows.append((path, x))
    for piece in MUSIC:
        if wanted and piece.name not in wanted:
            continue
        x = render_piece(piece)
        path = args.out / f"music_{piece.name}.ogg"
        write_ogg(path, x, MUSIC_QUALITY, MUSIC_SR)
        rows.append((path, x))
    if not wanted:
        (args.out / "sounds.toml").write_text(manifest(EFFECTS), encoding="utf-8")
    total = 0
    for path, _samples in rows:
        size = path.stat().st_size
        total += size
        decoded, rate = sf.read(str(path))
        pk, rms = levels(decoded)
        print(f"{path.name:24s} {len(decoded) / rate:7.2f} s {size / 1024:8.1f} KiB  peak {pk:6.1f} dBFS  rms {rms:6.1f} dBFS")
        if args.preview:
            preview(path, decoded, args.preview, rate)
    all_size = sum(p.stat().st_size for p in args.out.glob("*") if p.is_file())
    print(f"written {len(rows)} files, {total / 1024:.0f} KiB; assets/sounds holds {all_size / 1024:.0f} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
