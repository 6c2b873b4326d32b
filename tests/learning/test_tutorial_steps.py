"""Every step of every tutorial, in both languages, as a person meets it (issue 29): the step shows
on the person's turn (never "… is thinking" with the AI held back), each control that glows is
enabled, lies clear of the caption card, and does the step's move by mouse, by touch and by its
key; the step after a scripted reply comes by itself; the caption card shows its "go on" line;
what the table would toast (Undo off, no Hint) is said on the card, where it can be read."""

from __future__ import annotations

import pytest

from game.i18n import set_language, t
from game.tutorials import GAMES, PERSON, load
from scenes.engine.app import App
from scenes.engine.input import ACTIVATE, KEY, PRESS, RELEASE, Intent
from scenes.learning.tutorial import CLICK_GUARD, TutorialLayer, open_tutorial
from scenes.menus.title import Title
from scenes.tools.tutorial_drive import Clock, settle, spots_of
from tests.table_gestures import DT

# The key that presses each game's glowing control (the tables' own shortcuts, see "*.keys")
CONTROL_KEYS = {"neko": "p", "newold": "r", "noaron": "d", "nostalgic": "r", "wallpaper": "r"}
WAYS = ("mouse", "touch", "keys")


@pytest.fixture
def title_app(app: App) -> App:
    """The headless app with the title at the bottom, as a person starts."""
    app.push(Title(app))
    app.step(DT)
    return app


def press_control(clock: Clock, game_id: str, button: object, way: str) -> None:
    """Press a glowing button the ``way`` a person would."""
    if way == "keys":
        clock.step([Intent(KEY, key=CONTROL_KEYS[game_id])])
        return
    point = button.rect.center  # type: ignore[attr-defined]
    touch = way == "touch"
    clock.step([Intent(PRESS, point, touch=touch), Intent(RELEASE, point, touch=touch)])


def do_move(clock: Clock, layer: TutorialLayer, way: str) -> None:
    """Play the step's expected move with taps (a finger) or clicks (a mouse): the pieces' own
    gestures, as ``scenes.<game>.spots.taps`` says."""
    table = layer.table
    touch = way != "mouse"
    for point in spots_of(table.match.game_id).taps(table, layer.expected_action()):
        clock.step([Intent(PRESS, point, touch=touch), Intent(RELEASE, point, touch=touch)])


def step_controls(layer: TutorialLayer) -> list[object]:
    """The glowing buttons a person would press for this step: every one, except the last part
    of a gesture of several pieces (NEW & OLD's box button waits for its two cards, then glows
    with them)."""
    action = layer.expected_action()
    pieces = spots_of(layer.table.match.game_id).action_spots(layer.table, action) if action is not None else []
    gesture = len(pieces) > 1
    return [button for button in layer.glowing_controls()
            if not (gesture and any(piece.contains(button.rect) for piece in pieces))]


def walk(app: App, game_id: str, lang: str, way: str) -> list[str]:
    """Walk the whole script ``way``; return what went wrong, step by step."""
    app.settings.language = lang
    set_language(lang)
    layer = open_tutorial(app, game_id)
    clock = Clock(app)
    table = layer.table
    faults: list[str] = []
    for number, step in enumerate(layer.steps):
        where = f"{game_id}/{lang}/{way} step {number + 1} ({step.caption})"
        # the step comes by itself once the replies are played: no click, no key
        if not settle(clock, lambda: layer.ready() or layer.done, 600) or layer.index != number:
            faults.append(f"{where}: did not come by itself after the scripted replies")
            return faults
        if PERSON not in table.match.to_move() or not table.viewer_may_act():
            faults.append(f"{where}: shown while seat {table.match.to_move()} is to move, not the person")
        app.draw()
        controls = step_controls(layer)
        for button in controls:
            if not button.is_enabled or not getattr(button, "is_available", True):
                faults.append(f"{where}: the glowing {button.text!r} is greyed")
            if button.rect.colliderect(layer.card):
                faults.append(f"{where}: the caption card covers the glowing {button.text!r}")
        if not step.waits_for_move:
            if controls:
                faults.append(f"{where}: an explanation glows a control ({controls[0].text!r}) that only goes on")
            for _ in range(round(CLICK_GUARD / DT) + 1):  # a person reads it first
                clock.step()
            clock.step([Intent(ACTIVATE)] if way == "keys" else
                       [Intent(PRESS, (960, 540), touch=way == "touch"), Intent(RELEASE, (960, 540), touch=way == "touch")])
            continue
        before = len(table.match.log)
        if controls:
            press_control(clock, game_id, controls[0], way)
        else:
            do_move(clock, layer, way)
        if not settle(clock, lambda: len(table.match.log) > before, 120):
            faults.append(f"{where}: {way} on the glow did not play the step's move")
            return faults
        played = table.match.log[before].action
        if table.match.log[before].seat != PERSON or not step.accepts(played):
            faults.append(f"{where}: {way} played {played!r}, which the step does not take")
    if not settle(clock, lambda: layer.done, 600):
        faults.append(f"{game_id}/{lang}/{way}: the script never handed the table over")
    return faults


@pytest.mark.slow
@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_step_shows_on_the_persons_turn_and_its_glowing_control_works(title_app: App, game_id: str,
                                                                              lang: str, way: str) -> None:
    faults = walk(title_app, game_id, lang, way)
    set_language("en")
    assert not faults, "\n".join(faults)


def test_a_scripted_reply_is_one_a_beginner_sees_change_the_table() -> None:
    """A scripted reply that lays a card on a card of the same number looks like nothing
    happened: the neko replies change the top card they land on."""
    tutorial = load("neko")
    match = tutorial.new_match()
    for number, step in enumerate(tutorial.steps):
        if step.expect:
            match.apply(PERSON, match.rules.decode_action(step.expect))
        for seat, notation in step.replies:
            action = match.rules.decode_action(notation)
            if action.kind == "play":
                top = match.state.stacks[action.position][-1]
                assert top != action.card, f"step {number + 1}: {notation} lays a {action.card} on a {top}"
            match.apply(seat, action)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_caption_card_keeps_its_go_on_line_and_says_why_undo_and_hint_are_off(title_app: App,
                                                                                  lang: str) -> None:
    title_app.settings.language = lang
    set_language(lang)
    layer = open_tutorial(title_app, "neko")
    clock = Clock(title_app)
    assert settle(clock, layer.ready)
    beside, above = layer.footer()
    assert t("tutorial.next") in beside or " ".join(above).replace(" ", "") == t("tutorial.next").replace(" ", "")
    table = layer.table
    layer.table.press_undo()
    clock.step()
    assert layer.wrong_text == t("tutorial.undo_off") and not table.toast.visible  # on the card, not under it
    hint = table.hint_button
    clock.step([Intent(PRESS, hint.rect.center), Intent(RELEASE, hint.rect.center)])  # greyed: still says why
    assert layer.wrong_text == t("tutorial.hint_off") and not table.toast.visible
    set_language("en")


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_a_tutorial_waiting_for_the_person_asks_for_no_frames_once_its_glow_has_breathed(
        title_app: App, game_id: str) -> None:
    """In a window the app draws only the frames a scene asks for: a step that waits for the person
    breathes its glow a few times, then stands still like a still table (it used to pulse for ever,
    and the whole table under it was drawn 60 times a second)."""
    from scenes.learning.tutorial import GLOW_PULSES, PULSE

    layer = open_tutorial(title_app, game_id)
    clock = Clock(title_app)
    for _ in range(600):
        if layer.ready():
            break
        clock.step()
    assert layer.ready() and layer.index == 0
    title_app.draw()  # the step's caption card has been shown
    assert layer.frame_rate() > 0 or not layer.current_spots(), "a glowing step breathes at first"
    for _ in range(round(GLOW_PULSES * PULSE / DT) + 5):
        clock.step()
    title_app.draw()
    assert layer.ready() and layer.frame_rate() == 0
    assert layer.glow_pulse() == 1.0  # the glow holds at full strength, still shown
