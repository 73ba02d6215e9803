"""How ``six-five-records-bc7f9e3.json`` was made: three Six Actions and three Five Actions games
recorded by main at bc7f9e3, before the two games' record code became one (companion.table.record).

Seeded random games (undos, Emergency Loans, a finished game among them), each with its players'
money at the end.  Run from a checkout's root with its venv::

    OLD/.venv/bin/python NEW/tests/data/make_six_five_records.py > six-five-records-bc7f9e3.json

``tests/test_six_five_saved_records.py`` checks that today's code replays each one to the same
record and the same money.
"""

import json
import random
import sys

sys.path.insert(0, "tests")
from companion.errors import IllegalAction  # noqa: E402
from companion.games.five_actions.engine.record import record_of as five_record  # noqa: E402
from companion.games.six_actions.content.loader import default_content as six_content  # noqa: E402
from companion.games.six_actions.engine.actions import Start as SixStart  # noqa: E402
from companion.games.six_actions.engine.actions import Undo as SixUndo  # noqa: E402
from companion.games.six_actions.engine.game import Game as SixGame  # noqa: E402
from companion.games.six_actions.engine.record import record_of as six_record  # noqa: E402
from companion.games.six_actions.engine.state import Phase  # noqa: E402
from five_support import draw_all  # noqa: E402
from five_support import game_at as five_game_at  # noqa: E402
from test_five_properties import candidates  # noqa: E402

out = {"six-actions": [], "five-actions": []}
for seed, layout, n in ((3, "map", 3), (11, "printed", 4), (5, "map", 5)):
    rng = random.Random(seed)
    g = SixGame(six_content(), layout, seed)
    names = ("Ana", "Ben", "Cleo", "Dev", "Eli")[:n]
    g.play(SixStart(names, ("red", "blue", "green", "yellow", "purple")[:n], 0))
    for _ in range(150):
        while (d := g.next_draw()) is not None:
            g.play(d)
        if g.state.phase is Phase.OVER:
            break
        legal = g.legal_actions()
        target = g.undo_target()
        if target is not None and rng.random() < 0.08:
            try:
                g.play(SixUndo(target))
                continue
            except IllegalAction:
                pass
        if not legal:
            break
        g.play(rng.choice(legal))
    out["six-actions"].append({"record": six_record(g), "money": [p.money for p in g.state.players]})
for seed, n in ((2, 2), (9, 3), (4, 4)):
    rng = random.Random(seed)
    g = five_game_at(n, seed=seed)
    played = 0
    for _ in range(400):
        kinds = candidates(g)
        action = rng.choice(rng.choice(kinds))
        try:
            g.play(action)
        except IllegalAction:
            continue
        draw_all(g)
        played += 1
        if played >= 60:
            break
    out["five-actions"].append({"record": five_record(g), "money": [p.money for p in g.state.players]})
json.dump(out, sys.stdout, indent=1)
