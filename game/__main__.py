"""``python -m game``: the Kotatsu Table command line (the app by default).

This is also the entry point of the pyinstaller builds (build/kotatsu.spec).
"""

import multiprocessing
import sys

from kotatsu.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # the AI worker uses "spawn"; frozen builds need this
    argv = sys.argv[1:]
    if getattr(sys, "frozen", False) and argv[:2] == ["-m", "game"]:
        # Code that relaunches the app as ``sys.executable -m game ...`` (the kiosk supervisor's
        # child, bench startup) then works unchanged in a frozen build, where sys.executable is
        # the app itself.
        argv = argv[2:]
    sys.exit(main(argv))
