"""The house's shape, checked statically (DESIGN.md, Layers and Conventions).

Every ``import`` and ``from ... import`` of ``companion/``, ``hardware/`` and ``ui/`` is read
with :mod:`ast`, wherever it stands (module level or inside a function), and so is every
``importlib.import_module("...")`` / ``__import__("...")`` / ``pkgutil.resolve_name("...")`` call with a
literal name, and every declared lazy reference, ``Reference("module:attr")``
(:mod:`companion.table.reference`), as an import of its module.  The test fails on:

- an import cycle between our modules (function-level imports count: they only hide a cycle);
- a layer break: ``companion`` importing ``ui``, ``hardware``, Kivy, gpiozero or pyserial;
  ``hardware`` importing ``companion`` or ``ui``;
- a private name (``_x``) taken from another of our modules, by ``from m import _x`` or as
  ``m._x`` on an imported module;
- a module over 600 lines;
- an import that runs back up the house: inside ``companion/`` every module stands on a floor
  (:data:`FLOORS`, low to high: ``errors``, ``table``, the framework's ``cli`` and ``lab``, each game,
  the catalog and the entry module that wires it into the command line), and an import goes to the
  same floor or a lower one (issue 24, item 2).  The registry (:class:`companion.table.registry.GameInfo`)
  hands each game's commands, debrief and benches to the framework, which imports no game.

An import of ``a.b.c`` is an edge to ``a.b.c`` only (the implicit import of the parent packages
is not counted: a package's ``__init__`` may re-export its modules without making a cycle).

``python tests/test_structure.py`` prints the figures (modules, edges, cycles, layer breaks,
private imports, upward imports, the longest modules).
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("companion", "hardware", "ui")
#: What each layer may not import (DESIGN.md, Layers): ours and third-party top-level names.
FORBIDDEN = {
    "companion": ("ui", "hardware", "kivy", "gpiozero", "serial", "lgpio", "PIL", "qrcode", "pyzbar"),
    "hardware": ("companion", "ui", "kivy"),
    "ui": (),
}
#: Exceptions to :data:`FORBIDDEN`: the table's language (stdlib gettext only, the lowest floor) is
#: read by every layer, ``hardware`` included, so its messages follow the table's language too.
ALLOWED = {"hardware": ("companion.i18n",)}
MAX_LINES = 600
#: The module that resolves :class:`companion.table.reference.Reference` s (``pkgutil.resolve_name``
#: of a computed name): every reference is a literal ``Reference("module:attr")``, read as an import
#: of that module where it is written (a computed one is refused like a computed ``import_module``).
RESOLVERS = frozenset({"companion.table.reference"})
#: The floors of ``companion/``, low to high: (floor, the modules on it, as dotted prefixes; the
#: bare ``companion`` is its ``__init__`` alone).  A module's floor is the one of its longest matching
#: prefix; one without any is reported (a new top-level module must be given a floor).  Every game
#: (``companion.games.<game>``) shares a floor.
FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("errors", ("companion", "companion.errors", "companion.i18n")),
    ("table", ("companion.table",)),
    ("framework", ("companion.cli", "companion.lab")),
    ("games", ("companion.games",)),
    ("catalog and entry", ("companion.games.catalog", "companion.entry", "companion.__main__")),
)


@dataclass(frozen=True)
class Import:
    """One import in a module: the module imported, the names taken from it, where it stands."""

    source: str
    target: str
    names: tuple[str, ...]
    line: int
    how: str  # "import", "from", "string"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def our_modules() -> dict[str, Path]:
    """Every module of the three packages, by dotted name."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found[module_name(path)] = path
    return found


def _resolve(source: str, is_package: bool, module: str | None, level: int) -> str:
    if level == 0:
        return module or ""
    base = source.split(".") if is_package else source.split(".")[:-1]
    base = base[: len(base) - (level - 1)] if level > 1 else base
    return ".".join(base + ([module] if module else []))


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> Iterator[Import]:
    """Every import in one module, function-level and by string included."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    is_package = path.name == "__init__.py"
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(name, alias.name, (), node.lineno, "import")
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(name, is_package, node.module, node.level)
            plain = []
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                if sub in modules:  # `from pkg import module`
                    yield Import(name, sub, (), node.lineno, "from")
                else:
                    plain.append(alias.name)
            if plain or not node.names:
                yield Import(name, target, tuple(plain), node.lineno, "from")
        elif isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called not in ("import_module", "__import__", "resolve_name", "Reference"):
                continue
            keyword = "target" if called == "Reference" else "name"
            first = node.args[0] if node.args else next(
                (k.value for k in node.keywords if k.arg == keyword), None)
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                how = "reference" if called == "Reference" else "string"
                yield Import(name, first.value.partition(":")[0], (), node.lineno, how)
            elif name in RESOLVERS and called == "resolve_name":
                continue  # the one resolver of the references, each read above where it is written
            else:  # a computed name hides what is imported: not allowed in our code
                yield Import(name, "<computed>", (), node.lineno, "computed")


def private_attribute_uses(name: str, path: Path, modules: dict[str, Path]) -> Iterator[str]:
    """``m._x`` where ``m`` is one of our modules imported under that name."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in modules and alias.asname:
                    aliases[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(name, path.name == "__init__.py", node.module, node.level)
            for alias in node.names:
                if f"{target}.{alias.name}" in modules:
                    aliases[alias.asname or alias.name] = f"{target}.{alias.name}"
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                and not node.attr.startswith("__") and node.attr != "_"):
            continue
        if isinstance(node.value, ast.Name) and node.value.id in aliases:
            yield f"{name}:{node.lineno} uses {aliases[node.value.id]}.{node.attr}"
        else:  # the full dotted path: companion.table.store._x
            dotted = _dotted(node.value)
            if dotted in modules and dotted != name:
                yield f"{name}:{node.lineno} uses {dotted}.{node.attr}"


def _dotted(node: ast.expr) -> str | None:
    """``a.b.c`` for a chain of attributes on a name, else ``None``."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return ".".join([node.id, *reversed(parts)])


def _ours(target: str, modules: dict[str, Path]) -> str | None:
    """The module of ours an import names (``a.b.c`` -> the longest known prefix), or None."""
    parts = target.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in modules:
            return candidate
        parts.pop()
    return None


@dataclass
class Report:
    modules: int
    edges: int
    cycles: list[list[str]]
    layer_breaks: list[str]
    private_imports: list[str]
    too_long: list[str]
    longest: list[tuple[int, str]]
    #: Imports from a lower floor of ``companion/`` to a higher one (or of a module with no floor).
    upward: list[str]
    #: The same, as arrows between parts of the house (``companion.cli -> companion.games.catalog``).
    upward_arrows: list[str]


def _under(module: str, prefix: str) -> bool:
    """``module`` is ``prefix`` or inside it; the top package (``companion``) stands for its own
    ``__init__`` only, so a new top-level module has no floor until it is given one."""
    return module == prefix or ("." in prefix and module.startswith(prefix + "."))


def floor_of(module: str) -> int | None:
    """The floor of a ``companion`` module (its index in :data:`FLOORS`), or ``None`` if it has none."""
    best: tuple[int, int] | None = None  # (prefix length, floor)
    for level, (_, prefixes) in enumerate(FLOORS):
        for prefix in prefixes:
            if _under(module, prefix) and (best is None or len(prefix) > best[0]):
                best = (len(prefix), level)
    return None if best is None else best[1]


def part_of(module: str) -> str:
    """The part of the house a ``companion`` module belongs to, for the arrows: the longest prefix of
    :data:`FLOORS` it has, one level deeper for a game (``companion.games.transmission``)."""
    prefixes = sorted((p for _, group in FLOORS for p in group if _under(module, p)), key=len)
    part = prefixes[-1] if prefixes else module
    if part == "companion.games" and module != part:
        return ".".join(module.split(".")[:3])
    return part


def upward_imports(graph: dict[str, set[str]]) -> tuple[list[str], list[str]]:
    """Every edge of ``graph`` inside ``companion/`` that climbs a floor (or leaves one with no
    floor), as ``"a -> b (floor x above floor y)"``, and the distinct arrows between parts."""
    found, arrows = [], set()
    for source in sorted(graph):
        if source.split(".")[0] != "companion":
            continue
        for target in sorted(graph[source]):
            if target.split(".")[0] != "companion":
                continue
            low, high = floor_of(source), floor_of(target)
            if low is None or high is None:
                found.append(f"{source} -> {target} (no floor for "
                             f"{source if low is None else target}: add it to FLOORS)")
            elif high > low:
                found.append(f"{source} -> {target} (floor {FLOORS[high][0]!r} above "
                             f"{FLOORS[low][0]!r})")
            else:
                continue
            arrows.add(f"{part_of(source)} -> {part_of(target)}")
    return found, sorted(arrows)


def survey() -> Report:
    modules = our_modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    layer_breaks, private = [], []
    for name, path in modules.items():
        layer = name.split(".")[0]
        for imp in imports_of(name, path, modules):
            top = imp.target.split(".")[0]
            allowed = imp.target in ALLOWED.get(layer, ())
            if imp.how == "computed" or (top in FORBIDDEN[layer] and not allowed):
                layer_breaks.append(f"{name}:{imp.line} imports {imp.target} ({imp.how})")
            target = _ours(imp.target, modules)
            if target is None or target == name:
                continue
            graph[name].add(target)
            for taken in imp.names:
                # ``_`` is gettext's translate function (companion.i18n), not a private name.
                if taken.startswith("_") and not taken.startswith("__") and taken != "_":
                    private.append(f"{name}:{imp.line} imports {taken} from {target}")
        private.extend(private_attribute_uses(name, path, modules))
    lengths = sorted(((len(path.read_text(encoding="utf-8").splitlines()), name)
                      for name, path in modules.items()), reverse=True)
    upward, arrows = upward_imports(graph)
    return Report(
        modules=len(modules), edges=sum(len(v) for v in graph.values()), cycles=_cycles(graph),
        layer_breaks=layer_breaks, private_imports=private,
        too_long=[f"{name}: {n} lines" for n, name in lengths if n > MAX_LINES], longest=lengths[:5],
        upward=upward, upward_arrows=arrows)


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(root: str) -> None:
        nonlocal counter
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


# --------------------------------------------------------------------------- the checker checked


def test_the_cycle_finder_finds_a_cycle_and_only_cycles() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set(), "c": {"b"}}) == []


def test_function_level_and_string_imports_are_seen(tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_text("import importlib\nimport ui.cli\n\ndef f():\n    from ui import app\n"
                    "    return importlib.import_module('hardware.panel'), app._x, ui.cli._y\n\n"
                    "def g():\n    importlib.import_module(name='serial')\n"
                    "    return importlib.import_module('u' + 'i.app')\n", encoding="utf-8")
    modules = {"ui.app": path, "ui.cli": path, "hardware.panel": path}
    found = {(i.target, i.how) for i in imports_of("companion.m", path, modules)}
    assert {("ui.app", "from"), ("hardware.panel", "string"), ("serial", "string"),
            ("<computed>", "computed")} <= found
    assert sorted(private_attribute_uses("companion.m", path, modules)) == [
        "companion.m:6 uses ui.app._x", "companion.m:6 uses ui.cli._y"]


def test_a_reference_is_an_import_of_its_module(tmp_path: Path) -> None:
    """A lazy ``Reference("m:a")`` is checked like an import: one naming ``ui`` from the core is a
    layer break, and a computed one hides what it imports."""
    path = tmp_path / "m.py"
    path.write_text("from companion.table.reference import Reference\n"
                    "RUN = Reference('ui.cli:RUN')\nAPP = Reference(target='kivy.app:App')\n"
                    "NAME = 'ui.app:main'\nHIDDEN = Reference(NAME)\n"
                    "import pkgutil\nX = pkgutil.resolve_name('hardware.panel:open_panel')\n",
                    encoding="utf-8")
    modules = {"ui.cli": path, "hardware.panel": path, "companion.table.reference": path}
    found = {(i.target, i.how) for i in imports_of("companion.m", path, modules)}
    assert {("ui.cli", "reference"), ("kivy.app", "reference"), ("<computed>", "computed"),
            ("hardware.panel", "string")} <= found
    # Only the resolver itself may resolve a computed name.
    resolver = tmp_path / "r.py"
    resolver.write_text("from pkgutil import resolve_name\ndef load(t):\n    return resolve_name(t)\n",
                        encoding="utf-8")
    assert list(imports_of("companion.table.reference", resolver, modules)) == [
        Import("companion.table.reference", "pkgutil", ("resolve_name",), 1, "from")]
    elsewhere = {(i.target, i.how) for i in imports_of("companion.x", resolver, modules)}
    assert ("<computed>", "computed") in elsewhere


def test_the_floor_check_finds_an_import_up_the_house() -> None:
    """A framework module importing a game, or the catalog, climbs; a game importing the framework,
    the table or another module of its own floor does not; a module with no floor is reported."""
    graph = {
        "companion.cli.store": {"companion.games.catalog", "companion.table.store"},
        "companion.lab.progress": {"companion.games.transmission.engine.game"},
        "companion.table.store": {"companion.errors"},
        "companion.games.transmission.cli": {"companion.cli.output", "companion.games.six_actions.info",
                                             "companion.table.registry"},
        "companion.games.catalog": {"companion.games.transmission.info"},
        "companion.entry": {"companion.games.catalog", "companion.cli.main"},
        "companion.loose": {"companion.errors"},
        "ui.app": {"companion.games.catalog"},
    }
    found, arrows = upward_imports(graph)
    assert [line.split(" (")[0] for line in found] == [
        "companion.cli.store -> companion.games.catalog",
        "companion.lab.progress -> companion.games.transmission.engine.game",
        "companion.loose -> companion.errors"]
    assert "no floor for companion.loose" in found[2]
    assert arrows == ["companion.cli -> companion.games.catalog",
                      "companion.lab -> companion.games.transmission",
                      "companion.loose -> companion.errors"]
    assert (floor_of("companion"), floor_of("companion.games"), floor_of("companion.games.catalog")) == (
        0, 3, 4)


def test_relative_imports_resolve() -> None:
    assert _resolve("ui.screens.decode", False, "base", 1) == "ui.screens.base"
    assert _resolve("ui.screens.decode", False, "widgets", 2) == "ui.widgets"
    assert _resolve("ui.screens", True, "base", 1) == "ui.screens.base"


# --------------------------------------------------------------------------- the house


REPORT = survey()


def test_no_import_cycles() -> None:
    assert REPORT.cycles == [], "import cycles: " + "; ".join(" <-> ".join(c) for c in REPORT.cycles)


def test_imports_point_one_way() -> None:
    assert REPORT.layer_breaks == [], "\n".join(REPORT.layer_breaks)


def test_no_private_name_crosses_a_module() -> None:
    assert REPORT.private_imports == [], "\n".join(REPORT.private_imports)


def test_no_kv_rule_reaches_past_the_host() -> None:
    """A ``.kv`` rule gets the real app, unchecked by mypy: it must not reach the Session, the store
    or the game state (DESIGN.md, Views); a screen's kv calls one method of its screen or of the
    :class:`ui.host.Host`."""
    pattern = re.compile(r"\bapp\.(session|store|table_store|game_intents)\b|\.game\.state\b|\bsession\.")
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
             for path in sorted((ROOT / "ui").rglob("*.kv"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if pattern.search(line)]
    assert found == [], "\n".join(found)


def test_no_import_runs_back_up_the_house() -> None:
    """Inside ``companion/`` an import goes to the same floor or a lower one (:data:`FLOORS`)."""
    assert REPORT.upward == [], "\n".join(REPORT.upward)


def test_no_module_over_600_lines() -> None:
    assert REPORT.too_long == [], "\n".join(REPORT.too_long)


def main() -> int:
    report = survey()
    print(f"modules: {report.modules}  import edges: {report.edges}")
    print(f"cycles: {len(report.cycles)}  layer breaks: {len(report.layer_breaks)}  "
          f"private cross-module imports: {len(report.private_imports)}  "
          f"modules over {MAX_LINES} lines: {len(report.too_long)}")
    print(f"upward imports (inside companion/, to a higher floor): {len(report.upward)} "
          f"({len(report.upward_arrows)} arrows between parts"
          + (": " + "; ".join(report.upward_arrows) if report.upward_arrows else "") + ")")
    for cycle in report.cycles:
        print("  cycle:", " <-> ".join(cycle))
    for line in report.layer_breaks + report.private_imports + report.too_long + report.upward:
        print("  ", line)
    print("longest:", ", ".join(f"{name} {n}" for n, name in report.longest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
