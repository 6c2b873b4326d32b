"""``python -m game``: the Kotatsu Table command line (the app by default)."""

import multiprocessing
import sys

from game.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # the AI worker uses "spawn"; frozen builds need this
    sys.exit(main())
