"""The rules help: the title opens the game pointed at; inside, a game switcher, a language switch
and pages, by pointer, finger and keys; the worked examples are what the rules say; the pages lay
out with the tables' own pictures; ``shot help`` renders a page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.core.house import house_text
from game.core.registry import available_games, get_rules
from game.core.settings import Settings
from game.examples import Recipe, examples, player_counts, refusal
from game.i18n import LANGUAGES, catalogue, language, set_language, t
from kotatsu.cli import EXIT_USAGE, main
from scenes.engine import input as intents
from scenes.engine.app import App
from scenes.engine.cache import release
from scenes.engine.input import Intent
from scenes.menus import help_pictures
from scenes.menus.help import Help
from scenes.menus.help_pages import PAGES, lay_out, score_sum
from scenes.menus.title import GameCard, Title

FRAME = 1 / 60
GAMES = available_games()


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """An English headless app at instant speed with the title pushed."""
    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    application = App(Settings(language="en", anim_speed="instant", sound=False), headless=True)
    application.push(Title(application))
    application.step(FRAME)
    yield application
    application.close()
    set_language("ja")


def step(app: App, *feed: Intent) -> None:
    """One frame with ``feed`` as its input, and one more (a page with pictures not yet made
    says so for a frame before it is laid out)."""
    app.step(FRAME, list(feed))
    app.step(FRAME)


def tap(app: App, target: pygame.Rect) -> None:
    """Press and release at the centre of ``target``."""
    step(app, Intent(intents.PRESS, target.center), Intent(intents.RELEASE, target.center))


def card(title: Title, game_id: str) -> GameCard:
    """The title's card of ``game_id``."""
    return title.card_for(game_id)


# ----- the title's Rules button ------------------------------------------------------------------
def test_rules_opens_the_game_the_pointer_was_on_last(app: App) -> None:
    title = app.top
    assert isinstance(title, Title)
    step(app, Intent(intents.MOVE, card(title, "wallpaper").rect.center))
    step(app, Intent(intents.MOVE, title.rules_button.rect.center))  # on the way to the button
    assert title.rules_button.text == "Rules: Wallpaper"
    tap(app, title.rules_button.rect)
    assert isinstance(app.top, Help) and app.top.game_id == "wallpaper"


def test_rules_opens_the_game_the_keys_focused(app: App) -> None:
    title = app.top
    assert isinstance(title, Title)
    title.group.focus_on(card(title, "neko"))
    title.group.show_focus = True
    step(app)
    step(app, Intent(intents.NAV, dx=1))
    assert title.selected == "newold"
    title.group.focus_on(title.rules_button)
    step(app, Intent(intents.ACTIVATE))
    assert isinstance(app.top, Help) and app.top.game_id == "newold"


# ----- inside the help -----------------------------------------------------------------------------
def open_help(app: App, game_id: str = "neko", page: str = "rules") -> Help:
    """The help of ``game_id`` over the title, shown once."""
    help_scene = Help(app, game_id, page)
    app.push(help_scene)
    step(app)
    return help_scene


def test_the_game_switcher_works_by_tap_and_keys(app: App) -> None:
    help_scene = open_help(app)
    choice = help_scene.game_choice
    tap(app, choice.segment_rects()[choice.values.index("noaron")])
    assert help_scene.game_id == "noaron" and help_scene.title == t("noaron.help.title")
    step(app, Intent(intents.KEY, key="g"))
    assert help_scene.game_id == GAMES[(GAMES.index("noaron") + 1) % len(GAMES)]
    help_scene.group.focus_on(choice)
    help_scene.group.show_focus = True
    before = help_scene.game_id
    step(app, Intent(intents.NAV, dx=-1))  # with the ring on the games, Left is the game before
    assert help_scene.game_id == choice.values[max(0, choice.values.index(before) - 1)]
    assert help_scene.page == "rules"


def test_the_language_switch_works_by_tap_and_key(app: App) -> None:
    help_scene = open_help(app)
    english_title = help_scene.title
    tap(app, help_scene.language_choice.segment_rects()[help_scene.language_choice.values.index("ja")])
    assert language() == "ja" and app.settings.language == "ja"
    assert help_scene.title == t("neko.help.title", "ja") != english_title
    assert help_scene.content.lines[0].text in t("neko.help.body", "ja")  # laid out again in Japanese
    step(app, Intent(intents.KEY, key="l"))
    assert language() == "en" and help_scene.language_choice.value == "en"


@pytest.mark.slow
def test_pages_turn_by_tab_tap_arrows_and_digits(app: App) -> None:
    help_scene = open_help(app)
    step(app, Intent(intents.NAV, dx=1))
    assert help_scene.page == "setup"
    assert len(help_scene.content.figures) == len(player_counts("neko"))
    tap(app, help_scene.page_choice.segment_rects()[PAGES.index("controls")])
    assert help_scene.page == "controls" and not help_scene.content.figures
    step(app, Intent(intents.KEY, key="3"))
    assert help_scene.page == "moves" and len(help_scene.content.figures) == 2
    step(app, Intent(intents.NAV, dx=-1), Intent(intents.NAV, dx=-1), Intent(intents.NAV, dx=-1))
    assert help_scene.page == "controls"  # round from the first page to the last


@pytest.mark.slow
def test_scrolling_starts_over_on_another_page_and_keys_scroll(app: App) -> None:
    help_scene = open_help(app, "wallpaper", "rules")
    step(app, Intent(intents.KEY, key="page down"), Intent(intents.NAV, dy=1))
    assert help_scene.scroller.offset > 0
    step(app, Intent(intents.KEY, key="end"))
    assert help_scene.scroller.offset == help_scene.scroller.limit > 0
    step(app, Intent(intents.KEY, key="home"))
    assert help_scene.scroller.offset == 0
    step(app, Intent(intents.NAV, dy=1), Intent(intents.KEY, key="2"))
    assert help_scene.page == "setup" and help_scene.scroller.offset == 0


def test_a_page_whose_pictures_are_still_to_make_says_so_for_a_frame(app: App) -> None:
    release()  # no picture made yet
    help_scene = open_help(app, "noaron")
    app.step(FRAME, [Intent(intents.KEY, key="2")])
    assert help_scene.preparing() and help_scene.page == "setup"
    app.step(FRAME)
    assert not help_scene.preparing() and len(help_scene.content.figures) == 1


def test_esc_and_a_tap_outside_close_the_help(app: App) -> None:
    open_help(app)
    step(app, Intent(intents.BACK))
    assert isinstance(app.top, Title)
    open_help(app)
    tap(app, pygame.Rect(2, 2, 4, 4))
    assert isinstance(app.top, Title)


# ----- the pages ------------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", GAMES)
def test_every_page_lays_out_with_its_pictures(app: App, game_id: str, lang: str) -> None:
    set_language(lang)
    counts = {"rules": 0, "setup": len(player_counts(game_id)), "moves": 2, "scoring": 1, "controls": 0}
    for page in PAGES:
        laid = lay_out(game_id, page, 1500)
        assert laid.lines and laid.height > 0, page
        assert len(laid.figures) == counts[page], page
        for figure in laid.figures:
            assert figure.image.get_size() == figure.rect.size and figure.rect.width <= 1500
            assert figure.rect.bottom <= laid.height + 40
        for line in laid.lines:
            assert "{" not in line.text and "help." not in line.text, (page, line.text)  # no raw key


def test_the_rules_page_shows_every_house_reading(app: App) -> None:
    for game_id in GAMES:
        shown = "".join(line.text for line in lay_out(game_id, "rules", 1500).lines)
        for paragraph in house_text(game_id, "en").split("\n\n"):
            assert paragraph.replace(" ", "") in shown.replace(" ", ""), (game_id, paragraph)


@pytest.mark.slow
def test_the_move_pictures_are_the_table_glowing_and_refusing(app: App) -> None:
    legal = help_pictures.picture("neko", "move-legal")
    illegal = help_pictures.picture("neko", "move-illegal")
    assert legal.get_size() == illegal.get_size() == pygame.Rect(help_pictures.game_module("neko").MOVE_AREA).size
    # the same position; only the aimed stack differs (its ring: the table's own highlight)
    differing = sum(1 for x in range(0, legal.get_width(), 4) for y in range(0, legal.get_height(), 4)
                    if legal.get_at((x, y)) != illegal.get_at((x, y)))
    assert 0 < differing < legal.get_width() * legal.get_height() // 16 // 4


def test_score_sums_read_as_arithmetic(app: App) -> None:
    example = examples("newold").scoring()
    for line in example.lines:
        text = score_sum(line)
        assert text.endswith(f"= {line.total:g}".replace("-", "\u2212"))
        assert all(t(term.key) in text for term in line.terms)


# ----- the worked examples ------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_setups_are_positions_the_rules_built(game_id: str) -> None:
    for players in player_counts(game_id):
        recipe = examples(game_id).setup(players)
        assert isinstance(recipe, Recipe) and recipe.players == players
        match = recipe.build()
        assert match.to_move() and not match.is_over()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_move_example_is_legal_and_illegal_as_it_says(game_id: str) -> None:
    example = examples(game_id).move()
    match = example.recipe.build()
    assert example.seat in match.to_move()
    assert refusal(match, example.seat, example.legal) is None
    assert refusal(match, example.seat, example.illegal) == (example.reason, dict(example.params))
    assert example.reason.startswith(f"{game_id}.reason.")
    for lang in LANGUAGES:
        assert example.reason in catalogue(lang)


def outcome(game_id: str, match: object) -> tuple[float, ...]:
    """Each seat's score as the rules keep it after the example's action (not from its event)."""
    state = match.state  # type: ignore[attr-defined]
    rules = get_rules(game_id)
    if game_id == "newold":
        return state.records[0].scores
    if game_id == "noaron":
        return tuple(len(stakes) for stakes in state.stakes)
    return rules.result(state).scores


@pytest.mark.parametrize("game_id", GAMES)
def test_the_score_example_adds_up_to_what_the_rules_count(game_id: str) -> None:
    example = examples(game_id).scoring()
    match = example.recipe.build()
    match.apply(example.seat, example.action)
    assert example.lines and all(line.adds_up() for line in example.lines)
    scores = outcome(game_id, match)
    if game_id == "noaron":  # the last line is what the loser paid out of the stakes
        loser = example.lines[-1].seat
        assert example.lines[-1].total == len(match.state.set_aside[loser]) == 9 - scores[loser]
    else:
        assert tuple(line.total for line in example.lines) == tuple(scores)
    for line in example.lines:
        for term in line.terms:
            assert all(term.key in catalogue(lang) for lang in LANGUAGES), term.key


# ----- shot help ------------------------------------------------------------------------------------
def test_shot_help_renders_a_page(tmp_path: Path) -> None:
    out = tmp_path / "help.png"
    assert main(["shot", "help", "neko", "--page", "5", "--lang", "en", "--out", str(out)]) == 0
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (1920, 1080)


@pytest.mark.parametrize("argv", [("shot", "help"), ("shot", "help", "chess"), ("shot", "help", "neko", "--page", "6"),
                                  ("shot", "neko", "newold")])
def test_shot_help_refuses_bad_arguments(argv: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(list(argv)) == EXIT_USAGE
    assert "kotatsu: " in capsys.readouterr().err
