"""The wheel: it carries every module, the catalogues and the assets, installs a working
``kotatsu`` console script, and the installed copy (not this source tree) finds its assets.

The wheel is built from a copy of the tree (so no build/ or egg-info output lands in the repo)
and installed with ``--no-deps`` into a throwaway venv that borrows this interpreter's packages
(pygame-ce) through a .pth file. Every command runs from a temporary folder, never the tree.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

import game
from game.core.storage import asset_path

pytestmark = [pytest.mark.slow, pytest.mark.packaging]

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("kotatsu", "game", "scenes")  # kotatsu: the command line above the other two
DATA_SUFFIXES = (".json", ".txt")
TIMEOUT = 300


def _source_files(folder: Path) -> list[Path]:
    """Every file under ``folder`` but caches."""
    return sorted(path for path in folder.rglob("*") if path.is_file() and "__pycache__" not in path.parts)


def _run(command: list[str | Path], cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run a command, fail the test with its output if it fails, return its stdout."""
    done = subprocess.run([str(part) for part in command], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=TIMEOUT, check=False)
    assert done.returncode == 0, f"{command} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _can_build_without_index() -> bool:
    """True when this interpreter's setuptools builds wheels by itself (>= 70.1, or with ``wheel``)."""
    import setuptools

    major, minor = (int(part) for part in setuptools.__version__.split(".")[:2])
    return (major, minor) >= (70, 1) or importlib.util.find_spec("wheel") is not None


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's wheel, built from a copy of the source tree."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    for name in (*PACKAGES, "assets"):
        shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
    command = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--wheel-dir", work / "dist", source]
    if _can_build_without_index():  # offline: the [test] extra brings setuptools>=70.1
        command.insert(5, "--no-build-isolation")
    _run(command, cwd=work)
    (built,) = (work / "dist").glob("kotatsu_table-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the wheel installed; returns the venv folder."""
    folder = tmp_path_factory.mktemp("venv") / "env"
    venv.EnvBuilder(with_pip=False).create(folder)
    python = _venv_python(folder)
    purelib = Path(_run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], folder).strip())
    # This interpreter's packages (pygame-ce) come after the venv's own, and their .pth files are
    # not run, so an editable install of the project there cannot shadow the wheel.
    borrowed = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (purelib / "borrowed-packages.pth").write_text("\n".join(sorted(borrowed)) + "\n")
    _run([sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", "--no-index",
          "--force-reinstall", wheel], cwd=folder)
    return folder


def _venv_python(folder: Path) -> Path:
    """The interpreter of a venv."""
    return folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def _console_script(folder: Path) -> Path:
    """The installed ``kotatsu`` command."""
    return folder / ("Scripts/kotatsu.exe" if os.name == "nt" else "bin/kotatsu")


def _clean_env(tmp_path: Path) -> dict[str, str]:
    """Headless, no PYTHONPATH pointing back at the tree, a throwaway home."""
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", KOTATSU_HOME=str(tmp_path / "home"))
    return env


# ----- what the wheel holds ------------------------------------------------------------------------
def test_wheel_holds_every_module_catalogue_and_asset(wheel: Path) -> None:
    """A folder forgotten in pyproject's package list, or a data file left out, fails here."""
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {
        path.relative_to(ROOT).as_posix()
        for package in PACKAGES
        for path in _source_files(ROOT / package)
        if path.suffix in (".py", *DATA_SUFFIXES)
    }
    expected |= {f"game/assets/{path.relative_to(ROOT / 'assets').as_posix()}" for path in _source_files(ROOT / "assets")}
    missing = expected - names
    assert not missing, f"not in the wheel (list their folder in pyproject's packages): {sorted(missing)}"
    assert "game/assets/fonts/KotatsuSans-Regular.otf" in names  # the files the app cannot do without
    assert "game/i18n/ja/ui.json" in names
    strays = {name for name in names if name.split("/")[0] in ("tests", "tools", "build", "assets")}
    assert strays == set()


def test_wheel_declares_the_kotatsu_console_script(wheel: Path) -> None:
    """``kotatsu`` runs ``kotatsu.cli:main``."""
    with zipfile.ZipFile(wheel) as archive:
        (entry_points,) = [name for name in archive.namelist() if name.endswith(".dist-info/entry_points.txt")]
        text = archive.read(entry_points).decode()
    assert "kotatsu = kotatsu.cli:main" in text


# ----- the installed wheel ---------------------------------------------------------------------------
def test_installed_kotatsu_answers_version_from_any_folder(installed: Path, tmp_path: Path) -> None:
    """The console script works with the tree nowhere on the path."""
    out = _run([_console_script(installed), "--version"], cwd=tmp_path, env=_clean_env(tmp_path))
    assert out.strip() == f"kotatsu-table {game.__version__}"


def test_installed_copy_is_imported_and_finds_its_own_assets(installed: Path, tmp_path: Path) -> None:
    """game, scenes and the assets all come from the venv, not from this source tree."""
    probe = (
        "import game, scenes; from game.core.storage import asset_path; from scenes.engine.fonts import font_file;"
        "print(game.__file__); print(scenes.__file__); print(font_file()); print(font_file().is_file())"
    )
    game_file, scenes_file, font, exists = _run(
        [_venv_python(installed), "-c", probe], cwd=tmp_path, env=_clean_env(tmp_path)
    ).split("\n")[:4]
    site = installed.resolve()
    for path in (game_file, scenes_file, font):
        assert Path(path).resolve().is_relative_to(site), path
    assert Path(font).resolve().parent == Path(game_file).resolve().parent / "assets" / "fonts"
    assert exists == "True"


def test_installed_kotatsu_renders_a_headless_shot(installed: Path, tmp_path: Path) -> None:
    """``kotatsu shot`` from the installed wheel writes a real picture of the neko table."""
    import pygame

    out = tmp_path / "neko.png"
    _run([_console_script(installed), "shot", "neko", "--players", "3", "--moves", "6", "--size", "640x360",
          "--out", out], cwd=tmp_path, env=_clean_env(tmp_path))
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (640, 360)
    colours = {tuple(picture.get_at((x, y))) for x in range(0, 640, 8) for y in range(0, 360, 8)}
    assert len(colours) > 50  # a table with cards and text, not a blank or an error fill


def test_installed_selftest_passes_on_neko(installed: Path, tmp_path: Path) -> None:
    """Fonts, sounds, the neko table and an AI match all work from the installed wheel."""
    out = _run([_console_script(installed), "--selftest", "neko"], cwd=tmp_path, env=_clean_env(tmp_path))
    assert "selftest passed" in out
    assert "(installed)" in out


# ----- the same lookup from the source tree -------------------------------------------------------
def test_asset_path_finds_the_top_level_assets_folder_in_a_source_tree() -> None:
    """Run from the tree (as the tests are), assets/ beside game/ is the one found."""
    assert asset_path() == ROOT / "assets"
    assert asset_path("fonts", "OFL.txt").is_file()


# ----- the self-test fails when it should ----------------------------------------------------------
def test_selftest_exit_code_is_1_when_any_check_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every check runs and is reported; one failure is enough for exit code 1."""
    import io

    from scenes.tools import selftest

    def broken() -> str:
        raise FileNotFoundError("no such font")

    monkeypatch.setattr(selftest, "plan", lambda games: [("first", lambda: "fine"), ("second", broken),
                                                         ("third", lambda: "fine too")])
    out = io.StringIO()
    assert selftest.run_selftest(["neko"], out=out) == 1
    lines = out.getvalue().splitlines()
    assert [line.split()[:2] for line in lines[1:4]] == [["ok", "first"], ["FAIL", "second"], ["ok", "third"]]
    assert "FileNotFoundError: no such font" in lines[2]
    assert lines[-1].startswith("selftest FAILED: second")
    monkeypatch.setattr(selftest, "plan", lambda games: [("first", lambda: "fine")])
    assert selftest.run_selftest(["neko"], out=io.StringIO()) == 0


def test_selftest_refuses_a_missing_assets_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A build without its assets fails the assets check."""
    from scenes.tools import selftest

    monkeypatch.setattr(selftest, "asset_path", lambda *parts: tmp_path.joinpath("nowhere", *parts))
    result = selftest.run_check("assets", selftest.check_assets)
    assert not result.ok
    assert "no assets folder" in result.detail


def test_selftest_refuses_a_font_without_a_catalogue_character(monkeypatch: pytest.MonkeyPatch) -> None:
    """A catalogue text the font subset cannot show (here Thai) fails the fonts check."""
    import game.i18n
    from scenes.tools import selftest

    monkeypatch.setattr(game.i18n, "all_texts", lambda: ["こたつ", "ก"])
    result = selftest.run_check("fonts", selftest.check_fonts)
    assert not result.ok
    assert "no glyph for 'ก'" in result.detail


def test_selftest_of_an_unknown_game_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """``--selftest GAME`` takes only game ids, with the CLI's one-line error."""
    from kotatsu.cli import EXIT_USAGE, main

    assert main(["--selftest", "chess"]) == EXIT_USAGE
    assert "unknown game 'chess'" in capsys.readouterr().err
