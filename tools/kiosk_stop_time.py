"""How long the kiosk takes to stop on SIGTERM: supervisor and child both gone, and their exit code.

    xvfb-run -a -s "-screen 0 1920x1080x24" sh -c 'openbox & sleep 0.5; \
        SDL_VIDEODRIVER=x11 python tools/kiosk_stop_time.py /tmp/stophome kiosk.toml 10'

Each round starts ``python -m game kiosk --config CONFIG`` (the supervisor and its child) with a
data folder of its own, waits until the child's status file names a scene, lets it run 2-4 s,
sends SIGTERM to the supervisor and times until the supervisor has exited and the child's pid is
gone. Prints one line per round and a JSON summary.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def child_gone(pid: int) -> bool:
    """True once no process has ``pid``."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def one_stop(config: str, env: dict[str, str], settle: float) -> tuple[int, float, float, str]:
    """(supervisor's exit code, seconds until it exited, seconds until the child was gone, scene)."""
    from game import kiosk

    supervisor = subprocess.Popen([sys.executable, "-m", "game", "kiosk", "--config", config], cwd=ROOT, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    status: dict = {}
    deadline = time.time() + 60
    while time.time() < deadline and not (status.get("scene") and status.get("pid")):
        time.sleep(0.2)
        status = kiosk.read_status() or {}
    time.sleep(settle)
    child = int(status.get("pid", supervisor.pid))
    began = time.perf_counter()
    supervisor.send_signal(signal.SIGTERM)
    code = supervisor.wait(timeout=30)
    supervisor_done = time.perf_counter() - began
    while not child_gone(child) and time.perf_counter() - began < 10:
        time.sleep(0.005)
    return code, supervisor_done, time.perf_counter() - began, str(status.get("scene"))


def main() -> int:
    """``kiosk_stop_time.py HOME CONFIG ROUNDS``."""
    home, config, rounds = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    home.mkdir(parents=True, exist_ok=True)
    os.environ["KOTATSU_HOME"] = str(home)
    sys.path.insert(0, str(ROOT))
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy"}
    results = []
    for index in range(rounds):
        result = one_stop(config, env, settle=2 + index % 3)
        results.append(result)
        print(f"exit {result[0]}, supervisor {result[1]:.3f} s, both {result[2]:.3f} s, on {result[3]}", flush=True)
    times = sorted(result[2] for result in results)
    print(json.dumps({"exit_codes": sorted({result[0] for result in results}), "min_s": round(times[0], 3),
                      "median_s": round(times[len(times) // 2], 3), "max_s": round(times[-1], 3)}))
    return 0 if all(result[0] == 0 for result in results) else 1


if __name__ == "__main__":
    sys.exit(main())
