"""``python -m companion``: the same command line as the ``companion`` console script."""

from companion.cli.main import main

raise SystemExit(main())
