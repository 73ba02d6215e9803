#!/usr/bin/env python3
"""Synthesise the table's sound cues into ``ui/assets/sounds/*.wav`` (issue 22, item 5).

Every cue is made here from sine waves and a seeded noise generator with the standard library only
(:mod:`math`, :mod:`array`, :mod:`wave`): no sample comes from elsewhere, so the files' licence is
the project's.  The output is deterministic: running the script again writes the same bytes
(``tests/test_sound_files.py`` checks the committed files against a fresh run).

Format: 22,050 Hz, mono, 16-bit signed PCM; each cue is short (a tick is 40 ms, the fanfare under
1.2 s) and peaks at :data:`PEAK` of full scale (about -3 dBFS), with a few milliseconds of fade at
each end so no cue clicks.

Usage::

    python scripts/make_sounds.py               # writes ui/assets/sounds/
    python scripts/make_sounds.py --out DIR     # somewhere else (the test)
"""

from __future__ import annotations

import argparse
import math
import sys
import wave
from array import array
from collections.abc import Callable, Iterable
from pathlib import Path

#: Samples per second of every cue.
RATE = 22050
#: The loudest sample of every cue, as a fraction of full scale (about -3 dBFS).
PEAK = 0.7
#: Where the app finds the cues.
OUT_DIR = Path(__file__).resolve().parent.parent / "ui" / "assets" / "sounds"
#: Seconds of fade-in and fade-out at each end of a tone (no click).
FADE = 0.006

Samples = list[float]


def silence(seconds: float) -> Samples:
    """``seconds`` of nothing."""
    return [0.0] * round(seconds * RATE)


def tone(freq: float, seconds: float, partials: Iterable[tuple[float, float]] = ((1.0, 1.0),),
         decay: float = 0.0) -> Samples:
    """A note of ``freq`` Hz lasting ``seconds``.

    :param partials: ``(multiple of freq, amplitude)`` pairs summed (a bell, a buzz).
    :param decay: exponential decay rate per second (0: held), for struck sounds.
    """
    count = round(seconds * RATE)
    fade = max(1, round(FADE * RATE))
    parts = tuple(partials)
    out: Samples = []
    for i in range(count):
        t = i / RATE
        value = sum(amp * math.sin(2 * math.pi * freq * mult * t) for mult, amp in parts)
        envelope = math.exp(-decay * t) if decay else 1.0
        envelope *= min(1.0, i / fade, (count - 1 - i) / fade)
        out.append(value * envelope)
    return out


def noise(seconds: float, seed: int, smooth: float = 0.35) -> Samples:
    """A crackle: seeded white noise (a 32-bit linear congruential generator, so the bytes never
    depend on the Python version), low-passed by ``smooth`` and gated into short bursts."""
    count = round(seconds * RATE)
    state = seed & 0xFFFFFFFF
    out: Samples = []
    last = 0.0
    fade = max(1, round(FADE * RATE))
    for i in range(count):
        state = (1664525 * state + 1013904223) & 0xFFFFFFFF
        white = state / 0x7FFFFFFF - 1.0
        last = smooth * last + (1 - smooth) * white
        gate = 1.0 if (i // round(0.025 * RATE)) % 3 != 2 else 0.25  # crackles, not a hiss
        swell = 0.6 + 0.4 * math.sin(math.pi * i / count)
        out.append(last * gate * swell * min(1.0, i / fade, (count - 1 - i) / fade))
    return out


def mix(*layers: Samples) -> Samples:
    """Layers summed sample by sample (the longest decides the length)."""
    out = [0.0] * max(len(layer) for layer in layers)
    for layer in layers:
        for i, value in enumerate(layer):
            out[i] += value
    return out


def normalise(samples: Samples, peak: float = PEAK) -> Samples:
    """``samples`` scaled so the loudest is ``peak`` of full scale."""
    top = max(abs(s) for s in samples) or 1.0
    return [s * peak / top for s in samples]


# ---------------------------------------------------------------------------- the cues
# Notes in Hz: C5 523.25, E5 659.26, G5 783.99, A5 880.00, C6 1046.50, E6 1318.51.
BELL = ((1.0, 1.0), (2.0, 0.35), (3.01, 0.12))
BUZZ = ((1.0, 1.0), (3.0, 0.33), (5.0, 0.2), (7.0, 0.14))  # odd harmonics: a soft square


def transmission() -> Samples:
    """A Transmission card arrives: a rising two-tone, like a radio call sign."""
    return tone(659.26, 0.13, BELL) + silence(0.03) + tone(987.77, 0.2, BELL, decay=6.0)


def interference() -> Samples:
    """Interference strikes (an error card joins the hand): a crackling noise burst over a low hum."""
    return mix(noise(0.42, seed=22), [0.25 * s for s in tone(110.0, 0.42, BUZZ)])


def refused() -> Samples:
    """A command (or any intent) is refused: a low buzz, twice."""
    return tone(146.83, 0.14, BUZZ) + silence(0.06) + tone(138.59, 0.18, BUZZ)


def mission() -> Samples:
    """A mission is complete: a two-note bell chime."""
    return mix(tone(1046.5, 0.7, BELL, decay=4.5), silence(0.1) + tone(1318.51, 0.6, BELL, decay=4.5))


def victory() -> Samples:
    """The Cadet wins (or an action game ends): a short rising fanfare, the last note held."""
    notes = (523.25, 659.26, 783.99)
    out: Samples = []
    for freq in notes:
        out += tone(freq, 0.12, BELL) + silence(0.02)
    return out + tone(1046.5, 0.55, BELL, decay=2.5)


def defeat() -> Samples:
    """The deck ran out: three descending tones, the last one long."""
    return (tone(392.0, 0.2, BELL, decay=2.0) + silence(0.04) + tone(329.63, 0.2, BELL, decay=2.0)
            + silence(0.04) + tone(261.63, 0.5, BELL, decay=3.0))


def turn() -> Samples:
    """Another player's turn: one soft tick."""
    return tone(1760.0, 0.04, ((1.0, 1.0), (2.0, 0.2)), decay=90.0)


def round_change() -> Samples:
    """A new round: a double tick."""
    return turn() + silence(0.07) + tone(2093.0, 0.04, ((1.0, 1.0), (2.0, 0.2)), decay=90.0)


#: Cue name (the file's stem, :data:`ui.sound.CUES`) -> its maker.
CUES: dict[str, Callable[[], Samples]] = {
    "transmission": transmission, "interference": interference, "refused": refused, "mission": mission,
    "victory": victory, "defeat": defeat, "turn": turn, "round": round_change,
}


def write_wav(path: Path, samples: Samples) -> None:
    """``samples`` (floats in -1..1) as a 16-bit mono WAV at :data:`RATE`."""
    pcm = array("h", (max(-32767, min(32767, round(s * 32767))) for s in samples))
    if sys.byteorder != "little":
        pcm.byteswap()
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm.tobytes())


def make_all(out_dir: Path) -> list[Path]:
    """Write every cue into ``out_dir`` (created); returns the files, in :data:`CUES` order."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, maker in CUES.items():
        path = out_dir / f"{name}.wav"
        write_wav(path, normalise(maker()))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--out", type=Path, default=OUT_DIR, help=f"folder to write (default {OUT_DIR})")
    args = parser.parse_args(argv)
    for path in make_all(args.out):
        sys.stdout.write(f"{path} ({path.stat().st_size:,} bytes)\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
