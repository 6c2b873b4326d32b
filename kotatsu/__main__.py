"""``python -m kotatsu``: the same command line as ``python -m game``."""

import multiprocessing
import sys

from kotatsu.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # the AI worker uses "spawn"; frozen builds need this
    sys.exit(main(sys.argv[1:]))
