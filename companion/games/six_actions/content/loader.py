"""Loading The Six Actions' content packs: read the TOML, validate every field, freeze it.

Source: DESIGN.md, The core step 1 (errors name file, field and value); the fields are
:mod:`companion.games.six_actions.content.model`'s, documented in the SAMPLE ``default.toml``.
:func:`load_content` raises the first problem; :func:`check_content` lists them all.  A UTF-8
byte-order mark (a Notepad copy) is dropped before parsing and is not part of the digest.
"""

from __future__ import annotations

import hashlib
from typing import Any

from companion.errors import ContentError
from companion.games.six_actions.content.model import (
    SECTORS,
    SHARE_GAINS,
    City,
    ContentPack,
    GameMap,
    Industry,
    Merit,
    Policy,
    Region,
    Reward,
    Setup,
)
from companion.i18n import _
from companion.table.pack_fields import MISSING, FieldReader, PackLoader
from companion.table.pack_file import read_toml

__all__ = ["DEFAULT_FILE", "load_content", "parse_content", "check_content", "default_content"]

#: The default (SAMPLE) pack's file name, beside this module.
DEFAULT_FILE = "default.toml"
#: The longest Merit card text.
MAX_TEXT = 120
#: Largest count or amount a pack may give (a typo guard).
MAX_NUMBER = 999


class _Checker(FieldReader):
    """The shared field readers, with The Six Actions' own: ascending levels and rewards."""

    one_table = "tables"

    def __init__(self, file: str) -> None:
        super().__init__(file, MAX_NUMBER)

    def ascending(self, data: dict[str, Any], key: str, path: str, low: int) -> tuple[int, ...] | None:
        value = data.get(key)
        if not isinstance(value, list) or not value:
            self.fail(path, value if key in data else MISSING,
                      _("must be a non-empty array of whole numbers"))
            return None
        for i, v in enumerate(value):
            if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= MAX_NUMBER:
                self.fail(f"{path}[{i}]", v, _("must be a whole number from {low} to {high}").format(
                    low=low, high=MAX_NUMBER))
                return None
            if i and v <= value[i - 1]:
                self.fail(f"{path}[{i}]", v, _("must be more than the one before ({before})").format(
                    before=value[i - 1]))
                return None
        return tuple(value)

    def reward(self, data: dict[str, Any], key: str, path: str) -> Reward | None:
        value = data.get(key, {})
        if not isinstance(value, dict):
            self.fail(path, value, _("must be a table of money, influence, promoters, merit"))
            return None
        for extra in sorted(set(value) - {"money", "influence", "promoters", "merit"}):
            self.fail(f"{path}.{extra}", value[extra], _("is not money, influence, promoters or merit"))
            return None
        got = [
            self.integer(value, k, f"{path}.{k}", 0, 99, 0)
            for k in ("money", "influence", "promoters", "merit")
        ]
        if any(g is None for g in got):
            return None
        return Reward(*(int(g or 0) for g in got))


def _setup(c: _Checker, data: dict[str, Any]) -> Setup | None:
    table = c.table(data, "setup", "setup")
    if table is None:
        return None
    players = c.players(table, "setup", 5)
    numbers = [
        c.integer(table, k, f"setup.{k}", lo, hi)
        for k, lo, hi in (
            ("money", 0, 500),
            ("promoters", 0, 50),
            ("influence", 0, 99),
            ("industries", 0, 3),
            ("policies", 0, 3),
            ("open_industries", 1, 6),
        )
    ]
    gain = table.get("share_gain")
    if gain not in SHARE_GAINS:
        c.fail(
            "setup.share_gain",
            gain if "share_gain" in table else MISSING,
            _("must be one of {words}").format(words=", ".join(SHARE_GAINS)),
        )
        return None
    if players is None or any(n is None for n in numbers):
        return None
    money, promoters, influence, industries, policies, open_industries = (int(n or 0) for n in numbers)
    return Setup(*players, money, promoters, influence, industries, policies, open_industries, str(gain))


def _industry(c: _Checker, item: dict[str, Any], path: str) -> Industry | None:
    ident = c.text(item, "id", f"{path}.id", ident=True)
    name = c.text(item, "name", f"{path}.name")
    icons = item.get("icons")
    if not isinstance(icons, list) or not 1 <= len(icons) <= 4:
        c.fail(f"{path}.icons", icons if "icons" in item else MISSING,
               _("must be an array of 1 to 4 sectors"))
        icons = None
    else:
        for i, icon in enumerate(icons):
            if icon not in SECTORS:
                c.fail(f"{path}.icons[{i}]", icon,
                       _("must be one of {words}").format(words=", ".join(SECTORS)))
                icons = None
                break
    value = c.integer(item, "asset_value", f"{path}.asset_value", 0, 99)
    influence = c.integer(item, "influence", f"{path}.influence", 0, 20, 0)
    steps_raw = item.get("steps", {})
    steps: list[tuple[str, int]] | None = []
    if not isinstance(steps_raw, dict):
        c.fail(f"{path}.steps", steps_raw, _("must be a table of sector = steps"))
        steps = None
    else:
        for sector, n in steps_raw.items():
            if sector not in SECTORS:
                c.fail(f"{path}.steps.{sector}", n,
                       _("is not a sector ({sectors})").format(sectors=", ".join(SECTORS)))
                steps = None
            elif isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 5:
                c.fail(f"{path}.steps.{sector}", n, _("must be a whole number from 1 to 5"))
                steps = None
            elif steps is not None:
                steps.append((sector, n))
    if None in (ident, name, icons, value, influence, steps):
        return None
    assert icons is not None and steps is not None
    return Industry(str(ident), str(name), tuple(icons), int(value or 0), tuple(steps), int(influence or 0))


def _policy(c: _Checker, item: dict[str, Any], path: str) -> Policy | None:
    ident = c.text(item, "id", f"{path}.id", ident=True)
    name = c.text(item, "name", f"{path}.name")
    promoters = c.integer(item, "promoters", f"{path}.promoters", 0, 9)
    politics = c.reward(item, "politics", f"{path}.politics")
    if ident is None or name is None or promoters is None or politics is None:
        return None
    return Policy(ident, name, promoters, politics)


def _merit(c: _Checker, item: dict[str, Any], path: str) -> Merit | None:
    ident = c.text(item, "id", f"{path}.id", ident=True)
    name = c.text(item, "name", f"{path}.name")
    text = c.text(item, "text", f"{path}.text", longest=MAX_TEXT)
    if ident is None or name is None or text is None:
        return None
    return Merit(ident, name, text)


def _map(c: _Checker, data: dict[str, Any]) -> GameMap | None:
    table = c.table(data, "map", "map", required=False)
    if table is None:
        return None

    def region(item: dict[str, Any], path: str) -> Region | None:
        ident, name = c.text(item, "id", f"{path}.id", ident=True), c.text(item, "name", f"{path}.name")
        bonus = c.reward(item, "bonus", f"{path}.bonus")
        return None if ident is None or name is None or bonus is None else Region(ident, name, bonus)

    regions = c.items(table, "regions", "map.regions", region)
    region_ids = {r.id for r in regions}

    def city(item: dict[str, Any], path: str) -> City | None:
        ident, name = c.text(item, "id", f"{path}.id", ident=True), c.text(item, "name", f"{path}.name")
        where = item.get("region")
        if not isinstance(where, str) or where not in region_ids:
            c.fail(f"{path}.region", where if "region" in item else MISSING,
                   _("is not a region of map.regions"))
            where = None
        metro = item.get("metro", False)
        if not isinstance(metro, bool):
            c.fail(f"{path}.metro", metro, _("must be true or false"))
            return None
        bonus = c.reward(item, "bonus", f"{path}.bonus")
        if ident is None or name is None or where is None or bonus is None:
            return None
        return City(ident, name, str(where), metro, bonus)

    cities = c.items(table, "cities", "map.cities", city, least=2)
    city_ids = {x.id for x in cities}
    if cities and not any(x.metro for x in cities):
        c.fail("map.cities", "<no metro>", _("at least one city must be a metro (metro = true)"))
    roads_table = c.table(table, "roads", "map.roads")
    roads: list[tuple[str, str]] = []
    golden = roads_table.get("golden") if roads_table is not None else None
    if roads_table is not None and not isinstance(golden, list):
        c.fail(
            "map.roads.golden",
            golden if golden is not None else MISSING,
            _("must be an array of [city, city]"),
        )
    for i, pair in enumerate(golden if isinstance(golden, list) else []):
        where = f"map.roads.golden[{i}]"
        if not isinstance(pair, list) or len(pair) != 2 or pair[0] == pair[1]:
            c.fail(where, pair, _("must be two different city ids"))
        elif not all(isinstance(x, str) for x in pair):
            c.fail(where, pair, _("must be two different city ids"))
        elif pair[0] not in city_ids or pair[1] not in city_ids:
            c.fail(where, pair, _("names a city that is not in map.cities"))
        else:
            roads.append((str(pair[0]), str(pair[1])))
    return GameMap(tuple(cities), tuple(regions), tuple(roads))


def _parse(data: bytes, file: str) -> tuple[ContentPack | None, list[ContentError]]:
    raw, data, faults = read_toml(data, file)
    if raw is None:
        return None, faults
    c = _Checker(file)
    pack = c.table(raw, "pack", "pack")
    ident = c.text(pack, "id", "pack.id", longest=40) if pack is not None else None
    title = c.text(pack, "title", "pack.title", longest=40) if pack is not None else None
    sample = c.flag(pack, "sample", "pack.sample") if pack is not None else False
    setup = _setup(c, raw)
    sectors, shares, finance = (c.table(raw, k, k) for k in ("sectors", "shares", "finance"))
    levels = (
        c.ascending(sectors, "leader_levels", "sectors.leader_levels", 1) if sectors is not None else None
    )
    values = c.ascending(shares, "values", "shares.values", 1) if shares is not None else None
    loans = c.ascending(finance, "loan_levels", "finance.loan_levels", 31) if finance is not None else None
    industries = c.items(raw, "industries", "industries", lambda i, p: _industry(c, i, p))
    policies = c.items(raw, "policies", "policies", lambda i, p: _policy(c, i, p), least=2)
    merits = c.items(raw, "merits", "merits", lambda i, p: _merit(c, i, p))
    game_map = _map(c, raw)
    if (
        setup is not None
        and industries
        and setup.industries * setup.max_players + setup.open_industries > len(industries)
    ):
        c.fail(
            "industries",
            len(industries),
            _("too few for {players} players: {each} each and {open} open").format(
                players=setup.max_players, each=setup.industries, open=setup.open_industries),
        )
    if setup is not None and policies and setup.policies * setup.max_players + 2 > len(policies):
        c.fail(
            "policies",
            len(policies),
            _("too few for {players} players: {each} each and 2 open").format(
                players=setup.max_players, each=setup.policies),
        )
    if c.errors or None in (ident, title, setup, levels, values, loans):
        return None, c.errors
    assert setup is not None and levels is not None and values is not None and loans is not None
    return ContentPack(
        str(ident),
        str(title),
        bool(sample),
        hashlib.sha256(data).hexdigest()[:12],
        setup,
        levels,
        values,
        loans,
        tuple(industries),
        tuple(policies),
        tuple(merits),
        game_map,
    ), []


_PACKS: PackLoader[ContentPack] = PackLoader(__package__, DEFAULT_FILE, _parse)
parse_content = _PACKS.parse_content
load_content = _PACKS.load_content
check_content = _PACKS.check_content
default_content = _PACKS.default_content
