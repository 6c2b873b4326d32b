"""Build the standalone apps: ``python build/build.py [--mode onedir|onefile|both] [--selftest] [--measure N]``.

1. makes a clean venv (build/work/venv) with only what build/requirements.txt pins (pygame-ce
   and pyinstaller), so no stray package of the developer's Python can end up in the app;
2. runs pyinstaller on build/kotatsu.spec: build/out/kotatsu/ (one folder, start it with
   build/out/kotatsu/kotatsu) and/or build/out/kotatsu-onefile (one file);
3. prints build time and sizes; ``--selftest`` then runs each app's ``--selftest`` (exit 1 if one
   fails) and ``--measure N`` times launch to first frame, median of N, for the source and each app.

Everything it writes stays under build/work/ and build/out/ (both ignored by git). Standard library
only: it runs with any Python 3.10+, whose version the app then carries.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
WORK = HERE / "work"
OUT = HERE / "out"
SPEC = HERE / "kotatsu.spec"
REQUIREMENTS = HERE / "requirements.txt"
FIRST_FRAME_ENV = "KOTATSU_EXIT_AFTER_FIRST_FRAME"  # scenes.main prints "first-frame <time>" and quits
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def venv_python(folder: Path) -> Path:
    """The interpreter of the venv in ``folder``."""
    return folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def make_build_venv(folder: Path, reuse: bool) -> Path:
    """A venv with exactly the pinned build requirements; reused as it is with ``reuse``."""
    python = venv_python(folder)
    if reuse and python.exists():
        return python
    print(f"build venv: {folder}", flush=True)
    venv.EnvBuilder(clear=True, with_pip=True).create(folder)
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                    "-r", str(REQUIREMENTS)], check=True)
    return python


def app_paths(mode: str) -> dict[str, Path]:
    """The executables a mode produces, by kind."""
    suffix = ".exe" if os.name == "nt" else ""
    paths = {"onedir": OUT / "kotatsu" / f"kotatsu{suffix}", "onefile": OUT / f"kotatsu-onefile{suffix}"}
    return {kind: path for kind, path in paths.items() if mode in (kind, "both")}


def run_pyinstaller(python: Path, mode: str, clean: bool) -> float:
    """Build with the spec; returns the seconds it took."""
    for path in app_paths(mode).values():  # never report or test a stale app
        target = path.parent if path.parent != OUT else path
        if target.is_dir():
            shutil.rmtree(target)
        elif target.exists():
            target.unlink()
    command = [str(python), "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
               "--distpath", str(OUT), "--workpath", str(WORK / "pyinstaller")]
    if clean:
        command.append("--clean")
    command += [str(SPEC), "--", "--mode", mode]
    began = time.perf_counter()
    subprocess.run(command, check=True, cwd=ROOT, env=dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1"))
    return time.perf_counter() - began


def size_of(path: Path) -> int:
    """Bytes of a file, or of every file in a folder (symlinks not followed)."""
    if path.is_file():
        return path.stat().st_size
    return sum(item.lstat().st_size for item in path.rglob("*") if item.is_file() and not item.is_symlink())


def run_selftests(apps: dict[str, Path], games: list[str]) -> bool:
    """Each app's ``--selftest`` (of ``games``, default all), run outside the source tree; True if all passed."""
    passed = True
    for kind, path in apps.items():
        command = [str(path), "--selftest", *games]
        print(f"\n{kind}: {' '.join(command)}", flush=True)
        done = subprocess.run(command, env=dict(os.environ, **HEADLESS), cwd=WORK, check=False)
        passed = passed and done.returncode == 0
        # The app relaunches itself as ``sys.executable -m game ...`` (kiosk child, bench startup).
        relaunch = subprocess.run([str(path), "-m", "game", "--version"], cwd=WORK, capture_output=True,
                                  text=True, check=False)
        relaunch_ok = relaunch.returncode == 0 and relaunch.stdout.startswith("kotatsu-table ")
        print(f"{'ok  ' if relaunch_ok else 'FAIL'}  {kind} -m game --version: {relaunch.stdout.strip()}")
        passed = passed and relaunch_ok
    return passed


def first_frame_seconds(command: list[str], runs: int, extra_env: dict[str, str]) -> list[float]:
    """Seconds from launching ``command`` to the first frame it reports, ``runs`` times."""
    env = dict(os.environ, **HEADLESS, **extra_env, **{FIRST_FRAME_ENV: "1"})
    times = []
    for _ in range(runs):
        launched = time.time()
        done = subprocess.run(command, env=env, cwd=WORK, capture_output=True, text=True, timeout=120, check=False)
        marks = [line.split()[1] for line in done.stdout.splitlines() if line.startswith("first-frame ")]
        if done.returncode != 0 or not marks:
            raise RuntimeError(f"{command[0]} did not reach its first frame: {done.stderr.strip()[-300:]}")
        times.append(float(marks[0]) - launched)
    return times


def measure(apps: dict[str, Path], runs: int) -> dict[str, dict[str, float]]:
    """Launch-to-first-frame medians for the source tree and each app."""
    commands = {"source": [sys.executable, "-m", "game"]}
    commands.update({kind: [str(path)] for kind, path in apps.items()})
    figures = {}
    for kind, command in commands.items():
        extra_env = {"PYTHONPATH": str(ROOT)} if kind == "source" else {}  # run outside the tree
        times = first_frame_seconds(command, runs, extra_env)
        figures[kind] = {"median_s": statistics.median(times), "min_s": min(times), "max_s": max(times)}
        print(f"first frame {kind:<8} median {figures[kind]['median_s']:.2f} s "
              f"(min {min(times):.2f}, max {max(times):.2f}, {runs} runs)", flush=True)
    return figures


def main(argv: list[str] | None = None) -> int:
    """Build, report sizes, and optionally self-test and time the apps."""
    parser = argparse.ArgumentParser(prog="build/build.py", description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=("onedir", "onefile", "both"), default="both")
    parser.add_argument("--selftest", action="store_true", help="run each app's --selftest after building")
    parser.add_argument("--games", nargs="+", default=[], metavar="GAME",
                        help="self-test only these games (default: every available game)")
    parser.add_argument("--measure", type=int, default=0, metavar="N",
                        help="time launch to first frame N times (median) for source and apps")
    parser.add_argument("--fast", action="store_true",
                        help="reuse the build venv and pyinstaller's cache (not a clean build)")
    parser.add_argument("--no-build", action="store_true", help="only self-test/measure the existing apps")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    WORK.mkdir(parents=True, exist_ok=True)
    apps = app_paths(args.mode)
    figures: dict[str, object] = {"mode": args.mode, "platform": sys.platform}
    if not args.no_build:
        began = time.perf_counter()
        python = make_build_venv(WORK / "venv", reuse=args.fast)
        figures["venv_s"] = time.perf_counter() - began
        figures["pyinstaller_s"] = run_pyinstaller(python, args.mode, clean=not args.fast)
        print(f"built in {figures['venv_s']:.0f} s (venv) + {figures['pyinstaller_s']:.0f} s (pyinstaller)")
    missing = [str(path) for path in apps.values() if not path.exists()]
    if missing:
        print(f"build.py: no app at {', '.join(missing)}", file=sys.stderr)
        return 1
    sizes = {kind: size_of(path.parent if kind == "onedir" else path) for kind, path in apps.items()}
    figures["size_mb"] = {kind: size / 1e6 for kind, size in sizes.items()}
    for kind, path in apps.items():
        print(f"{kind:<8} {sizes[kind] / 1e6:6.1f} MB  {path}")
    ok = True
    if args.selftest:
        ok = run_selftests(apps, args.games)
        figures["selftest"] = "passed" if ok else "FAILED"
    if args.measure:
        figures["first_frame"] = measure(apps, args.measure)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
