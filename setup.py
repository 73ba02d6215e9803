"""The optional C search core; everything else about the package is in pyproject.toml.

``companion/games/transmission/mission_control/_search.c`` is compiled when a C compiler (and
Python's headers) are there; without them the build warns and the package installs anyway, and the
pure-Python search is used (``optional=True``).  The sha256 of the source is compiled in
(``SEARCH_SOURCE_SHA256``, exported as ``_search.SOURCE_SHA256``) so that
``mission_control.native`` can tell a build that is older than the ``.c`` beside it.

The translation catalogs (``companion/locale/<lang>/LC_MESSAGES/companion.po``) are compiled into
the built package's ``.mo`` files (:class:`BuildWithCatalogs`), so an installed wheel speaks every
language although the ``.mo`` files are not committed (Babel is a build requirement).
"""

import hashlib
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

SOURCE = "companion/games/transmission/mission_control/_search.c"


def extensions() -> list[Extension]:
    path = Path(__file__).resolve().parent / SOURCE
    if not path.is_file():  # an sdist or checkout without the core: pure Python only
        return []
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    return [Extension(
        "companion.games.transmission.mission_control._search", [SOURCE],
        define_macros=[("SEARCH_SOURCE_SHA256", f'"{digest}"')],
        extra_compile_args=["-O2", "-std=c99"],
        optional=True,
    )]


class BuildWithCatalogs(build_py):  # type: ignore[misc]
    """``build_py`` that also compiles each ``.po`` of ``companion/locale`` into the build's ``.mo``."""

    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        root = Path(__file__).resolve().parent
        for po in sorted((root / "companion" / "locale").glob("*/LC_MESSAGES/*.po")):
            target = Path(self.build_lib) / po.relative_to(root).with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as source, target.open("wb") as out:
                write_mo(out, read_po(source, locale=po.parent.parent.name), use_fuzzy=False)


setup(ext_modules=extensions(), cmdclass={"build_py": BuildWithCatalogs})
