"""``python -m companion``: the same command line as the ``companion`` console script."""

from companion.entry import main

raise SystemExit(main())
