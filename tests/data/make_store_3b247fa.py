"""How ``store-3b247fa.sqlite3`` was made: a game store written by main at 3b247fa (schema 2).

Run it with a checkout of that commit (its modules were flat then: ``companion.store``,
``companion.session`` ...) and its venv, from that checkout's ``tests/`` folder::

    cd OLD/tests
    PYTHONPATH=. OLD/.venv/bin/python NEW/tests/data/make_store_3b247fa.py store-3b247fa.sqlite3

Four finished games (two won, two lost) and one unfinished game of standard difficulty with undo on,
its first round executed and its second mid-decode with two cards placed.  The old program's answers
on the file (``companion history``, ``stats``, ``export``) were added to
``store-3b247fa.expected.json`` beside the record and table state written here;
``tests/test_store_migration.py`` checks that today's store migrates the file and gives them back.
"""

import json
import sqlite3
import sys
from pathlib import Path

from companion.content import default_content  # type: ignore[import-not-found]
from companion.planner import Planner  # type: ignore[import-not-found]
from companion.session import Session, Step  # type: ignore[import-not-found]
from companion.store import Store  # type: ignore[import-not-found]

from test_store import lost_game, won_game

out = Path(sys.argv[1])
for old in (out, Path(f"{out}-wal"), Path(f"{out}-shm")):
    old.unlink(missing_ok=True)
CONTENT = default_content()
planner = Planner()
store = Store.open(out)
won_game(store, planner, 4)
lost_game(store, 1)
lost_game(store, 2, "hard")
won_game(store, planner, 9)
session = Session(CONTENT, planner, "standard", "standard", 11, undo="honor")
store.begin(session)
assert session.confirm() and session.choose_now() and session.confirm() and session.step is Step.DECODE
state = session.game.state
session.arrangement = list(state.intended)
session.left_out = [c for c in state.hand if c not in state.intended][: state.leave_out]
assert session.execute(), session.message
while session.step is not Step.THINKING:
    assert session.confirm()
assert session.choose_now() and session.confirm() and session.step is Step.DECODE
state = session.game.state
assert session.place(state.intended[0], 1) and session.place(state.intended[2], 3), session.message
store.close()
expected = {"record": session.record(), "table": session.table_state(), "step": session.step.value,
            "arrangement": list(session.arrangement)}
Path(str(out).replace(".sqlite3", ".expected.json")).write_text(json.dumps(expected, indent=1) + "\n")
conn = sqlite3.connect(out)
conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
conn.execute("PRAGMA journal_mode = DELETE")  # one self-contained file, as committed
conn.close()
