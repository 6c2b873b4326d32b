"""No text on any screen overlaps other text, is cut off or is too small to read, in Japanese and
in English (issue 15).

Every screen is rendered headless at instant animation speed with ``tests/text_probe.py``
installed, which follows each rendered string from the font to the screen, through the panels,
labels, card faces and the tables' still layer it is painted on. Then, per screen and language:

- overlap: the boxes of visible ink of two different strings intersect (padding above and
  below a line does not count, nor ink hidden under something opaque; the same string drawn
  again within ``SAME_PLACE`` pixels of itself, as a shadow or a repaint, does not either);
- cut: some ink of a string never reached the screen because it fell outside the canvas,
  outside a surface it was blitted onto, or outside a clip rectangle;
- too small: a string shows at a font size under ``MIN_SIZE`` (17 px, 11 physical pixels in a
  1280x720 window), counting any shrinking of the picture it is printed on. Let through: a
  card's corner index beside the same number printed legibly on the same card, and the short
  ``DECORATION`` list of marks nobody needs to read.

A label that ``scenes.menus.setup.clipped_lines`` cuts short with an ellipsis fails too; a hint cut
short is reported as a warning (a finding to look at, not a broken screen).

Screens: the title (also with Continue, and with its longest notice), settings, each game's
setup at its fewest and most players (and with two 40-character names), the seat-profile
screen, every page of every game's rules help (its pictures included), each game's table at the start, mid-game, with
its round or settlement panel open (fewest and most players), with a card picked up, with a hint
shown (the best move marked, the best moves in words), with the
move log open and with long names, neko's stall breaker (its bubble and status line) and a round
nobody could finish (its panel), each game's results, the pause menu and its question, the
hot-seat curtain, and the kiosk's title, setup, attract banner, "Still playing?", return hint and
PIN pad (waiting, wrong PIN, locked).
"""

from __future__ import annotations

import random
import tempfile
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pygame
import pytest

from game.core.match import MAX_NAME, Match, Seat
from game.core.records import Records
from game.core.registry import available_games, get_rules
from game.core.settings import Settings
from game.core.storage import SavingOff
from game.i18n import set_language, t
from game.kiosk import KioskConfig
from game.rules.neko import DECK, NekoAction
from game.tutorials import load as load_tutorial
from scenes.engine import fonts
from scenes.engine.app import SIZE, App, Scene
from scenes.engine.input import NAV, Intent
from scenes.kiosk.controller import FakeClock, KioskController
from scenes.kiosk.screens import (
    KioskSetup,
    KioskTitle,
    LearnOrPlay,
    PinPad,
    draw_attract_banner,
    draw_return_hint,
    draw_still_playing,
)
from scenes.lan import join as lan_join
from scenes.lan.connect import HostScene
from scenes.learning.review import ReviewScene
from scenes.learning.tutorial import TutorialLayer, open_tutorial
from scenes.menus import records as records_module
from scenes.menus import setup as setup_scene
from scenes.menus import title as title_module
from scenes.menus.help import Help
from scenes.menus.help_pages import PAGES as HELP_PAGES
from scenes.menus.pause import PauseMenu
from scenes.menus.recent import RecentMatches
from scenes.menus.records import RecordsScene
from scenes.menus.results import Results
from scenes.menus.settings import SettingsScene
from scenes.menus.setup import SeatProfiles, Setup
from scenes.menus.title import Title, saving_off_text
from scenes.table import art as table_art
from scenes.table.base import TableScene
from scenes.table.curtain import Curtain, pass_title, ready_subtitle
from scenes.table.launch import make_scene
from scenes.table.move_log import MoveLog
from scenes.table.saver import NullSaver
from scenes.tools.tutorial_drive import Clock, advance_to
from tests.random_matches import random_moves
from tests.review_fakes import steady_advisor
from tests.text_probe import TextRecord, iter_pairs, probing, visible_texts

DT = 1 / 60
LANGUAGES = ("ja", "en")
SAME_PLACE = 6  # px: the same string again this close is a shadow or a repaint, not an overlap
SETTLE_FRAMES = 3
MID_MOVES = 14
LOG_MOVES = 60
PANEL_MOVE_LIMIT = 3000
# the longest names a person may type (game.core.match.MAX_NAME characters), in both scripts
LONG_NAMES = ("Wolfgang Amadeus Mozart of Salzburg Town",
              "じゅげむじゅげむごこうのすりきれかいじゃりすいぎょのすいぎょうまつうんらいまつふ")
KIOSK_CONFIG = KioskConfig(games=("neko", "nostalgic"), ai_levels=("easy", "normal"), pin="4711")

Show = Callable[[App], None]  # puts one screen on the app
Pages = Callable[[App], Iterator[str]]  # puts the pages of a screen on the app one by one, naming each


@dataclass(frozen=True)
class Screen:
    """One screen to check: its name and how to put it on the app (a ``Show``, or ``Pages``
    with ``paged`` set)."""

    name: str
    show: Show | Pages
    paged: bool = False


# ----- putting screens on the app -------------------------------------------------------------------
def settle(app: App, frames: int = SETTLE_FRAMES) -> None:
    """A few frames, so everything is laid out and drawn at least once."""
    for _ in range(frames):
        app.step(DT)


def seats(game_id: str, players: int, long_names: bool = False) -> list[Seat]:
    """A person at seat 0, normal AIs elsewhere and a hard one last; with ``long_names``, two
    people who typed the longest names allowed."""
    others = [Seat("ai", "normal") for _ in range(players - 1)]
    if others:
        others[-1] = Seat("ai", "hard")
    if long_names:
        return [Seat("human", name=LONG_NAMES[0]), Seat("human", name=LONG_NAMES[1]), *others[1:]]
    return [Seat("human"), *others]


def open_table(app: App, match: Match) -> TableScene:
    """``match`` on its table from seat 0's side, AI off, saving nothing; drawn once (past the
    curtain that a match shared by several people opens behind)."""
    scene = make_scene(app, match, viewer=0)
    scene.saver = NullSaver()
    app.reset_to(scene)
    settle(app)
    if isinstance(app.top, Curtain):
        app.top.lift()
        settle(app)
    return scene


def play_to_panel(app: App, scene: TableScene, seed: int) -> None:
    """Play seeded random moves through the table until its round or settlement panel opens."""
    rng = random.Random(seed)
    match = scene.match
    for _ in range(PANEL_MOVE_LIMIT):
        if scene.panel is not None:
            settle(app)
            return
        assert not match.is_over(), "the match ended without a panel"
        seat = match.to_move()[0]
        scene.after_apply(match.apply(seat, rng.choice(match.legal_actions(seat))))
        scene.update(0.0)
    raise AssertionError(f"no panel after {PANEL_MOVE_LIMIT} moves")


def table_screen(game_id: str, players: int, moves: int, panel: bool = False, long_names: bool = False) -> Show:
    """A table ``moves`` random moves in (then played on to its panel, if asked)."""
    def show(app: App) -> None:
        match = Match(game_id, seats(game_id, players, long_names), seed=players * 7 + 1)
        random_moves(match, moves, seed=moves)
        scene = open_table(app, match)
        if panel:
            play_to_panel(app, scene, seed=players)
    return show


def held_screen(game_id: str, players: int) -> Show:
    """A table mid-game at the person's turn with a piece picked up by the keyboard: the places
    that take it glow, the ones that refuse it say why."""
    def show(app: App) -> None:
        match = random_moves(Match(game_id, seats(game_id, players), seed=players * 3), MID_MOVES, seed=2)
        random_moves_until(match, lambda: 0 in match.to_move(), seed=5)
        open_table(app, match)
        app.step(DT, feed=[Intent(NAV, dx=1)])
        settle(app)
    return show


def hint_screen(game_id: str, players: int) -> Show:
    """A table mid-game at the person's turn showing a hint: the best move marked, the panel
    listing the best moves in words (worked out here with a few playouts, not in the worker)."""
    def show(app: App) -> None:
        from game.coach import match_advice

        match = random_moves(Match(game_id, seats(game_id, players), seed=players * 3), MID_MOVES, seed=2)
        random_moves_until(match, lambda: 0 in match.to_move() and len(match.legal_actions(0)) > 1, seed=5)
        scene = open_table(app, match)
        scene.hint_advice = match_advice(match, 0, playouts=48, seed=1)
        scene.hint_for = scene.hint_position()
        settle(app)
    return show


def neko_must_play_screen(app: App) -> None:
    """4 players: everyone passed in a row, back to the person (seat 0), who holds a card that
    fits: the bubble at the seat, the status line that says a pass is not allowed now."""
    match = random_moves(Match("neko", seats("neko", 4), seed=9), MID_MOVES, seed=9)
    rng = random.Random(9)
    while not (0 in match.to_move() and match.state.phase == "play" and match.state.passes == 0
               and len(match.legal_actions(0)) > 1):
        seat = match.to_move()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    for seat in (0, 1, 2):
        match.apply(seat, NekoAction("pass"))
    scene = open_table(app, match)
    scene.after_apply(match.apply(3, NekoAction("pass")))
    settle(app)
    assert scene.status_text() == t("neko.status.must_play")


def neko_blocked_panel_screen(app: App) -> None:
    """2 players: the stacks show 1, 8, 1, 8, where no card fits wherever the cat sits; the
    person's pass ends the round with nobody taking the cat, and its panel says so."""
    match = random_moves(Match("neko", seats("neko", 2), seed=5), 2, seed=5)
    state = match.state
    assert state.phase == "play"
    deck = list(DECK)
    state.stacks = [[1], [8], [1], [8]]
    for card in (1, 8, 1, 8):
        deck.remove(card)
    state.hands, state.rest = [sorted(deck[:5]), sorted(deck[5:10])], deck[10:]
    state.cat, state.turn, state.passes = 0, 0, 0
    scene = open_table(app, match)
    scene.after_apply(match.apply(0, NekoAction("pass")))
    for _ in range(PANEL_MOVE_LIMIT):
        if scene.panel is not None:
            break
        scene.update(DT)
    settle(app)
    assert scene.panel is not None


def random_moves_until(match: Match, done: Callable[[], bool], seed: int) -> None:
    """Seeded random legal actions until ``done()`` (or the match ends)."""
    rng = random.Random(seed)
    while not done() and not match.is_over():
        seat = match.to_move()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))


def log_screen(game_id: str, players: int) -> Show:
    """The move log over a table well into its match."""
    def show(app: App) -> None:
        match = random_moves(Match(game_id, seats(game_id, players), seed=players), LOG_MOVES, seed=1)
        scene = open_table(app, match)
        app.push(MoveLog(app, scene))
        settle(app)
    return show


def toast_screen(app: App) -> None:
    """The title with its longest notice showing (saving is off, and why)."""
    title = Title(app)
    app.reset_to(title)
    info = SavingOff("failed", "/home/someone/.local/share/kotatsu-table", "No space left on device")
    title.toast.show(saving_off_text(info), 8.0)
    settle(app)


def demo_screen(app: App) -> None:
    """An attract-mode demo table: every seat an AI, seen from seat 0."""
    match = Match("neko", [Seat("ai", "normal") for _ in range(3)], seed=11)
    open_table(app, random_moves(match, 5, seed=11))


def results_screen(game_id: str, players: int, long_names: bool = False) -> Show:
    """The results of a match played to its end, over its final table."""
    def show(app: App) -> None:
        match = Match(game_id, seats(game_id, players, long_names), seed=players * 5 + 2)
        random_moves(match, None, seed=3)
        if long_names:  # the fullest results: the people's hints used get a row too
            match.hints_used[:2] = [3, 12]
        scene = open_table(app, match)
        app.push(Results(app, match))
        settle(app)
        assert app.top is not scene
    return show


def review_screen(game_id: str, players: int) -> Show:
    """The review of a finished match at its first key moment (the banner's longest caption),
    the analysis done by a stand-in."""
    def show(app: App) -> None:
        match = Match(game_id, seats(game_id, players), seed=players * 5 + 2)
        random_moves(match, None, seed=3)
        scene = ReviewScene(app, match, jobs=0, advisor=steady_advisor(match))
        app.push(scene)
        while scene.job is not None:
            app.step(DT)
        scene.go_to(scene.review.moments[0].index)
        settle(app)
    return show


def recent_screen(app: App) -> None:
    """Recent matches with a full list of kept matches (long names)."""
    from game.core.recent import KEEP, keep_finished

    for seed in range(KEEP):
        game_id = available_games()[seed % len(available_games())]
        players = get_rules(game_id).max_players
        keep_finished(random_moves(Match(game_id, seats(game_id, players), seed=seed), None, seed=seed))
    app.reset_to(RecentMatches(app))
    settle(app)


def menu_screen(make: Callable[[App], Scene]) -> Show:
    """A menu scene on its own."""
    def show(app: App) -> None:
        app.reset_to(make(app))
        settle(app)
    return show


def records_screen(filled: bool, recent: bool = False) -> Show:
    """The records screen: a long-named profile's figures over many games and levels (or none),
    from a records file of its own; with ``recent``, the Recent matches button shows too."""
    def show(app: App) -> None:
        records = Records(Path(tempfile.mkdtemp(prefix="kotatsu-records-")) / "records.sqlite3")
        if filled:
            number = 0
            for game_id in available_games():
                for level in ("easy", "hard"):
                    number += 1
                    players = get_rules(game_id).min_players
                    people = [Seat("human", name="W" * MAX_NAME)] + [Seat("ai", level)] * (players - 1)
                    records.record_match(random_moves(Match(game_id, people, number, started=number), None, number))
            records.add_profile("さくら", when=1)  # an older profile without games
        original = records_module.has_recent
        records_module.has_recent = lambda: recent  # type: ignore[assignment]
        try:
            app.reset_to(RecordsScene(app, records))
        finally:
            records_module.has_recent = original  # type: ignore[assignment]
        settle(app)
    return show


def title_screen(with_continue: bool) -> Show:
    """The title, with Continue (an autosave waiting) or without."""
    def show(app: App) -> None:
        original = title_module.autosave.has_autosave
        title_module.autosave.has_autosave = lambda: with_continue  # type: ignore[assignment]
        try:
            app.reset_to(Title(app))
        finally:
            title_module.autosave.has_autosave = original  # type: ignore[assignment]
        settle(app)
    return show


def setup_screen(game_id: str, players: int, profiles: bool = False, long_names: bool = False) -> Show:
    """A game's setup at ``players`` players (or its seat-profile screen)."""
    def show(app: App) -> None:
        setup = Setup(app, game_id)
        if long_names:
            setup.kinds[:2] = ["human", "human"]
            setup.names[:2] = LONG_NAMES
        setup.set_players(players)
        app.reset_to(setup)
        if profiles:
            app.push(SeatProfiles(app, setup))
        settle(app)
    return show


def help_screen(game_id: str) -> Pages:
    """The rules help over the title: each of its pages (rules, setup, moves, scoring, controls,
    with the tables' pictures), screen by screen as Page Down scrolls it."""
    def show(app: App) -> Iterator[str]:
        app.reset_to(Title(app))
        help_scene = Help(app, game_id)
        app.push(help_scene)
        for name in HELP_PAGES:
            help_scene.switch_page(name)
            screen = 1
            while True:
                settle(app)
                yield f"{name} {screen}"
                if help_scene.scroller.offset >= help_scene.scroller.limit:
                    break
                help_scene.scroller.scroll_by(help_scene.view.height - 80)
                app.screen = pygame.Surface(SIZE)  # a fresh canvas per screen
                screen += 1
            app.screen = pygame.Surface(SIZE)
    return show


def pause_screen(confirm: bool, people: int = 1) -> Show:
    """The pause menu over a neko table (or its "Leave this match?" question); with several
    people at the table, once the curtain has lifted."""
    def show(app: App) -> None:
        match = random_moves(Match("neko", [Seat("human")] * people + [Seat("ai", "easy")], seed=4), 6, seed=4)
        scene = open_table(app, match)
        if isinstance(app.top, Curtain):
            app.top.lift()
            settle(app)
        menu = PauseMenu(app, scene)
        app.push(menu)
        if confirm:
            menu.ask_to_leave()
        settle(app)
    return show


def curtain_screen(seat: int) -> Show:
    """The hot-seat curtain before ``seat``'s turn."""
    def show(app: App) -> None:
        app.reset_to(Curtain(app, pass_title(seat, Seat("human")), ready_subtitle(), lambda: None, seat=seat))
        settle(app)
    return show


def kiosk_controller(app: App) -> KioskController:
    """A kiosk controller for the pictures (not installed: no timers, no files)."""
    return KioskController(app, KIOSK_CONFIG, clock=FakeClock(), wall=FakeClock())


def kiosk_title_screen(app: App) -> None:
    """The kiosk's title: two games offered, the others "not here today"."""
    app.reset_to(KioskTitle(app, KIOSK_CONFIG.offered_games(), KIOSK_CONFIG.ai_levels))
    settle(app)


def kiosk_setup_screen(app: App) -> None:
    """The kiosk's setup (only the offered AI levels) at most players."""
    setup = KioskSetup(app, "neko", KIOSK_CONFIG.ai_levels)
    setup.set_players(get_rules("neko").max_players)
    app.reset_to(setup)
    settle(app)


def tutorial_screen(game_id: str, step: int) -> Show:
    """A tutorial's caption card, glows and arrow over its table at step ``step`` (0-based),
    reached through taps and Enter as a person would."""
    def show(app: App) -> None:
        layer = open_tutorial(app, game_id)
        advance_to(Clock(app), layer, step)
        settle(app)

    return show


def kiosk_learn_or_play_screen(app: App) -> None:
    """The kiosk's question on a tap on a game: Learn (3 min) or Play."""
    kiosk_title_screen(app)
    app.push(LearnOrPlay(app, "nostalgic", lambda game: None, lambda game: None))
    settle(app)


def overlay_screen(under: Show, overlay: Callable[[App], Callable[[pygame.Surface], None]]) -> Show:
    """A kiosk picture over another screen."""
    def show(app: App) -> None:
        under(app)
        app.overlays.append(overlay(app))
        settle(app)
    return show


def pin_pad(state: str) -> Callable[[App], Callable[[pygame.Surface], None]]:
    """The PIN pad: waiting for digits, after a wrong PIN, or locked."""
    def make(app: App) -> Callable[[pygame.Surface], None]:
        controller = kiosk_controller(app)
        pad = PinPad(controller.lock)
        pad.entered = "12"
        if state == "wrong":
            pad.message, pad.params = "kiosk.pin.wrong", {"left": 2}
        elif state == "locked":
            controller.lock.locked_until = controller.clock() + 90
        return pad.draw
    return make


class StandInFinder:
    """Two hosted tables found nearby (the Join list without a network), or none."""

    def __init__(self, found: bool) -> None:
        seat = {"name": "", "kind": "human", "level": "", "taken": False, "connected": False}
        taken = {**seat, "name": LONG_NAMES[0], "taken": True, "connected": True}
        ai = {**seat, "kind": "ai", "level": "hard", "taken": True, "connected": True}
        tables = [lan_join.FoundTable("192.168.100.200:47474", "kotatsu-den", {
                      "code": "KTMX", "game": "wallpaper", "players": 5, "options": {}, "over": False, "pos": 0,
                      "seats": [taken, seat, ai, seat, seat]}),
                  lan_join.FoundTable("192.168.100.201:47474", "laptop-mika", {
                      "code": "RWPE", "game": "noaron", "players": 2, "options": {}, "over": False, "pos": 0,
                      "seats": [taken, taken]})]
        self.found = tables if found else []

    def tables(self) -> list[lan_join.FoundTable]:
        return self.found

    def errors(self) -> list[tuple[str, BaseException]]:
        return [] if self.found else [("192.168.100.200", OSError("no route"))]

    def close(self) -> None:
        """Nothing to stop."""


def lan_screen(kind: str) -> Show:
    """The LAN screens: the host's choice, the Join list (found tables, or none yet) and a table's seats."""
    def show(app: App) -> None:
        if kind == "host":
            app.reset_to(HostScene(app))
        elif kind == "seats":
            app.reset_to(lan_join.SeatPicker(app, StandInFinder(True).found[0]))
        else:
            app.reset_to(lan_join.JoinScene(app, StandInFinder(kind == "join")))  # type: ignore[arg-type]
        settle(app)
    return show


def all_screens() -> list[Screen]:
    """Every screen the test renders, named."""
    found = [Screen("title", title_screen(False)), Screen("title-continue", title_screen(True)),
             Screen("settings", menu_screen(SettingsScene)), Screen("recent", recent_screen),
             Screen("records", records_screen(True, recent=True)), Screen("records-empty", records_screen(False))]
    for game_id in available_games():
        rules = get_rules(game_id)
        counts = sorted({rules.min_players, rules.max_players})
        found += [Screen(f"setup-{game_id}-{n}p", setup_screen(game_id, n)) for n in counts]
        if any(spec.per_seat for spec in rules.options):
            found += [Screen(f"profiles-{game_id}-{n}p", setup_screen(game_id, n, profiles=True)) for n in counts]
        found.append(Screen(f"help-{game_id}", help_screen(game_id), paged=True))
        for n in counts:
            found += [Screen(f"table-{game_id}-{n}p-start", table_screen(game_id, n, 0)),
                      Screen(f"table-{game_id}-{n}p-mid", table_screen(game_id, n, MID_MOVES)),
                      Screen(f"table-{game_id}-{n}p-panel", table_screen(game_id, n, 0, panel=True)),
                      Screen(f"results-{game_id}-{n}p", results_screen(game_id, n))]
        most = rules.max_players
        found += [Screen(f"review-{game_id}-{n}p", review_screen(game_id, n)) for n in counts]
        found += [Screen(f"table-{game_id}-{most}p-held", held_screen(game_id, most)),
                  Screen(f"table-{game_id}-{most}p-hint", hint_screen(game_id, most)),
                  Screen(f"log-{game_id}-{most}p", log_screen(game_id, most)),
                  Screen(f"setup-{game_id}-{most}p-long-names", setup_screen(game_id, most, long_names=True)),
                  Screen(f"table-{game_id}-{most}p-long-names",
                         table_screen(game_id, most, MID_MOVES, long_names=True)),
                  Screen(f"results-{game_id}-{most}p-long-names", results_screen(game_id, most, long_names=True))]
    found += [Screen("table-neko-4p-must-play", neko_must_play_screen),
              Screen("table-neko-2p-blocked-panel", neko_blocked_panel_screen)]
    found += [Screen("pause", pause_screen(False)), Screen("pause-leave", pause_screen(True)),
              Screen("pause-leave-hotseat", pause_screen(True, people=2)),
              Screen("curtain", curtain_screen(4)),
              Screen("kiosk-title", kiosk_title_screen), Screen("kiosk-setup", kiosk_setup_screen),
              Screen("title-toast", toast_screen),
              Screen("kiosk-attract", overlay_screen(
                  demo_screen, lambda app: lambda s: draw_attract_banner(s, "neko", 0.0))),
              Screen("kiosk-still-playing", overlay_screen(
                  table_screen("neko", 3, 5), lambda app: lambda s: draw_still_playing(s, 7.0, 10.0))),
              Screen("kiosk-return-hint", overlay_screen(
                  results_screen("neko", 4), lambda app: lambda s: draw_return_hint(s, 12.0)))]
    found += [Screen(f"kiosk-pin-{state}", overlay_screen(kiosk_title_screen, pin_pad(state)))
              for state in ("hint", "wrong", "locked")]
    found.append(Screen("kiosk-learn-or-play", kiosk_learn_or_play_screen))
    found += [Screen(f"lan-{kind}", lan_screen(kind)) for kind in ("host", "join", "join-empty", "seats")]
    for game_id in available_games():  # the first explanation, the first move and the last step of each tutorial
        steps = load_tutorial(game_id).steps
        first_move = next(number for number, step in enumerate(steps) if step.expect)
        found += [Screen(f"tutorial-{game_id}-step{number + 1}", tutorial_screen(game_id, number))
                  for number in dict.fromkeys((0, first_move, len(steps) - 1))]
    return found


# ----- the checks ---------------------------------------------------------------------------------
def same_text_again(first: TextRecord, second: TextRecord) -> bool:
    """The same string drawn twice in (nearly) the same place: a shadow under it, or text
    painted again over its own copy. Not an overlap."""
    return first.text == second.text and abs(first.origin[0] - second.origin[0]) <= SAME_PLACE \
        and abs(first.origin[1] - second.origin[1]) <= SAME_PLACE


def overlaps(texts: list[TextRecord]) -> list[str]:
    """Each pair of strings whose visible ink boxes intersect, described (once per pair of
    strings: a string's shadow runs into the same neighbour as the string)."""
    boxes = {id(record): record.box() for record in texts}
    found: dict[tuple[str, str], str] = {}
    for first, second in iter_pairs(texts):
        if same_text_again(first, second) or (first.text, second.text) in found:
            continue
        box, other = boxes[id(first)], boxes[id(second)]
        if box is not None and other is not None and box.colliderect(other):
            found[first.text, second.text] = f"{first.text!r} at {tuple(box)} overlaps {second.text!r} at {tuple(other)}"
    return list(found.values())


SCREEN_EDGE = f"surface edge ({SIZE[0]}x{SIZE[1]})"


def card_index_below_the_screen(record: TextRecord) -> bool:
    """The hand fans of the card tables run off the bottom of the screen, as cards held low in a
    hand do, and the index printed upside down in a card's lower corner (card art, rendered by
    the font directly) may go with them: the card shows its number twice more."""
    return record.kind == "font" and set(record.cuts) <= {SCREEN_EDGE, "area"} \
        and record.full_box().bottom > SIZE[1]


def card_index_at_a_pictures_edge(record: TextRecord, pictures: list[pygame.Rect]) -> bool:
    """The rules help shows tables in pictures: a card index that ran off the bottom of the table
    (``card_index_below_the_screen``) is cut there in the picture too, as the table shows it."""
    return record.kind == "font" and set(record.cuts) <= {SCREEN_EDGE, "area"} \
        and any(picture.colliderect(record.full_box()) for picture in pictures)


def cuts(texts: list[TextRecord], scroll_view: pygame.Rect | None, pictures: list[pygame.Rect] = ()) -> list[str]:
    """Each string with ink lost to the screen's edge, a surface's edge or a clip, described.
    The rules help scrolls its text in a clipped view (soft fades mark the cut lines): a cut by
    that view alone is how scrolling looks, not a fault."""
    allowed = {f"clip {tuple(scroll_view)}"} if scroll_view is not None else set()
    found = []
    for record in texts:
        lost = record.cut_pixels()
        if lost and not set(record.cuts) <= allowed and not card_index_below_the_screen(record) \
                and not card_index_at_a_pictures_edge(record, list(pictures)):
            reasons = ", ".join(reason for reason in record.cuts if reason != "area")
            found.append(f"{record.text!r} at {tuple(record.full_box())} lost {lost} ink pixels ({reasons})")
    return found


MIN_SIZE = 17  # px of font on the 1920x1080 canvas: 11.3 px in a 1280x720 window (scale 2/3)
# Text nobody needs to read, let through below MIN_SIZE: string -> why. Keep it short.
CARD_THUMBNAIL = ("a kind mark printed on the card's art, shrunk with the card in a fan of backs or a panel's "
                  "thumbnail; on the table and in the hand it is legible, and at any size the card's look says "
                  "the same: ")
DECORATION: dict[str, str] = {
    # NEW & OLD: white framed paper with sparkles (a sunburst back) or stained, chipped paper (a
    # lattice back with an hourglass)
    "NEW": CARD_THUMBNAIL + "a New card's paper and sunburst back",
    "OLD": CARD_THUMBNAIL + "an Old card's paper and hourglass back",
    # Nostalgic: a wild card's three-colour sash across its corner
    "W": CARD_THUMBNAIL + "a wild card's three-colour sash",
}


def legible(record: TextRecord) -> bool:
    """The string shows at ``MIN_SIZE`` or more (False when the probe could not learn its size)."""
    return record.size >= MIN_SIZE


def gap(first: pygame.Rect, second: pygame.Rect) -> int:
    """How far apart two boxes lie (0: they touch or overlap), the larger of the two axes."""
    across = max(0, second.left - first.right, first.left - second.right)
    down = max(0, second.top - first.bottom, first.top - second.bottom)
    return max(across, down)


def has_legible_twin(record: TextRecord, texts: list[TextRecord]) -> bool:
    """A card's corner index: the same string shows, legible, on the same picture within its own
    size of this one (the big numeral of the card), so nobody needs to read the small copy. A
    corner left showing alone (the card's middle covered, as in a fanned hand) gets no pass."""
    box = record.box()
    for other in texts:
        if other.text != record.text or other.picture != record.picture or not record.picture or not legible(other):
            continue
        twin = other.box()
        if box is not None and twin is not None and gap(box, twin) <= other.size:
            return True
    return False


def in_a_picture(record: TextRecord, pictures: list[pygame.Rect]) -> bool:
    """The string is drawn inside one of the rules help's pictures (its box's centre is)."""
    box = record.full_box()
    return any(picture.collidepoint(box.center) for picture in pictures)


def too_small(texts: list[TextRecord], pictures: list[pygame.Rect] = ()) -> list[str]:
    """Each string showing at a font size under ``MIN_SIZE`` (or whose size the probe could not
    learn), described, unless it is listed in ``DECORATION``, has a legible twin beside it, or lies
    in one of the rules help's ``pictures``.

    A help picture is a table screen drawn smaller (a setup thumbnail, a move, a score panel):
    what it shows is also said at full size in the captions and page text around it, and the same
    table passes this check at its own size on the table screens, so text shrunk inside a picture
    is not reading matter. Everything else on a help page (text, captions, sums) is still held to
    ``MIN_SIZE``."""
    found = []
    for record in texts:
        if legible(record) or record.text in DECORATION or has_legible_twin(record, texts) \
                or in_a_picture(record, list(pictures)):
            continue
        found.append(f"{record.text!r} at {tuple(record.full_box())} is {record.size:.1f} px (under {MIN_SIZE})")
    return found


# ----- running -----------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def probed_app() -> Iterator[App]:
    """One headless app for every screen, with the text probe installed. The table pictures
    are kept from one screen to the next (letting them go when the last table closes is memory
    housekeeping, and painting them again for every screen would double the run)."""
    with probing(), pytest.MonkeyPatch.context() as patch:
        patch.setattr(table_art, "release_table_pictures", lambda: None)
        app = App(Settings(language="ja", anim_speed="instant", sound=False), headless=True)
        try:
            yield app
        finally:
            app.close()
            set_language("ja")


@dataclass(frozen=True)
class Shortened:
    """A text that ``scenes.menus.setup.clipped_lines`` cut short with an ellipsis."""

    text: str
    shown: tuple[str, ...]
    label: bool  # a bold name (an option's label): the main content, not a hint

    def __str__(self) -> str:
        return f"{self.text!r} shown as {' / '.join(self.shown)!r}"


@pytest.fixture
def shortened(monkeypatch: pytest.MonkeyPatch) -> list[Shortened]:
    """The texts ``scenes.menus.setup.clipped_lines`` cuts short while the screen is drawn."""
    cut: list[Shortened] = []
    original = setup_scene.clipped_lines

    def recording(text: str, size: int, width: int, most: int, bold: bool = False) -> list[str]:
        lines = original(text, size, width, most, bold)
        if len(fonts.wrap(text, size, width, bold)) > most > 0:
            cut.append(Shortened(text, tuple(lines), bold))
        return lines

    monkeypatch.setattr(setup_scene, "clipped_lines", recording)
    return cut


def render(app: App, screen: Screen, lang: str) -> Iterator[tuple[str, list[TextRecord]]]:
    """Put ``screen`` (each of its pages) on a fresh canvas in ``lang``; yield the page's name
    and the texts showing."""
    app.settings.language = lang
    set_language(lang)
    app.overlays.clear()
    app.reset_to(Scene(app))
    app.screen = pygame.Surface(SIZE)  # a RecordingSurface while the probe is installed
    if not screen.paged:
        screen.show(app)
        yield "", visible_texts(app.screen)
        return
    for page in screen.show(app):  # type: ignore[union-attr]
        yield page, visible_texts(app.screen)


def problems_of(app: App, texts: list[TextRecord]) -> list[str]:
    """Overlaps, cuts and too small texts among ``texts`` (the rules help's scrolling view may cut lines)."""
    top = app.top
    view = top.view if isinstance(top, Help) else None
    pictures = top.figure_rects() if isinstance(top, Help) else []
    return overlaps(texts) + cuts(texts, view, pictures) + too_small(texts, pictures)


SCREENS = all_screens()
# (screen, language) -> why it fails, for a fault whose fix lies in a file being reworked elsewhere
XFAIL: dict[tuple[str, str], str] = {}


def cases() -> Iterator[object]:
    """(screen, language) pairs, each with its id and any expected failure."""
    for screen in SCREENS:
        for lang in LANGUAGES:
            reason = XFAIL.get((screen.name, lang))
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            yield pytest.param(screen, lang, id=f"{screen.name}-{lang}", marks=marks)


@pytest.mark.slow
@pytest.mark.parametrize(("screen", "lang"), list(cases()))
def test_no_text_overlaps_is_cut_or_too_small(probed_app: App, shortened: list[Shortened], screen: Screen,
                                              lang: str) -> None:
    """Every page of ``screen`` in ``lang``: no two strings overlap, none is cut or under
    ``MIN_SIZE``, no label is cut short."""
    problems = []
    for page, texts in render(probed_app, screen, lang):
        where = f"{screen.name}/{lang}" + (f" {page}" if page else "")
        assert texts, f"{where}: no text found on screen (is the probe working?)"
        problems += [f"{where}: {problem}" for problem in problems_of(probed_app, texts)]
    for cut in dict.fromkeys(shortened):
        if cut.label:
            problems.append(f"{screen.name}/{lang}: a label cut short: {cut}")
        else:
            warnings.warn(f"{screen.name}/{lang}: a hint cut short: {cut}", stacklevel=1)
    assert not problems, "\n".join(problems)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_line_of_a_tutorial_caption_card_shows(probed_app: App, lang: str) -> None:
    """The caption card drops no line: the caption, and the step counter with its "go on" or
    "your move" line (wrapped above Skip when it does not fit beside it), all show in full."""
    missing = []
    for screen in SCREENS:
        if not screen.name.startswith("tutorial-"):
            continue
        for _, texts in render(probed_app, screen, lang):
            layer = probed_app.top
            assert isinstance(layer, TutorialLayer)
            shown = {record.text for record in texts}
            beside, above = layer.footer()
            missing += [f"{screen.name}/{lang}: {line!r}" for line in [*layer.caption_lines(), beside, *above]
                        if line not in shown]
    assert not missing, "\n".join(missing)


def test_the_checker_sees_text_through_pictures_and_finds_overlaps_covers_and_cuts(probed_app: App) -> None:
    """The probe and the checks themselves: strings painted on a picture are found where the
    picture lands on the screen, also when it is scaled; a string over another is an overlap,
    its shadow copy is not; paint over a string hides it; a string over a picture's edge is cut."""
    screen = pygame.Surface(SIZE)
    card = pygame.Surface((300, 100), pygame.SRCALPHA)
    card.blit(fonts.text("Alpha", 30, (90, 90, 90)), (12, 12))  # a shadow, then the string over it
    card.blit(fonts.text("Alpha", 30, (0, 0, 0)), (10, 10))
    card.blit(fonts.text("Beta", 30, (0, 0, 0)), (40, 20))
    card.blit(fonts.text("Edge", 30, (0, 0, 0)), (260, 60))
    screen.blit(card, (100, 100))
    screen.blit(fonts.text("Hidden", 30, (255, 255, 255)), (600, 500))
    pygame.draw.rect(screen, (250, 240, 220), (590, 490, 200, 60), border_radius=8)
    label = pygame.Surface((120, 40), pygame.SRCALPHA)
    label.blit(fonts.text("Big", 20, (255, 255, 255)), (4, 4))
    screen.blit(pygame.transform.smoothscale(label, (240, 80)), (1000, 800))
    texts = visible_texts(screen)
    shown = {record.text: record.box() for record in texts}
    assert "Hidden" not in shown
    assert shown["Alpha"] is not None and shown["Alpha"].x >= 110 and shown["Alpha"].y >= 110
    assert shown["Big"] is not None and shown["Big"].left >= 1008 and shown["Big"].height > 20
    found = overlaps(texts)
    assert len(found) == 1 and "'Alpha'" in found[0] and "'Beta'" in found[0], found
    assert [problem.split(" at ")[0] for problem in cuts(texts, None)] == ["'Edge'"]


def test_the_checker_finds_text_too_small_to_read(probed_app: App) -> None:
    """The size rule itself: a string rendered under ``MIN_SIZE``, or rendered legibly and then
    shrunk with its picture, is found (as text or printed on art by the font); a card's small
    corner index beside its legible big numeral passes, but not once the numeral is covered, nor
    a small copy far from the big one or on another picture; a listed decoration passes; legible
    text passes."""
    screen = pygame.Surface(SIZE)
    screen.blit(fonts.text("Readable", MIN_SIZE, (255, 255, 255)), (40, 40))
    screen.blit(fonts.text("Planted", MIN_SIZE - 3, (255, 255, 255)), (40, 100))
    label = pygame.Surface((200, 60), pygame.SRCALPHA)
    label.blit(fonts.text("Shrunk", 24, (255, 255, 255)), (4, 4))
    screen.blit(pygame.transform.smoothscale(label, (100, 30)), (40, 160))  # 24 px at half size: 12 px
    screen.blit(fonts.font(12, True).render("Art", True, (255, 255, 255)), (40, 220))
    screen.blit(fonts.text(next(iter(DECORATION)), 9, (255, 255, 255)), (40, 280))
    for left, covered in ((400, False), (700, True)):
        card = pygame.Surface((90, 130))
        card.fill((250, 240, 220))
        card.blit(fonts.font(12, True).render("7", True, (0, 0, 0)), (6, 4))  # the corner index
        card.blit(fonts.font(60, True).render("7", True, (0, 0, 0)), (30, 30))  # the big numeral
        screen.blit(card, (left, 40))
        if covered:  # a card over it hides all but its corner, as in a fanned hand
            pygame.draw.rect(screen, (40, 60, 110), (left + 24, 40, 90, 130))
    sheet = pygame.Surface((600, 80))  # a score sheet: a big 3, and far along the line a small 3
    sheet.blit(fonts.text("3", 40, (255, 255, 255)), (10, 10))
    sheet.blit(fonts.text("3", 12, (255, 255, 255)), (560, 30))
    screen.blit(sheet, (400, 400))
    screen.blit(fonts.text("5", 40, (255, 255, 255)), (400, 600))  # a big 5, and beside it a tag with a small 5
    tag = pygame.Surface((30, 30))
    tag.blit(fonts.text("5", 12, (255, 255, 255)), (4, 4))
    screen.blit(tag, (430, 610))
    texts = visible_texts(screen)
    found = too_small(texts)
    assert sorted(problem.split(" at ")[0] for problem in found) == [
        "'3'", "'5'", "'7'", "'Art'", "'Planted'", "'Shrunk'"], found
    corner = next(record for record in texts if record.text == "7" and record.size < MIN_SIZE
                  and record.origin[0] >= 700)
    assert [problem for problem in found if problem.startswith("'7'")] == [
        problem for problem in too_small([corner])], found  # the covered card's corner, not the other one
    sizes = {record.text: record.size for record in texts}
    assert sizes["Shrunk"] == 12 and sizes["Art"] == 12 and sizes["Readable"] == MIN_SIZE
