"""The optional C search core; everything else about the package is in pyproject.toml.

``companion/games/transmission/mission_control/_search.c`` is compiled when a C compiler (and
Python's headers) are there; without them the build warns and the package installs anyway, and the
pure-Python search is used (``optional=True``).  The sha256 of the source is compiled in
(``SEARCH_SOURCE_SHA256``, exported as ``_search.SOURCE_SHA256``) so that
``mission_control.native`` can tell a build that is older than the ``.c`` beside it.
"""

import hashlib
from pathlib import Path

from setuptools import Extension, setup

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


setup(ext_modules=extensions())
