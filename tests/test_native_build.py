"""The optional C search core: when mission_control.native hands it out, and that CI builds it.

The loader's rules are checked with a stand-in module (``importlib.import_module`` patched), so they
hold whether or not this checkout has a compiled core: ``COMPANION_PURE_SEARCH=1`` forces ``None``;
an import that fails means ``None``; a build whose ``SOURCE_SHA256`` is not the sha256 of the
``_search.c`` beside it means ``None`` and one warning naming the file and the rebuild command.
The last test imports the real extension: in CI (``CI=true``, scripts/test after a fresh clone's
set-up) it must be there and fresh; elsewhere it is skipped only when the core is not built.
"""

from __future__ import annotations

import hashlib
import importlib
import logging
import os
import subprocess
import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.games.transmission.mission_control import native

NAME = "companion.games.transmission.mission_control._search"
SOURCE = Path(native.__file__).with_name("_search.c")
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def fresh_answer(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test asks the loader anew, without the switch, and leaves no cached answer behind."""
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    native.core_module.cache_clear()
    yield
    native.core_module.cache_clear()


def fake_core(directory: Path, source: bytes | None, built: str | None) -> types.ModuleType:
    """A stand-in for the extension, as if loaded from ``directory``, built from ``built`` (a
    sha256, or None for no SOURCE_SHA256), with ``source`` as the ``_search.c`` beside it."""
    module = types.ModuleType(NAME)
    module.__file__ = str(directory / "_search.cpython-311-x86_64-linux-gnu.so")
    if built is not None:
        module.SOURCE_SHA256 = built
    module.Core = type("Core", (), {})
    if source is not None:
        (directory / "_search.c").write_bytes(source)
    return module


def serve(monkeypatch: pytest.MonkeyPatch, module: types.ModuleType | Exception) -> list[str]:
    """Make ``importlib.import_module`` of the extension's name return ``module`` (or raise it);
    the names asked for are returned, in order."""
    asked: list[str] = []
    real: Callable[..., types.ModuleType] = importlib.import_module

    def import_module(name: str, package: str | None = None) -> types.ModuleType:
        if name != NAME:
            return real(name, package)
        asked.append(name)
        if isinstance(module, Exception):
            raise module
        return module

    monkeypatch.setattr(importlib, "import_module", import_module)
    return asked


def test_a_fresh_build_is_used_and_the_answer_is_cached(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    source = b"/* the core */\n"
    module = fake_core(tmp_path, source, hashlib.sha256(source).hexdigest())
    asked = serve(monkeypatch, module)
    assert native.core_module() is module
    assert native.core_module() is module
    assert asked == [NAME], "imported once, then cached"


def test_a_build_without_its_source_beside_it_is_used(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """An install that did not ship ``_search.c``: nothing to compare, the build is trusted."""
    module = fake_core(tmp_path, None, "0" * 64)
    serve(monkeypatch, module)
    assert native.core_module() is module


def test_the_environment_forces_the_pure_search(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = b"/* the core */\n"
    asked = serve(monkeypatch, fake_core(tmp_path, source, hashlib.sha256(source).hexdigest()))
    monkeypatch.setenv("COMPANION_PURE_SEARCH", "1")
    assert native.core_module() is None
    assert asked == [], "not even imported"
    for yes in ("true", " Yes ", "on"):
        monkeypatch.setenv("COMPANION_PURE_SEARCH", yes)
        native.core_module.cache_clear()
        assert native.core_module() is None, yes
    monkeypatch.setenv("COMPANION_PURE_SEARCH", "0")
    native.core_module.cache_clear()
    assert native.core_module() is not None, "0 keeps the core"


def test_a_value_of_the_switch_not_understood_keeps_the_core_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    source = b"/* the core */\n"
    serve(monkeypatch, fake_core(tmp_path, source, hashlib.sha256(source).hexdigest()))
    monkeypatch.setenv("COMPANION_PURE_SEARCH", "perhaps")
    with caplog.at_level("WARNING"):
        assert native.core_module() is not None
    assert any("COMPANION_PURE_SEARCH=perhaps is not understood" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("error", [ModuleNotFoundError(f"No module named {NAME!r}"),
                                   ImportError("undefined symbol: PyFoo"), OSError("bad ELF")])
def test_a_core_that_cannot_be_imported_means_the_pure_search(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, error: Exception) -> None:
    asked = serve(monkeypatch, error)
    with caplog.at_level(logging.WARNING, logger=native.__name__):
        assert native.core_module() is None
        assert native.core_module() is None
    assert asked == [NAME]
    assert caplog.records == [], "no core built is a normal install: no warning"


@pytest.mark.parametrize("built", ["0" * 64, None])
def test_a_stale_build_means_the_pure_search_and_one_warning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
        built: str | None) -> None:
    """The ``.c`` was edited after the build (or the build exports no SOURCE_SHA256)."""
    serve(monkeypatch, fake_core(tmp_path, b"/* edited since */\n", built))
    with caplog.at_level(logging.WARNING, logger=native.__name__):
        assert native.core_module() is None
        assert native.core_module() is None
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1, warnings
    assert str(tmp_path / "_search.c") in warnings[0]
    assert "scripts/run" in warnings[0] and ".venv/bin/python setup.py build_ext --inplace" in warnings[0]


def built_core() -> types.ModuleType:
    """The real extension; outside CI the test is skipped when it is not built."""
    try:
        return importlib.import_module(NAME)
    except ImportError as error:
        if os.environ.get("CI") == "true":
            raise
        pytest.skip(f"the C search core is not built here ({error}); CI requires it")


def test_the_extension_is_built_and_fresh() -> None:
    """CI proves the build step works from a fresh clone: the core imports, exports the API of
    NATIVE_API.md, and was compiled from the ``_search.c`` in the tree."""
    module = built_core()
    assert native.stale_reason(module) is None, native.stale_reason(module)
    assert SOURCE.exists(), "the source the core is checked against"
    assert module.SOURCE_SHA256 == hashlib.sha256(SOURCE.read_bytes()).hexdigest()
    assert native.core_module() is module
    assert callable(module.Core)


def test_the_stub_matches_the_extension() -> None:
    """``_search.pyi`` types the callers (mypy --strict): it must say what the build really has."""
    built_core()
    done = subprocess.run([sys.executable, "-m", "mypy.stubtest", NAME], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
