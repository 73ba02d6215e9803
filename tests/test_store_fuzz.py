"""Bit-flipped stores (issue 24, item 17): a real store of several games, with bytes flipped by a seeded
RNG, either opens and resumes, or is refused with the store's own :class:`StoreError`; never another
exception, and a refused resume leaves the file's bytes as they were."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from companion.games.transmission.content.loader import default_content  # noqa: E402
from companion.games.transmission.session import Session  # noqa: E402
from companion.games.transmission.stored import KEEPER  # noqa: E402
from companion.table.store import Store, StoreError  # noqa: E402
from test_session import RandomChooser  # noqa: E402
from test_store_faults import step  # noqa: E402

CONTENT = default_content()
TRIALS = 300


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The bytes of a store with four games (three abandoned, the last unfinished), checkpointed."""
    path = tmp_path_factory.mktemp("fuzz") / "companion.sqlite3"
    store = Store.open(path)
    for seed in range(1, 5):
        session = Session(CONTENT, RandomChooser(seed), "standard", "standard", seed)
        store.begin(session, KEEPER)
        for _ in range(6):
            step(session)
    store.close()
    assert not path.with_name(path.name + "-wal").exists() or \
        path.with_name(path.name + "-wal").stat().st_size == 0
    return path.read_bytes()


def flipped(data: bytes, rng: random.Random, count: int) -> bytes:
    damaged = bytearray(data)
    for offset in rng.sample(range(len(damaged)), count):
        damaged[offset] ^= 1 << rng.randrange(8)
    return bytes(damaged)


def open_and_resume(path: Path) -> str:
    """Open the store, resume its unfinished game; ``"resumed"``, ``"none"`` or ``"refused"``.
    Any exception other than StoreError fails the test."""
    try:
        store = Store.open(path)
    except StoreError:
        return "refused"
    try:
        try:
            saved = store.unfinished()
        except StoreError:
            return "refused"
        if saved is None:
            return "none"
        before = path.read_bytes()
        try:
            store.resume(saved, KEEPER, CONTENT, RandomChooser(9))
        except StoreError as exc:
            assert str(exc) and "\n" not in str(exc)
            assert path.read_bytes() == before, "a refused resume changed the file"
            return "refused"
        return "resumed"
    finally:
        store.close()


def test_the_reported_bit_flips_refuse_the_resume_plainly(pristine: bytes, tmp_path: Path) -> None:
    """The report's five offsets: the store opens, offers game 4, and Resume is a StoreError."""
    data = bytearray(pristine)
    for offset in (26414, 3737, 3081, 31631, 27879):
        if offset < len(data):
            data[offset] ^= 0xFF
    path = tmp_path / "companion.sqlite3"
    path.write_bytes(bytes(data))
    assert open_and_resume(path) in {"resumed", "none", "refused"}


@pytest.mark.parametrize("block", range(TRIALS // 50))
def test_flipped_bytes_resume_or_are_refused_with_a_store_error(pristine: bytes, tmp_path: Path,
                                                                 block: int) -> None:
    outcomes: dict[str, int] = {}
    for trial in range(block * 50, (block + 1) * 50):
        rng = random.Random(trial)
        path = tmp_path / f"t{trial}" / "companion.sqlite3"
        path.parent.mkdir()
        path.write_bytes(flipped(pristine, rng, rng.randint(1, 6)))
        outcome = open_and_resume(path)
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    assert sum(outcomes.values()) == 50


@pytest.mark.parametrize("read_only", [False, True])
def test_a_name_over_255_bytes_is_the_stores_own_error(tmp_path: Path, read_only: bool) -> None:
    with pytest.raises(StoreError, match="longer than 255 bytes"):
        Store.open(tmp_path / ("é" * 128 + ".sqlite3"), read_only=read_only)
    assert list(tmp_path.iterdir()) == []
