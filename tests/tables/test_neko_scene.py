"""The neko table scene, headless: people play through intents (drag, click, keys), AIs answer
inline, and every assertion is about the rules state or the scene's model, never pixels."""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path

import pygame
import pytest

from game.core.match import Match, Seat
from game.i18n import t
from game.rules.neko import PASS, NekoAction, playable_positions
from scenes.engine.app import App
from scenes.engine.input import ACTIVATE, FOCUS_NEXT, KEY, NAV, PRESS, RELEASE, Intent
from scenes.menus.results import Results
from scenes.neko.scene import NekoTable, make_table
from scenes.table.ai_seats import AI_MIN_THINK
from scenes.table.curtain import Curtain
from tests import table_gestures
from tests.table_gestures import DT, click, drag


def open_table(app: App, seats: list[Seat], seed: int, **options: object) -> NekoTable:
    """A new match on its table, pushed and shown once."""
    scene = make_table(app, Match("neko", seats, seed), **options)
    assert isinstance(scene, NekoTable)
    app.push(scene)
    app.step(DT)
    return scene


def human_vs_ai(app: App, seed: int, level: str = "easy") -> NekoTable:
    """Seat 0 is a person, seat 1 an AI."""
    return open_table(app, [Seat("human"), Seat("ai", level)], seed)


# ----- driving the table ---------------------------------------------------------------------------
def wait_for_person(app: App, scene: NekoTable, limit: int = 3000) -> bool:
    """Run the table, each frame checked, until the person at the bottom may act; False at the end."""
    return table_gestures.wait_for_person(app, scene, lambda: step_checking(app, scene), limit)


def centre_of_card(scene: NekoTable, value: int) -> tuple[int, int]:
    """Where the first hand card of ``value`` is drawn."""
    card = next(card for card in scene.hand.cards if card.value == value)
    return round(card.pos[0]), round(card.pos[1])


def centre_of_stack(scene: NekoTable, position: int) -> tuple[int, int]:
    """Where the stack at ``position`` is drawn."""
    return scene.stacks[position].rect().center


def target_position(scene: NekoTable, action: NekoAction) -> int:
    """The stack an action goes to (a base card goes to the seat's own place)."""
    if action.kind == "base":
        return scene.observation().setup_queue[0]
    return action.position


def play_by_drag(app: App, scene: NekoTable, action: NekoAction) -> None:
    """Drag the card onto its stack, or press Pass."""
    if action.kind == "pass":
        click(app, scene.pass_button.rect.center)
        return
    drag(app, centre_of_card(scene, action.card), centre_of_stack(scene, target_position(scene, action)))


def play_by_finger(app: App, scene: NekoTable, action: NekoAction) -> None:
    """Slide the card onto its stack with a finger, or tap Pass."""
    if action.kind == "pass":
        centre = scene.pass_button.rect.center
        app.step(DT, feed=[Intent(PRESS, centre, touch=True), Intent(RELEASE, centre, touch=True)])
        return
    start = centre_of_card(scene, action.card)
    drag(app, start, centre_of_stack(scene, target_position(scene, action)), touch=True)


def play_by_clicks(app: App, scene: NekoTable, action: NekoAction) -> None:
    """Click the card, then click its stack (or click Pass)."""
    if action.kind == "pass":
        click(app, scene.pass_button.rect.center)
        return
    click(app, centre_of_card(scene, action.card))
    assert scene.held_value() == action.card
    click(app, centre_of_stack(scene, target_position(scene, action)))


def play_by_keys(app: App, scene: NekoTable, action: NekoAction) -> None:
    """Left/Right to the card, Tab to the stack, Enter (or P to pass)."""
    if action.kind == "pass":
        app.step(DT, feed=[Intent(KEY, key="p")])
        return
    for _ in range(12):
        if scene.held_value() == action.card:
            break
        app.step(DT, feed=[Intent(NAV, dx=1)])
    assert scene.held_value() == action.card
    if action.kind == "play":
        for _ in range(8):
            if scene.hold.target == action.position:
                break
            app.step(DT, feed=[Intent(FOCUS_NEXT)])
        assert scene.hold.target == action.position
    app.step(DT, feed=[Intent(ACTIVATE)])


def choose(scene: NekoTable, rng: random.Random) -> NekoAction:
    """A legal action for the person: usually a play (so rounds end), sometimes a pass."""
    legal = scene.match.legal_actions(scene.viewer)
    plays = [action for action in legal if action.kind != "pass"]
    if plays and rng.random() < 0.85:
        return rng.choice(plays)
    return PASS if PASS in legal else rng.choice(legal)


def other_hands_face_down(scene: NekoTable) -> bool:
    """No card of another seat's hand is drawn face up (nor even known to the sprite)."""
    return all(card.value is None and not card.face_up
               for seat, fan in scene.fans.items() if seat != scene.viewer for card in fan.cards)


def step_checking(app: App, scene: NekoTable, feed: Iterable[Intent] = ()) -> None:
    """One frame, then check that no other hand shows."""
    app.step(DT, feed=list(feed))
    assert other_hands_face_down(scene)


def shown_hand_matches_observation(scene: NekoTable) -> bool:
    """At rest, the face-up cards on screen are exactly the viewer's own hand."""
    return sorted(scene.face_up_values()) == sorted(scene.observation().hand)


# ----- a whole match ---------------------------------------------------------------------------------
@pytest.mark.slow
def test_person_plays_a_whole_match_against_the_ai_by_drag_click_touch_and_keys(app: App) -> None:
    """Every person's action goes through an input gesture and adds exactly that action to the
    log; the AI answers; the match ends with the results of the rules."""
    scene = human_vs_ai(app, seed=11)
    match = scene.match
    rng = random.Random(5)
    gestures = (play_by_drag, play_by_clicks, play_by_keys, play_by_finger)
    turns = 0
    while wait_for_person(app, scene):
        assert shown_hand_matches_observation(scene)
        action = choose(scene, rng)
        before = len(match.log)
        gesture = gestures[turns % len(gestures)]
        gesture(app, scene, action)
        added = match.log[before:]
        assert added, f"{gesture.__name__} did not play {action}"
        assert (added[0].seat, added[0].action) == (0, match.rules.encode_action(action))
        assert all(entry.seat == 1 for entry in added[1:])  # then only the AI's answers
        turns += 1
    for _ in range(20):
        app.step(DT)
    assert match.is_over()
    assert turns >= 4
    assert isinstance(app.top, Results)
    assert app.top.result.winners == match.rules.result(match.state).winners
    replayed = Match.from_json(match.to_json())  # every logged action was legal
    assert replayed.rules.notation(replayed.state) == match.rules.notation(match.state)


# ----- refusals, pass and undo ------------------------------------------------------------------------
def reach_play_phase(app: App, scene: NekoTable) -> None:
    """Lay the person's base card by dragging it, until the play phase is on the person's turn."""
    while wait_for_person(app, scene):
        if scene.observation().phase == "play":
            return
        action = scene.match.legal_actions(scene.viewer)[0]
        play_by_drag(app, scene, action)
    raise AssertionError("the match ended before the play phase")


def test_an_illegal_drop_leaves_the_state_and_shows_the_reason(app: App) -> None:
    """Dropping a card on the cat's stack springs back with the rules' reason; state unchanged."""
    scene = human_vs_ai(app, seed=3)
    reach_play_phase(app, scene)
    match = scene.match
    before = (match.rules.notation(match.state), len(match.log))
    hand = list(scene.observation().hand)
    cat = scene.observation().cat
    drag(app, centre_of_card(scene, hand[0]), centre_of_stack(scene, cat))
    app.step(DT)
    assert (match.rules.notation(match.state), len(match.log)) == before
    assert scene.rejections == 1
    assert scene.toast.visible and scene.toast.message == t("neko.reason.cat_stack")
    for _ in range(5):
        app.step(DT)
    assert scene.hold.drag is None
    assert shown_hand_matches_observation(scene)  # the card sprang back into the hand


def test_a_card_the_stack_refuses_is_explained_by_the_rules(app: App) -> None:
    """A drop the ordering forbids shows the rules' own explanation (which cards it takes)."""
    wrong: list[NekoAction] = []
    for seed in range(1, 40):
        scene = human_vs_ai(app, seed=seed)
        reach_play_phase(app, scene)
        obs = scene.observation()
        legal = set(scene.match.legal_actions(0))
        wrong = [NekoAction("play", value, position) for value in obs.hand
                 for position in playable_positions(obs.cat)
                 if NekoAction("play", value, position) not in legal]
        if wrong:
            break
        app.pop()
    assert wrong, "no seed gave a hand card that an open stack refuses"
    action = wrong[0]
    key, _, params = scene.match.rules.explain_illegal(scene.match.state, 0, action)
    log_length = len(scene.match.log)
    drag(app, centre_of_card(scene, action.card), centre_of_stack(scene, action.position))
    assert len(scene.match.log) == log_length
    assert scene.toast.message == t(key, **params)


def test_the_pass_button_passes(app: App) -> None:
    """Clicking Pass on the person's turn logs a pass and moves the cat one stack clockwise."""
    scene = human_vs_ai(app, seed=8)
    reach_play_phase(app, scene)
    length = len(scene.match.log)
    cat_before = scene.observation().cat
    events_before = len(scene.match.events)
    click(app, scene.pass_button.rect.center)
    entry = scene.match.log[length]
    assert (entry.seat, entry.action) == (0, "pass")
    passes = [event for event in scene.match.events[events_before:]
              if event.kind == "cat_moved" and event.why == "pass"]  # the person's, then maybe the AI's
    assert passes and passes[0].source == cat_before and passes[0].target == (cat_before + 1) % 4


def test_pass_button_is_disabled_while_laying_the_base_card(app: App) -> None:
    """At setup a pass is not an option: the button is disabled and clicking it does nothing."""
    scene = human_vs_ai(app, seed=8)
    assert wait_for_person(app, scene)
    assert scene.observation().phase == "base"
    assert not scene.pass_button.is_enabled
    log_length = len(scene.match.log)
    click(app, scene.pass_button.rect.center)
    assert len(scene.match.log) == log_length


def test_after_everyone_passed_the_table_says_play_and_pass_is_off(app: App) -> None:
    """The stall breaker on screen: a bubble at the seat that must play, the Pass button off, the
    status line says why, and P is refused with the rules' reason."""
    scene = open_table(app, [Seat("human")] + [Seat("ai", "normal")] * 3, seed=2)
    bubbles: set[str] = set()

    def step() -> None:
        step_checking(app, scene)
        bubbles.update(bubble.text for bubble in scene.bubbles if bubble.visible)

    while table_gestures.wait_for_person(app, scene, step, 3000):  # the person passes whenever allowed
        legal = scene.match.legal_actions(0)
        if scene.observation().phase == "base":
            play_by_drag(app, scene, legal[0])
        elif PASS in legal:
            click(app, scene.pass_button.rect.center)
        else:
            break
    assert any(event.kind == "must_play" for event in scene.match.events)
    assert t("neko.bubble.must_play") in bubbles
    assert not scene.pass_button.is_enabled
    assert scene.status_text() == t("neko.status.must_play")
    length = len(scene.match.log)
    app.step(DT, feed=[Intent(KEY, key="p")])
    assert len(scene.match.log) == length
    assert scene.toast.visible and scene.toast.message == t("neko.reason.must_play")


def test_undo_takes_back_the_move_before_the_ai_answers(app: App) -> None:
    """At normal speed the AI waits a moment; Undo in that moment restores the position and
    cancels the AI's request, and the AI does not move while it is the person's turn again."""
    scene = human_vs_ai(app, seed=4, level="normal")
    reach_play_phase(app, scene)
    app.settings.anim_speed = "normal"
    match = scene.match
    before = (match.rules.notation(match.state), len(match.log))
    play_by_drag(app, scene, PASS)
    assert len(match.log) == before[1] + 1
    for _ in range(int(10 / DT)):
        if scene.ai_ticket is not None:
            break
        app.step(DT)
    assert scene.ai_ticket is not None, "the AI never started thinking"
    assert scene.ai_waited < AI_MIN_THINK
    assert match.log[-1].seat == 0 and scene.can_undo()
    click(app, scene.undo_button.rect.center)
    assert (match.rules.notation(match.state), len(match.log)) == before
    assert scene.ai_ticket is None
    for _ in range(120):
        app.step(DT)
    assert len(match.log) == before[1]
    assert match.to_move() == (0,)
    assert shown_hand_matches_observation(scene)


def test_backspace_undoes(app: App) -> None:
    """Backspace takes back the person's move when allowed (Esc opens the menu instead)."""
    scene = human_vs_ai(app, seed=4, level="normal")
    reach_play_phase(app, scene)
    app.settings.anim_speed = "normal"
    match = scene.match
    length = len(match.log)
    play_by_drag(app, scene, PASS)
    assert len(match.log) == length + 1
    from scenes.engine.input import BACK

    app.step(DT, feed=[Intent(BACK, key="backspace")])
    assert len(match.log) == length


# ----- hot-seat ------------------------------------------------------------------------------------
@pytest.mark.slow
def test_hot_seat_curtain_between_people_and_only_the_own_hand_face_up(app: App) -> None:
    """Two people at one screen: a curtain goes up before the other person's turn, and the
    screen never shows a hand other than the viewer's face up (none at all under the curtain)."""
    scene = open_table(app, [Seat("human"), Seat("human")], seed=21)
    match = scene.match
    rng = random.Random(2)
    curtains = 0
    for _ in range(30):
        for _ in range(400):
            if isinstance(app.top, Curtain):
                assert scene.face_up_values() == []
                curtains += 1
                mover = match.to_move()[0]
                app.step(DT, feed=[Intent(ACTIVATE)])
                assert scene.viewer == mover
            if scene.panel is not None:
                app.step(DT, feed=[Intent(ACTIVATE)])
                continue
            if scene.finished or (scene.viewer_may_act() and scene.idle()):
                break
            step_checking(app, scene)
        if scene.finished:
            break
        assert scene.viewer == match.to_move()[0]
        assert shown_hand_matches_observation(scene)
        action = choose(scene, rng)
        play_by_drag(app, scene, action)
    assert curtains >= 5


# ----- AI-only tables ----------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_an_all_ai_match_plays_to_the_end(app: App, players: int) -> None:
    """With nobody at the table the match runs by itself, round panels included, to the results."""
    seats = [Seat("ai", "easy" if seat % 2 else "normal") for seat in range(players)]
    scene = open_table(app, seats, seed=30 + players)
    for _ in range(4000):
        if isinstance(app.top, Results):
            break
        step_checking(app, scene)
    assert isinstance(app.top, Results)
    assert scene.match.is_over()
    assert len(scene.match.state.records) == players
    assert app.top.result.winners == scene.match.rules.result(scene.match.state).winners


def test_a_resumed_match_is_drawn_from_its_observation(app: App) -> None:
    """A match with a log (a resumed save) is set up at rest from the observation, no intro."""
    match = Match("neko", [Seat("human"), Seat("ai", "easy")], 9)
    match.apply(0, match.legal_actions(0)[0])
    scene = make_table(app, match)
    app.push(scene)
    assert not scene.pending
    obs = match.observe(0)
    assert [view.cards for view in scene.stacks] == [list(stack) for stack in obs.stacks]
    assert sorted(scene.face_up_values()) == sorted(obs.hand)


@pytest.mark.slow
def test_shot_writes_a_png(tmp_path: Path) -> None:
    """take_shot renders a table to a PNG of the asked size."""
    from scenes.tools.shot import take_shot

    out = take_shot("neko", 3, seed=2, moves=5, size=(960, 540), out=tmp_path / "neko.png", lang="en")
    pygame.init()
    assert pygame.image.load(str(out)).get_size() == (960, 540)


def test_background_autosave_lands_on_disk_in_order(app: App) -> None:
    """Saves written off the render thread are on disk after ``wait`` and resume the same match;
    clearing after the end removes the file."""
    from game.core.autosave import autosave_path, load_autosave
    from scenes.table.saver import BackgroundSaver

    match = Match("neko", [Seat("human"), Seat("ai", "easy")], 12)
    saver = BackgroundSaver(background=True)
    for _ in range(3):
        saver.save(match)  # each save waits for the one before
        seat = match.to_move()[0]
        saver.wait()
        match.apply(seat, match.legal_actions(seat)[0])
    saver.save(match)
    saver.wait()
    resumed, warning = load_autosave()
    assert warning is None and resumed is not None
    assert resumed.rules.notation(resumed.state) == match.rules.notation(match.state)
    saver.clear()
    assert not autosave_path().exists()


def test_language_switch_relabels_the_table(app: App) -> None:
    """Switching to Japanese mid-game relabels the status and the buttons at once."""
    scene = human_vs_ai(app, seed=6)
    assert wait_for_person(app, scene)
    app.settings.language = "ja"
    from game.i18n import set_language

    set_language("ja")
    try:
        app.step(DT)
        assert scene.status_text() == t("neko.status.lay_base", lang="ja")
        assert scene.pass_button.text == t("table.pass", lang="ja")
    finally:
        set_language("en")


def test_a_die_tumbles_and_settles_on_its_value(app: App) -> None:
    """The dice piece (for the dice games) ends its roll showing the rolled value, where asked."""
    from scenes.engine.anim import Animator
    from scenes.table.pieces import Die

    die = Die(1, (100.0, 100.0))
    animator = Animator()
    landed: list[int] = []
    animator.add(die.roll(5, (400.0, 300.0), seed=3, on_done=lambda: landed.append(die.value)))
    seen = set()
    for _ in range(120):
        animator.update(DT)
        seen.add(die.shown)
        die.draw(app.screen)
    assert landed == [5]
    assert (die.value, die.shown, die.pos, die.height) == (5, 5, (400.0, 300.0), 0.0)
    assert len(seen) > 2  # it showed other faces while tumbling
