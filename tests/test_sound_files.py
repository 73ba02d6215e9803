"""The sound cues (issue 22, item 5): made by ``scripts/make_sounds.py``, committed, small and sane."""

from __future__ import annotations

import importlib.util
import wave
from array import array
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "make_sounds.py"
SOUNDS = ROOT / "ui" / "assets" / "sounds"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_sounds", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_script_reproduces_the_committed_files_byte_for_byte(tmp_path: Path) -> None:
    made = _script().make_all(tmp_path)
    assert {p.name for p in made} == {p.name for p in SOUNDS.glob("*.wav")}
    for path in made:
        assert path.read_bytes() == (SOUNDS / path.name).read_bytes(), path.name


def test_every_cue_the_speaker_plays_has_a_file() -> None:
    from ui.sound import CUES

    assert set(CUES) == {p.stem for p in SOUNDS.glob("*.wav")}
    assert set(CUES) == set(_script().CUES)


@pytest.mark.parametrize("path", sorted(SOUNDS.glob("*.wav")), ids=lambda p: p.stem)
def test_each_cue_is_short_mono_16_bit_and_peaks_near_minus_3_dbfs(path: Path) -> None:
    with wave.open(str(path), "rb") as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, 22050)
        seconds = wav.getnframes() / wav.getframerate()
        pcm = array("h", wav.readframes(wav.getnframes()))
    assert 0.03 <= seconds <= 1.2, seconds
    peak = max(abs(s) for s in pcm) / 32767
    assert 0.65 <= peak <= 0.72, peak
    # No click: it starts and ends near silence.
    assert abs(pcm[0]) < 500 and abs(pcm[-1]) < 500
    assert path.stat().st_size < 50_000
