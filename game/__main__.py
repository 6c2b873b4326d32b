"""``python -m game``: the Kotatsu Table command line (the app by default)."""

import sys

from game.cli import main

sys.exit(main())
