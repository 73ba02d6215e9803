"""Board set-up (ui/games/transmission/board_setup.kv): the spare hallway tile is drawn beside the board,
where it goes on the table, not as a legend swatch that looks like a key to the 12 hallways on the grid.

Screenshot: ``tests/_screenshots/board_setup_spare.png`` (look at it).
"""

from __future__ import annotations

from typing import Any

import test_ui_game
from test_ui_game import tap_text, wait_screen

start_app = test_ui_game.start_app
no_ui_errors = test_ui_game.no_ui_errors


def test_the_spare_hallway_lies_beside_the_board(ui_harness: Any, start_app: Any, no_ui_errors: None) -> None:
    h = ui_harness
    start_app(seed=4)
    tap_text(h, "New game")
    wait_screen(h, "setup")
    tap_text(h, "Start")
    s = wait_screen(h, "board_setup")
    board, spare = s.ids.board, s.ids.spare
    assert spare.tile == "." and spare.width > 0 and spare.height > 0
    grid_right = board.center_x + 2.5 * board.cell_size
    assert grid_right <= spare.x + 1 and spare.right < s.ids.key.x, "beside the board, before the key"
    assert board.y <= spare.center_y <= board.top
    # The key explains the tiles on the grid; no swatch there stands for the spare one.
    tiles = sorted(w.tile for w in h.find_all(s, cls="TileView"))
    assert tiles == [".", "A", "D", "a"]  # the spare; the key's intact, device and damaged sides
    assert not any("Spare hallway:" in getattr(w, "text", "") for w in h.find_all(cls="Label"))
    h.screenshot("board_setup_spare.png")
