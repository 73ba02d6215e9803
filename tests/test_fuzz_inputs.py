"""Hostile inputs (issue 14, the fault suite): config files, game records, table states and content packs,
each a valid one mutated (a wrong type at any path, huge integers, NULs, deep nesting, a key missing or
added), never crash and never change what they were read from.

What each reader may do with a mutated input:

* a game record (:func:`~companion.games.transmission.engine.record.replay`, and the store's resume
  through :meth:`Session.from_record`): replay it, or raise :class:`RecordError` with a one-line
  message; the record handed in is unchanged;
* a table state (:func:`~companion.games.transmission.table_state.table_problem` and
  :meth:`Session.from_record`): use it, or name what does not fit and put the table where the game's
  phase calls for (never an exception);
* a config file (:func:`~companion.table.config.read_config`): a :class:`Config` and a list of
  :class:`ConfigError`, every setting not named by a problem kept; the file's bytes unchanged;
* a content pack (:func:`~companion.games.transmission.content.loader.parse_content`): a pack or a
  :class:`ContentError`.

The figures (trials, survived, crashed per kind, and the first crashes) come from running this file::

    .venv/bin/python tests/test_fuzz_inputs.py [--trials 2000] [--seed 1] [--mutations 1]
"""

from __future__ import annotations

import argparse
import copy
import functools
import random
import sys
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

if __name__ == "__main__":  # run as a script: the tests' helpers are beside this file
    sys.path.insert(0, str(Path(__file__).resolve().parent))

from companion.errors import ConfigError, ContentError, RecordError
from companion.games.transmission.content.loader import default_content, parse_content
from companion.games.transmission.engine.record import replay
from companion.games.transmission.session import Session, Step
from companion.games.transmission.table_state import table_problem
from companion.table.config import Config, read_config
from test_session import RandomChooser

CONTENT = default_content()
DEFAULT_PACK = (Path(__file__).resolve().parents[1] / "companion" / "games" / "transmission" / "content"
                / "default.toml").read_bytes()
#: The longest message a refusal may give (a repr of a 5,000-character value is not a message).
LONGEST = 400


def nested(depth: int, leaf: Any = 1) -> Any:
    """``depth`` lists and objects inside each other around ``leaf``."""
    for level in range(depth):
        leaf = [leaf] if level % 2 else {"kind": leaf}
    return leaf


#: Values a tamperer would try; every one is something :func:`json.loads` can return.
HOSTILE: tuple[Any, ...] = (
    None, True, False, 0, -1, 5, 2**31, 2**63, -(2**63) - 1, 2**200, 0.5, -0.0, float("nan"), float("inf"),
    "", " ", "\x00", "N1\x00", "N", "x" * 5000, "..........", "é", [], {}, [None], [[]], [1, 2], ["N1"] * 5,
    {"kind": "undo", "index": 0}, {"kind": ["undo"]}, nested(60), nested(61),
)
JSON_LEAVES = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=12))
JSON_VALUES = st.one_of(st.sampled_from(HOSTILE), st.recursive(
    JSON_LEAVES, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                             max_size=4), max_leaves=8))

Draw = Callable[[int], int]  # an index below the argument
Value = Callable[[], Any]


# --------------------------------------------------------------------------- mutations


def paths(doc: Any, here: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path (keys and indexes) of every node of ``doc``, the root ``()`` first."""
    yield here
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from paths(value, (*here, key))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            yield from paths(value, (*here, index))


def mutate(doc: Any, draw: Draw, value: Value) -> Any:
    """A deep copy of ``doc`` with one node replaced, removed, wrapped or given an extra member."""
    doc = copy.deepcopy(doc)
    every = list(paths(doc))
    path = every[draw(len(every))]
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    node = parent[path[-1]] if path else doc
    how = draw(4)
    if how == 0:
        new: Any = value()
    elif how == 1 and path:
        del parent[path[-1]]
        return doc
    elif how == 2 and isinstance(node, dict):
        extra = ("kind", "extra", "format", "", "\x00", "order", "register", "card", "index", "carrying")
        node[extra[draw(len(extra))]] = value()
        return doc
    elif how == 2 and isinstance(node, list):
        node.insert(draw(len(node) + 1), value())
        return doc
    else:
        new = [node] if draw(2) else {"value": node}
    if not path:
        return new
    parent[path[-1]] = new
    return doc


#: How many mutations each trial makes (``--mutations`` of the script); the tests make one.
MUTATIONS = [1]


def mutated(doc: Any, draw: Draw, value: Value) -> Any:
    """``doc`` after :data:`MUTATIONS` mutations (:func:`mutate`), ``doc`` itself unchanged."""
    for _ in range(MUTATIONS[0]):
        doc = mutate(doc, draw, value)
    return doc


def random_draws(rng: random.Random) -> tuple[Draw, Value]:
    def value() -> Any:
        if rng.random() < 0.7:
            return rng.choice(HOSTILE)
        return rng.choice([rng.randint(-9, 9), str(rng.random())])
    return rng.randrange, value


def hypothesis_draws(data: st.DataObject) -> tuple[Draw, Value]:
    return (lambda n: data.draw(st.integers(0, n - 1))), (lambda: data.draw(JSON_VALUES))


# --------------------------------------------------------------------------- the valid inputs


@functools.cache
def saved_games() -> tuple[tuple[dict[str, Any], dict[str, Any]], ...]:
    """(record, table state) as the store saves them after each intent of a few whole games: every
    action kind (a board correction, an undo, Signal Boosts), mid-decode placements, every step."""
    saved = []
    for seed, difficulty in ((13, "standard"), (26, "training"), (11, "hard"), (8, "expert")):
        session = Session(CONTENT, RandomChooser(seed), difficulty, "standard", seed, undo="honor")
        assert session.correct_board(list(session.view().rows), (0, 0), None)
        for turn in range(300):
            saved.append((copy.deepcopy(session.record()), copy.deepcopy(session.table_state())))
            if session.over:
                break
            step = session.step
            if step is Step.DECODE:
                placed = sum(c is not None for c in session.arrangement)
                free = list(session.unplaced())
                if placed < 5 and free:
                    session.place(free[0], session.arrangement.index(None) + 1)
                    continue
                for boost in session.game.state.boosts[:1]:
                    session.use_boost(boost, 1, session.game.state.hand[0])
                if not session.execute():
                    state = session.game.state
                    session.clear_arrangement()
                    for k, card in enumerate(state.intended, start=1):
                        if state.registers[k - 1] is None:
                            session.place(card, k)
                    assert session.execute(), session.message
                    if turn % 3 == 0 and session.undo():
                        assert session.execute(), session.message
            elif step is Step.THINKING:
                assert session.choose_now()
            elif step is Step.EXECUTE and session.next_step():
                continue
            else:
                assert session.confirm(), session.message
    kinds = {a["kind"] for record, _ in saved for a in record["actions"]}
    assert kinds >= {"layout", "missions", "select", "reveal", "error", "scramble", "boost", "execute",
                     "deal", "correct", "undo"}, kinds
    return tuple(saved)


def valid_config(tmp: Path) -> dict[str, Any]:
    return {"game": {"undo": "honor", "physical_deck": True},
            "store": {"data_dir": str(tmp / "data"), "database": str(tmp / "data" / "games.sqlite3")},
            "display": {"rotation": 0}, "gpio": {"enabled": False, "pins": [5, 6]}, "reader": {"port": "x"}}


# --------------------------------------------------------------------------- one trial of each kind


def same(a: Any, b: Any) -> bool:
    """Equal, NaN included (a record holding NaN is unchanged if it still holds NaN)."""
    return repr(a) == repr(b)


def try_record(draw: Draw, value: Value) -> str | None:
    """Replay one mutated record, as replay() and as the store's resume; the failure, or ``None``."""
    saved = saved_games()
    record, table = saved[draw(len(saved))]
    bad = mutated(record, draw, value)
    before = copy.deepcopy(bad)
    for name, call in (("replay", lambda: replay(bad, CONTENT)),
                       ("from_record", lambda: Session.from_record(CONTENT, RandomChooser(), bad, table))):
        if name == "from_record" and not isinstance(bad, dict):
            continue  # the store always hands a JSON object
        try:
            call()
        except RecordError as exc:
            if not str(exc) or "\n" in str(exc) or len(str(exc)) > LONGEST:
                return f"unclear {name}: {str(exc)[:200]!r}"
        except Exception as exc:  # noqa: BLE001 - the point: nothing but RecordError gets out
            return f"crash {name}: {type(exc).__name__}: {str(exc)[:160]}"
        if not same(bad, before):
            return f"wrong {name}: the record handed in was changed"
    return None


def try_table(draw: Draw, value: Value) -> str | None:
    """Resume one game with a mutated table state; the failure, or ``None``."""
    saved = saved_games()
    record, table = saved[draw(len(saved))]
    bad = mutated(table, draw, value)
    before = copy.deepcopy(bad)
    try:
        usable = bad if isinstance(bad, dict) else None  # the store hands a JSON object or nothing
        session = Session.from_record(CONTENT, RandomChooser(), record, usable)
        problem = table_problem(session, bad)
    except Exception as exc:  # noqa: BLE001
        return f"crash from_record: {type(exc).__name__}: {str(exc)[:160]}"
    if problem is not None and (not problem or "\n" in problem or len(problem) > LONGEST):
        return f"unclear table_problem: {problem[:200]!r}"
    if not same(bad, before):
        return "wrong from_record: the table state handed in was changed"
    return None


def try_config(draw: Draw, value: Value, tmp: Path) -> str | None:
    """Read one mutated config file (a TOML value mutated, or the file's bytes); the failure, or ``None``."""
    doc = valid_config(tmp)
    if draw(4):
        bad = mutated(doc, draw, lambda: toml_able(value()))
        if not isinstance(bad, dict):
            bad = {"value": bad}
        data = tomli_w.dumps(bad).encode()
    else:
        bad = None
        text = tomli_w.dumps(doc).encode()
        data = (b"\xef\xbb\xbf" + text, text[: draw(len(text))], text.replace(b"=", b"=\x00", 1),
                b"a = " + b"[" * 100_000, b"a = " + b"9" * 5000, text + b"\n[game]\n", b"\xff" + text,
                b"[store]\ndata_dir = \"~nobody-here-" + b"x" * draw(3) + b"/c\"\n")[draw(8)]
    file = tmp / "config.toml"
    file.write_bytes(data)
    try:
        config, problems = read_config(file, env={})
    except Exception as exc:  # noqa: BLE001
        return f"crash read_config: {type(exc).__name__}: {str(exc)[:160]}"
    if file.read_bytes() != data:
        return "wrong read_config: the file was changed"
    if not all(isinstance(p, ConfigError) for p in problems):
        return f"wrong read_config: not a ConfigError: {problems!r:.200}"
    try:
        database, data_dir = str(config.database_path), str(config.data_dir)
        config.database_path.exists()
    except Exception as exc:  # noqa: BLE001
        return f"crash database_path: {type(exc).__name__}: {str(exc)[:160]}"
    if "\x00" in database + data_dir:
        return "wrong read_config: a NUL in a path"
    return None if bad is None else kept(bad, config, {p.field for p in problems})


def kept(written: dict[str, Any], config: Config, named: set[str]) -> str | None:
    """Every core setting no problem names is the file's (or its default when the file has none)."""
    if "" in named:  # the file as a whole could not be used: all defaults
        return None
    for key, got, default in (("game.undo", config.undo, "off"),
                              ("game.physical_deck", config.physical_deck, False),
                              ("store.data_dir", config.data_dir, Config().data_dir),
                              ("store.database", config.database, None)):
        section, name = key.split(".")
        table = written.get(section, {})
        if key in named or section in named or not isinstance(table, dict):
            continue
        want = table.get(name, default)
        if section == "store" and isinstance(want, str):
            want = Path(want).expanduser()
        if got != want:
            return f"wrong read_config: the valid {key} = {want!r} became {got!r}"
    return None


def toml_able(value: Any) -> Any:
    """``value`` as TOML can hold it: no null, keys only strings, no NaN trouble for the comparison."""
    if value is None:
        return "null"
    if isinstance(value, list):
        return [toml_able(v) for v in value]
    if isinstance(value, dict):
        return {str(k): toml_able(v) for k, v in value.items()}
    if isinstance(value, int) and not -(2**63) <= value < 2**63:
        return 2**63 - 1
    return value


def try_pack(draw: Draw, value: Value) -> str | None:
    """Parse one mutated content pack; the failure, or ``None``."""
    bad = mutated(default_pack_doc(), draw, lambda: toml_able(value()))
    if not isinstance(bad, dict):
        bad = {"value": bad}
    try:
        parse_content(tomli_w.dumps(bad).encode(), "fuzz.toml")
    except ContentError as exc:
        if not str(exc) or "\n" in str(exc).rstrip():
            return f"unclear parse_content: {str(exc)[:200]!r}"
    except Exception as exc:  # noqa: BLE001
        return f"crash parse_content: {type(exc).__name__}: {str(exc)[:160]}"
    return None


@functools.cache
def default_pack_doc() -> dict[str, Any]:
    return tomllib.loads(DEFAULT_PACK.decode())


# --------------------------------------------------------------------------- the tests

FUZZ = settings(max_examples=150, deadline=None, database=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@FUZZ
@given(st.data())
def test_a_tampered_record_is_a_record_error_naming_what_is_wrong(data: st.DataObject) -> None:
    """Issue 14, fault 9: an action ``"kind": [...]`` was a TypeError out of the store's resume."""
    assert try_record(*hypothesis_draws(data)) is None


@FUZZ
@given(st.data())
def test_a_tampered_table_state_puts_the_table_where_the_phase_says(data: st.DataObject) -> None:
    """Issue 14, fault 9: a table state with ``"step": {}`` was a TypeError out of the store's resume."""
    assert try_table(*hypothesis_draws(data)) is None


@FUZZ
@given(st.data())
def test_a_tampered_config_file_gives_config_errors_and_keeps_the_rest(tmp_path: Path,
                                                                       data: st.DataObject) -> None:
    assert try_config(*hypothesis_draws(data), tmp_path) is None


@settings(max_examples=40, deadline=None, database=None, derandomize=True)
@given(st.data())
def test_a_tampered_content_pack_is_a_content_error(data: st.DataObject) -> None:
    assert try_pack(*hypothesis_draws(data)) is None


def test_the_tampering_the_issue_names() -> None:
    record, table = saved_games()[-1]
    kind = copy.deepcopy(record)
    kind["actions"][1]["kind"] = ["missions"]
    with pytest.raises(RecordError, match=r'action 1: unknown action kind \["missions"\]'):
        replay(kind, CONTENT)
    step = dict(table, step={})
    session = Session.from_record(CONTENT, RandomChooser(), record, step)
    assert session.step is Step.END and "step {}" in str(table_problem(session, step))


def test_the_store_keeps_a_tampered_game_and_says_so(tmp_path: Path) -> None:
    """Through the store, as the table meets them: a tampered action is the store's own error and the
    game stays unfinished, unchanged; a tampered table state resumes on the step the phase calls for."""
    import json
    import sqlite3

    from companion.games.transmission.stored import KEEPER
    from companion.table.store import Store, StoreError

    path = tmp_path / "companion.sqlite3"
    with Store.open(path) as store:
        session = Session(CONTENT, RandomChooser(2), seed=2)
        game_id = store.begin(session, KEEPER)
        assert session.confirm() and session.choose_now()
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT seq, action FROM actions WHERE game_id = ? ORDER BY seq",
                            (game_id,)).fetchall()
        conn.execute("UPDATE actions SET action = ? WHERE game_id = ? AND seq = ?",
                     (json.dumps({"kind": ["missions"], "missions": []}), game_id, rows[1][0]))
        (state,) = conn.execute("SELECT state FROM table_state WHERE game_id = ?", (game_id,)).fetchone()
        assert json.loads(state)["step"] == "transmission"
        conn.execute("UPDATE table_state SET state = ? WHERE game_id = ?",
                     (json.dumps(dict(json.loads(state), step={})), game_id))
    with Store.open(path) as store:
        saved = store.unfinished()
        assert saved is not None and saved.id == game_id
        with pytest.raises(StoreError, match=r'action 1: unknown action kind \["missions"\].*game is kept'):
            store.resume(saved, KEEPER, CONTENT, RandomChooser(2))
        again = store.unfinished()
        assert again is not None and again.id == game_id and again.record == saved.record
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE actions SET action = ? WHERE game_id = ? AND seq = ?",
                     (rows[1][1], game_id, rows[1][0]))
    with Store.open(path) as store:
        saved = store.unfinished()
        assert saved is not None
        resumed = store.resume(saved, KEEPER, CONTENT, RandomChooser(2))
        played = len(session.game.actions)
        assert resumed.step is Step.DECODE and resumed.game.actions[:played] == session.game.actions


# --------------------------------------------------------------------------- the figures


def main(argv: list[str] | None = None) -> int:
    """Print trials, survived, crashed (an exception not ours), unclear (a message of several lines or
    hundreds of characters) and wrong (the input changed, a valid setting lost) for each kind of input;
    exit 1 if any trial did not survive."""
    import logging
    import tempfile

    logging.disable(logging.WARNING)  # every refused table state is logged; the figures are the point

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--trials", type=int, default=2000, help="mutations per kind (default 2000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kinds", default="record,table,config,pack")
    parser.add_argument("--mutations", type=int, default=1, help="mutations per trial (default 1)")
    args = parser.parse_args(argv)
    MUTATIONS[0] = args.mutations
    failed_any = False
    with tempfile.TemporaryDirectory() as tmp:
        trials: dict[str, Callable[[Draw, Value], str | None]] = {
            "record": try_record, "table": try_table,
            "config": lambda d, v: try_config(d, v, Path(tmp)), "pack": try_pack}
        for kind in args.kinds.split(","):
            rng = random.Random(f"{args.seed}-{kind}")
            failures: dict[str, int] = {}
            for _ in range(args.trials):
                failure = trials[kind](*random_draws(rng))
                if failure is not None:
                    failures[failure[:100]] = failures.get(failure[:100], 0) + 1
            counts = {how: sum(n for f, n in failures.items() if f.startswith(how))
                      for how in ("crash", "unclear", "wrong")}
            failed_any |= bool(failures)
            print(f"{kind:6}  trials {args.trials:5}  survived {args.trials - sum(counts.values()):5}  "
                  f"crashed {counts['crash']:4}  unclear message {counts['unclear']:4}  "
                  f"wrong {counts['wrong']:4}")
            for failure, count in sorted(failures.items(), key=lambda kv: -kv[1])[:8]:
                print(f"    {count:5} x {failure}")
    return 1 if failed_any else 0


if __name__ == "__main__":
    sys.exit(main())
