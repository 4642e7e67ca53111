"""``python -m huegames``: the same as the ``huegames`` command."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
