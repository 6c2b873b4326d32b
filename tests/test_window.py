"""Where the app's window opens (scenes/engine/window.py's arithmetic, no display needed) and how the
settings keep its place."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.settings import Settings, load_settings, save_settings, valid_window
from scenes.engine.window import FRAME, MIN_SIZE, fit_window, inside, restore_window

# usable areas: laptops, full HD with a taskbar, 16:10, 4:3, 21:9, QHD and 4K, a second monitor
USABLE = [(0, 0, 1280, 720), (0, 0, 1366, 728), (0, 0, 1920, 1040), (0, 0, 1440, 900), (0, 0, 1024, 768),
          (0, 0, 3440, 1400), (0, 0, 2560, 1400), (0, 27, 3840, 2133), (1920, 0, 1920, 1080)]


@pytest.mark.parametrize("usable", USABLE, ids=lambda box: f"{box[2]}x{box[3]}+{box[0]}+{box[1]}")
def test_a_first_window_is_16_9_inside_the_usable_area_with_room_for_its_frame_and_centred(
        usable: tuple[int, int, int, int]) -> None:
    x, y, width, height = fit_window(usable)
    assert abs(width / height - 16 / 9) < 0.01
    framed = (x - FRAME[0] // 2, y - FRAME[1] // 2 - 1, width + FRAME[0], height + FRAME[1])
    assert inside(framed, usable), (framed, usable)
    ux, _, uw, uh = usable
    assert abs((x - ux) - (ux + uw - x - width)) <= 1  # centred across
    assert width >= 0.85 * min(uw, uh * 16 / 9) - FRAME[0]  # and not needlessly small


def test_the_window_grows_with_a_big_desktop_and_shrinks_with_a_small_one() -> None:
    assert fit_window((0, 0, 3840, 2160))[2] > 1920 > fit_window((0, 0, 1366, 768))[2]


def test_a_saved_window_comes_back_where_it_was_when_it_still_fits() -> None:
    saved = [100, 80, 1200, 675]
    assert restore_window(saved, [(0, 0, 1920, 1040)]) == (100, 80, 1200, 675)
    # on the second monitor too
    assert restore_window([2000, 50, 1280, 720], USABLE[-2:]) == (2000, 50, 1280, 720)


@pytest.mark.parametrize("saved", [
    [-276, -136, 1920, 1080],  # the old window, half off a laptop's screen
    [100, 80, 1920, 1080],  # larger than the screen it is on now
    [5000, 80, 800, 450],  # on a monitor that is gone
    [100, 80, MIN_SIZE[0] - 1, 300],  # too small to use
    None,
    [1, 2, 3],
])
def test_a_saved_window_that_no_longer_fits_is_fitted_afresh(saved: list[int] | None) -> None:
    usable = (0, 0, 1366, 728)
    assert restore_window(saved, [usable]) == fit_window(usable)


def test_the_window_goes_to_the_chosen_display_or_the_first() -> None:
    areas = [(0, 0, 1920, 1080), (1920, 0, 2560, 1440)]
    assert restore_window(None, areas, display=1) == fit_window(areas[1])
    assert restore_window(None, areas, display=7) == fit_window(areas[0])


@pytest.mark.parametrize(("value", "kept"), [
    ([10, 20, 1280, 720], [10, 20, 1280, 720]),
    ((10, 20, 1280, 720), [10, 20, 1280, 720]),
    ([10, 20, 0, 720], None),
    ([10, 20, 1280], None),
    ([10, 20, 1280.5, 720], None),
    ([True, 20, 1280, 720], None),
    ([10, 20, 10**9, 720], None),
    ("10,20,1280,720", None),
])
def test_only_a_sane_window_place_is_kept(value: object, kept: list[int] | None) -> None:
    assert valid_window(value) == kept


def test_the_window_place_is_saved_and_read_back_and_a_bad_one_is_dropped(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    assert save_settings(Settings(window=[40, 30, 1152, 648]), path)
    assert load_settings(path) == (Settings(window=[40, 30, 1152, 648]), None)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["window"] = ["left", 0, 1, 1]
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded, warning = load_settings(path)
    assert loaded.window is None and warning is None and path.exists()  # a value, not a bad file
