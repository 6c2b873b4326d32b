"""The Nostalgic table scene, headless: people play through intents (drag, click, keys, finger),
AIs answer inline at instant speed, and assertions are about the rules state or the scene's model
(which dice lie where, which cards show face up), never pixels."""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path

import pygame
import pytest

from game.core.match import Match, Seat
from game.i18n import set_language, t
from game.rules.nostalgic import (
    BALLOON_BY_ID,
    DECK_SOURCE,
    PHASE_PLACE,
    PHASE_TAKE,
    NostalgicAction,
)
from scenes.engine.app import App
from scenes.engine.input import ACTIVATE, BACK, KEY, MOVE, NAV, PRESS, RELEASE, Intent
from scenes.menus.results import Results
from scenes.nostalgic import NostalgicTable, make_table
from scenes.nostalgic.panels import FinalPanel
from scenes.table.ai_seats import AI_MIN_THINK
from scenes.table.curtain import Curtain
from tests import table_gestures
from tests.table_gestures import DT, click, drag

AI_LEVEL = "random"  # the generic agent: these tests are about the table, not the AI's play


def open_table(app: App, match: Match, **options: object) -> NostalgicTable:
    """``match`` on its table, pushed and shown once."""
    scene = make_table(app, match, **options)
    assert isinstance(scene, NostalgicTable)
    app.push(scene)
    app.step(DT)
    return scene


def person_and_ais(players: int, seed: int, **options: object) -> Match:
    """Seat 0 is a person, every other seat an AI."""
    return Match("nostalgic", [Seat("human")] + [Seat("ai", AI_LEVEL) for _ in range(players - 1)], seed,
                 options=dict(options))


# ----- what the screen shows ---------------------------------------------------------------------------
def no_foreign_face(scene: NostalgicTable) -> bool:
    """The cards shown face up in a hand are the viewer's own (none under a curtain or for a
    spectator); other hands are only ever counts of backs (the table keeps no face for them)."""
    shown = scene.face_up_hand_cards()
    if scene.viewer < 0 or scene.hand_hidden:
        return not shown
    own = list(scene.observation().hand)
    for card in shown:
        if card not in own:
            return False
        own.remove(card)
    return True


def at_rest_matches_observation(scene: NostalgicTable) -> bool:
    """With nothing moving, the table shows exactly the observation (dice, markers, cards, chips)."""
    return not scene.needs_sync()


def step_checking(app: App, scene: NostalgicTable, feed: Iterable[Intent] = ()) -> None:
    """One frame, then check that no other seat's hand shows."""
    app.step(DT, feed=list(feed))
    assert no_foreign_face(scene)


def wait_for_person(app: App, scene: NostalgicTable, limit: int = 6000) -> bool:
    """Run the table, each frame checked, until the person at the bottom may act; False at the end."""
    return table_gestures.wait_for_person(app, scene, lambda: step_checking(app, scene), limit)


# ----- gestures -------------------------------------------------------------------------------------
def die_point(scene: NostalgicTable, die: int) -> tuple[int, int]:
    """Where one of the viewer's dice lies in the tray."""
    x, y = scene.geometry.tray_slot(scene.viewer, die, len(scene.shown.dice[scene.viewer]))
    return round(x), round(y)


def balloon_point(scene: NostalgicTable, balloon: str) -> tuple[int, int]:
    """A point inside a balloon."""
    return scene.geometry.balloon_rect(balloon).center


def source_point(scene: NostalgicTable, source: int) -> tuple[int, int]:
    """A face-up card's slot, or the deck."""
    if source == DECK_SOURCE:
        return scene.geometry.deck_rect().center
    return scene.geometry.slot_rect(source).center


def by_clicks(app: App, scene: NostalgicTable, action: NostalgicAction, touch: bool = False) -> None:
    """Click (tap) the die then the balloon; the dice then Reroll; the card to take."""
    if action.kind == "place":
        click(app, die_point(scene, action.die), touch)
        assert scene.held_die() == action.die
        assert action.balloon in scene.targets()  # the balloon glows for it
        click(app, balloon_point(scene, action.balloon), touch)
    elif action.kind == "reroll":
        for die in action.dice:
            click(app, die_point(scene, die), touch)
        assert sorted(scene.hold.picked) == list(action.dice)
        click(app, scene.reroll_button.rect.center, touch)
    else:
        click(app, source_point(scene, action.source), touch)


def by_drag(app: App, scene: NostalgicTable, action: NostalgicAction, touch: bool = False) -> None:
    """Drag the die onto its balloon (reroll and take as clicks: there is nothing to drag)."""
    if action.kind == "place":
        drag(app, die_point(scene, action.die), balloon_point(scene, action.balloon), touch=touch)
    else:
        by_clicks(app, scene, action, touch)


def by_finger(app: App, scene: NostalgicTable, action: NostalgicAction) -> None:
    """Slide the die with a finger; tap the rest."""
    by_drag(app, scene, action, touch=True)


def by_keys(app: App, scene: NostalgicTable, action: NostalgicAction) -> None:
    """Arrows to the die, Enter, arrows to the balloon, Enter; X marks dice and R rerolls;
    arrows to the card and Enter."""
    if action.kind == "place":
        focus_die(app, scene, action.die)
        app.step(DT, feed=[Intent(ACTIVATE)])
        for _ in range(12):
            if scene.hold.focus_balloon == action.balloon:
                break
            app.step(DT, feed=[Intent(NAV, dx=1)])
        assert scene.hold.focus_balloon == action.balloon
        app.step(DT, feed=[Intent(ACTIVATE)])
    elif action.kind == "reroll":
        for die in action.dice:
            focus_die(app, scene, die)
            app.step(DT, feed=[Intent(KEY, key="x")])
        app.step(DT, feed=[Intent(KEY, key="r")])
    else:
        for _ in range(8):
            if scene.hold.focus_source == action.source:
                break
            app.step(DT, feed=[Intent(NAV, dx=1)])
        assert scene.hold.focus_source == action.source
        app.step(DT, feed=[Intent(ACTIVATE)])


def focus_die(app: App, scene: NostalgicTable, die: int) -> None:
    """Right arrow until ``die`` has the keyboard focus."""
    for _ in range(6):
        if scene.hold.focus_die == die:
            return
        app.step(DT, feed=[Intent(NAV, dx=1)])
    raise AssertionError(f"the keys never reached die {die}")


GESTURES = (by_drag, by_clicks, by_keys, by_finger)


def choose(scene: NostalgicTable, rng: random.Random) -> NostalgicAction:
    """A legal action for the person (a reroll now and then)."""
    legal = scene.match.legal_actions(scene.viewer)
    rerolls = [action for action in legal if action.kind == "reroll"]
    others = [action for action in legal if action.kind != "reroll"]
    if rerolls and (not others or rng.random() < 0.25):
        return rng.choice(rerolls)
    return rng.choice(others)


def play_match(app: App, scene: NostalgicTable, seed: int) -> set[str]:
    """The person plays every turn through a rotating gesture; returns the kinds of action played."""
    match = scene.match
    rng = random.Random(seed)
    kinds: set[str] = set()
    turns = 0
    while wait_for_person(app, scene):
        assert at_rest_matches_observation(scene)
        action = choose(scene, rng)
        before = len(match.log)
        gesture = GESTURES[turns % len(GESTURES)]
        gesture(app, scene, action)
        added = match.log[before:]
        assert added, f"{gesture.__name__} did not play {action}"
        assert (added[0].seat, added[0].action) == (0, match.rules.encode_action(action))
        assert all(entry.seat != 0 for entry in added[1:])  # then only the AIs' answers
        kinds.add(action.kind)
        turns += 1
    return kinds


# ----- whole games -------------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed", "options"),
                         [(3, 12, {"triple": True}), (4, 5, {"chip_each": True})])
def test_a_person_plays_a_whole_game_against_ais_by_drag_click_keys_and_finger(
        app: App, players: int, seed: int, options: dict[str, object]) -> None:
    """Every action of the person (place, take, reroll) goes through a gesture and adds exactly
    that action to the log; the AIs answer; every round is played; the final panel shows; the
    game ends on the results."""
    scene = open_table(app, person_and_ais(players, seed, **options))
    panels: list[FinalPanel] = []
    original = scene.continue_round

    def remember() -> None:
        if isinstance(scene.panel, FinalPanel):
            panels.append(scene.panel)
        original()

    scene.continue_round = remember  # type: ignore[method-assign]
    kinds = play_match(app, scene, seed)
    for _ in range(20):
        app.step(DT)
    match = scene.match
    assert match.is_over()
    assert {"place", "take"} <= kinds
    if options.get("chip_each"):
        assert "reroll" in kinds  # the chip everyone starts with was spent through the button or R
    assert isinstance(app.top, Results)
    assert app.top.result.winners == match.rules.result(match.state).winners
    assert len(panels) == 1 and panels[0].complete()
    assert panels[0].event.totals == tuple(match.state.np)
    replayed = Match.from_json(match.to_json())
    assert replayed.rules.notation(replayed.state) == match.rules.notation(match.state)


@pytest.mark.slow
def test_ai_seats_play_a_four_player_two_game_match_to_the_end_with_a_between_games_panel(app: App) -> None:
    """Nobody at the table (viewer -1, a spectator): four AIs play both games; the panels (one
    between the games, one at the end) continue by themselves; no hand ever shows face up."""
    match = Match("nostalgic", [Seat("ai", AI_LEVEL) for _ in range(4)], 42, options={"two_games": True})
    scene = open_table(app, match, viewer=-1)
    panels: list[FinalPanel] = []
    for _ in range(20000):
        if isinstance(app.top, Results):
            break
        if isinstance(scene.panel, FinalPanel) and scene.panel not in panels:
            panels.append(scene.panel)
        step_checking(app, scene)
        assert scene.face_up_hand_cards() == []
    assert isinstance(app.top, Results)
    assert scene.match.is_over()
    assert [panel.event.game for panel in panels] == [0, 1]
    assert panels[0].next_game is not None and panels[0].ended is None
    assert panels[1].ended is not None
    assert panels[0].end_text() == t("nostalgic_table.final.next_game",
                                     player=scene.name_of(panels[0].next_game.start_seat))


@pytest.mark.slow
def test_animated_play_ends_every_event_exactly_on_the_observation(app: App) -> None:
    """At animation speed (fast), with two games and every variant's events (chips, rerolls,
    doubles, reshuffles, the second game's gathering), every animation leaves the table equal to
    the observation: the table never needs a correcting re-read."""
    app.settings.anim_speed = "fast"
    match = Match("nostalgic", [Seat("ai", AI_LEVEL) for _ in range(3)], 8,
                  options={"two_games": True, "triple": True, "chip_each": True})
    scene = open_table(app, match, viewer=0)
    drifts: list[int] = []
    needs_sync = scene.needs_sync

    def watched() -> bool:
        drifted = needs_sync()
        if drifted:
            drifts.append(len(match.log))
        return drifted

    scene.needs_sync = watched  # type: ignore[method-assign]
    for _ in range(60 * 60 * 5):
        if isinstance(app.top, Results):
            break
        app.step(DT)
        if scene.idle():
            assert no_foreign_face(scene)
    assert isinstance(app.top, Results) and match.is_over()
    assert drifts == []


# ----- a turn, step by step ------------------------------------------------------------------------------
def reach(match: Match, want: object, seed: int = 1, limit: int = 400) -> bool:
    """AIs (and the person's seat, played here) make random moves on ``match`` until seat 0 is to
    act and ``want(match)`` holds (a predicate); False when the game ended first."""
    rng = random.Random(seed)
    for _ in range(limit):
        if match.is_over():
            return False
        seat = match.to_move()[0]
        if seat == 0 and want(match):  # type: ignore[operator]
            return True
        legal = match.legal_actions(seat)
        places = [action for action in legal if action.kind != "reroll"] or legal
        match.apply(seat, rng.choice(places))
    return False


def card_balloon_place(match: Match) -> NostalgicAction | None:
    """A legal placement of seat 0 on a balloon that gives a card."""
    return next((action for action in match.legal_actions(0)
                 if action.kind == "place" and BALLOON_BY_ID[action.balloon].card), None)


def test_a_turn_by_pointer_picks_a_die_lights_its_balloons_places_it_and_takes_a_card(app: App) -> None:
    """Clicking a die holds it and exactly the balloons the rules would take it in glow; clicking
    one of them places it (the die lies in that balloon); then the face-up cards and the deck
    glow and clicking a face-up card takes it into the hand, face up."""
    match = person_and_ais(4, 7)
    assert reach(match, lambda m: card_balloon_place(m) is not None)
    scene = open_table(app, match)
    assert wait_for_person(app, scene)
    action = card_balloon_place(match)
    assert action is not None
    click(app, die_point(scene, action.die))
    value = scene.observation().dice[0][action.die]
    assert scene.held_die() == action.die
    assert set(scene.targets()) == set(scene.observation().free_balloons(value))
    assert {balloon for balloon in scene.targets() if scene.painting.balloon_state(balloon)[0] == "glow"} == \
        set(scene.targets())
    length = len(match.log)
    click(app, balloon_point(scene, action.balloon))
    assert match.log[length].action == match.rules.encode_action(action)
    assert wait_for_person(app, scene)
    assert scene.observation().phase == PHASE_TAKE
    assert scene.shown.dice[0][action.die].balloon == action.balloon
    assert (0, action.die) in scene.shown.order[action.balloon]
    assert scene.taking() and scene.sources()
    slot = next(source for source in scene.sources() if source != DECK_SOURCE)
    card = scene.observation().row[slot]
    hand_before = list(scene.observation().hand)
    length = len(match.log)
    click(app, source_point(scene, slot))
    assert (match.log[length].seat, match.log[length].action) == \
        (0, match.rules.encode_action(NostalgicAction("take", source=slot)))
    for _ in range(60):
        app.step(DT)
    assert sorted(scene.observation().hand) == sorted([*hand_before, card])
    assert card in scene.face_up_hand_cards()


def test_a_turn_by_keys(app: App) -> None:
    """Right/Enter holds a die, the arrows go round the glowing balloons, Enter places; in the card
    step the arrows go round the cards and the deck, Enter takes."""
    match = person_and_ais(3, 9)
    assert reach(match, lambda m: card_balloon_place(m) is not None)
    scene = open_table(app, match)
    assert wait_for_person(app, scene)
    action = card_balloon_place(match)
    assert action is not None
    length = len(match.log)
    by_keys(app, scene, action)
    assert match.log[length].action == match.rules.encode_action(action)
    assert wait_for_person(app, scene) and scene.observation().phase == PHASE_TAKE
    length = len(match.log)
    by_keys(app, scene, NostalgicAction("take", source=DECK_SOURCE))
    assert match.log[length].action == match.rules.encode_action(NostalgicAction("take", source=DECK_SOURCE))


@pytest.mark.parametrize("gesture", ["clicks", "keys"])
def test_reroll_through_the_ui_throws_only_the_chosen_dice_and_returns_the_chip(
        app: App, gesture: str) -> None:
    """With a chip: click two dice and press Reroll (it says how many chips are left), or X on
    each and R; one chip goes back to the supply, the chosen dice show their new faces, the
    others keep theirs."""
    match = person_and_ais(4, 12, chip_each=True)
    assert reach(match, lambda m: m.state.phase == PHASE_PLACE and m.state.placed[0].count("") >= 2
                 and m.state.chips[0] > 0)
    scene = open_table(app, match)
    assert wait_for_person(app, scene)
    unplaced = scene.my_unplaced()
    chosen = tuple(unplaced[:2])
    others = [(die, scene.observation().dice[0][die]) for die in unplaced[2:]]
    chips, supply = match.state.chips[0], match.state.chip_supply
    assert scene.reroll_button.text == t("nostalgic_table.reroll.none", chips=chips)
    assert not scene.reroll_button.is_enabled
    length = len(match.log)
    if gesture == "keys":
        by_keys(app, scene, NostalgicAction("reroll", dice=chosen))
    else:
        for die in chosen:
            click(app, die_point(scene, die))
        assert scene.reroll_button.is_enabled
        assert scene.reroll_button.text == t("nostalgic_table.reroll.some", n=2, chips=chips)
        click(app, scene.reroll_button.rect.center)
    assert match.log[length].action == match.rules.encode_action(NostalgicAction("reroll", dice=chosen))
    for _ in range(60):
        app.step(DT)
    assert (match.state.chips[0], match.state.chip_supply) == (chips - 1, supply + 1)
    assert (scene.shown.chips[0], scene.shown.supply) == (chips - 1, supply + 1)
    faces = scene.observation().dice[0]
    assert [scene.shown.dice[0][die].value for die in chosen] == [faces[die] for die in chosen]
    assert all(faces[die] == value for die, value in others)
    assert at_rest_matches_observation(scene)


def full_balloon_case(match: Match) -> tuple[int, str] | None:
    """(die, balloon): a die of seat 0 whose value a full balloon accepts."""
    occupancy = dict(match.state.occupancy)
    for die, (value, where) in enumerate(zip(match.state.dice[0], match.state.placed[0])):
        if where:
            continue
        for balloon in BALLOON_BY_ID.values():
            if balloon.capacity is not None and value in balloon.accepts and \
                    occupancy.get(balloon.id, 0) >= balloon.capacity:
                return die, balloon.id
    return None


def test_a_die_dropped_on_a_full_balloon_springs_back_with_the_rules_reason(app: App) -> None:
    """The full balloon shows as unavailable; the drop is refused by the rules (their own
    explanation in the toast), the state is untouched and the die is back in the tray."""
    match = person_and_ais(4, 3)
    assert reach(match, lambda m: m.state.phase == PHASE_PLACE and full_balloon_case(m) is not None)
    scene = open_table(app, match)
    assert wait_for_person(app, scene)
    case = full_balloon_case(match)
    assert case is not None
    die, balloon = case
    assert scene.painting.balloon_state(balloon)[0] == "full"
    before = (match.rules.notation(match.state), len(match.log))
    refused = NostalgicAction("place", die=die, balloon=balloon)
    key, _, params = match.rules.explain_illegal(match.state, 0, refused)
    drag(app, die_point(scene, die), balloon_point(scene, balloon))
    assert (match.rules.notation(match.state), len(match.log)) == before
    assert scene.rejections == 1
    assert scene.toast.visible and scene.toast.message == t(key, **params)
    for _ in range(40):
        app.step(DT)
    assert scene.hold.drag is None and not scene.flying
    assert not scene.shown.dice[0][die].hidden and scene.shown.dice[0][die].balloon == ""
    assert at_rest_matches_observation(scene)


def test_undo_takes_back_a_placement_before_the_ai_answers(app: App) -> None:
    """At normal speed the AI waits a moment; Undo in that moment puts the die back in the tray
    and cancels the AI's request."""
    match = person_and_ais(4, 4)

    def packing(m: Match) -> bool:
        # a box balloon for seat 0, and dice left elsewhere so the round does not end (no throw)
        unplaced = sum(where.count("") for where in m.state.placed)
        return unplaced > 2 and any(a.kind == "place" and BALLOON_BY_ID[a.balloon].boxes
                                    for a in m.legal_actions(0))

    assert reach(match, packing)
    scene = open_table(app, match)
    assert wait_for_person(app, scene)
    app.settings.anim_speed = "normal"
    action = next(a for a in match.legal_actions(0) if a.kind == "place" and BALLOON_BY_ID[a.balloon].boxes)
    before = (match.rules.notation(match.state), len(match.log))
    drag(app, die_point(scene, action.die), balloon_point(scene, action.balloon))
    assert len(match.log) == before[1] + 1
    for _ in range(int(10 / DT)):
        if scene.ai_ticket is not None:
            break
        app.step(DT)
    assert scene.ai_ticket is not None, "the AI never started thinking"
    assert scene.ai_waited < AI_MIN_THINK and scene.can_undo()
    click(app, scene.undo_button.rect.center)
    assert (match.rules.notation(match.state), len(match.log)) == before
    assert scene.ai_ticket is None
    for _ in range(90):
        app.step(DT)
    assert len(match.log) == before[1]
    assert scene.shown.dice[0][action.die].balloon == ""
    assert at_rest_matches_observation(scene)


def test_a_die_dragged_over_the_reroll_button_leaves_the_button_alone(app: App) -> None:
    """While the pointer holds a die the buttons wait: the Reroll button under it does not light
    up (it could reroll the held die: the person has chips), and the die springs back from there
    (nothing is rerolled)."""
    match = person_and_ais(3, 2, chip_each=True)
    scene = open_table(app, match)
    assert wait_for_person(app, scene)
    before = len(match.log)
    die = scene.my_unplaced()[0]
    start, button = die_point(scene, die), scene.reroll_button.rect.center
    app.step(DT, feed=[Intent(PRESS, start)])
    for step in range(1, 7):
        app.step(DT, feed=[Intent(MOVE, (start[0] + (button[0] - start[0]) * step // 6,
                                         start[1] + (button[1] - start[1]) * step // 6), held=True)])
    assert scene.hold.drag is not None and scene.hold.drag.moved and scene.reroll_enabled()
    assert not scene.reroll_button.hovered
    app.step(DT, feed=[Intent(RELEASE, button)])
    assert scene.hold.drag is None and len(match.log) == before


def test_escape_lets_go_of_a_held_die_before_it_undoes(app: App) -> None:
    """Esc with a die held lets go of it (nothing is undone); the next Esc undoes."""
    match = person_and_ais(3, 2)
    scene = open_table(app, match)
    assert wait_for_person(app, scene)
    die = scene.my_unplaced()[0]
    click(app, die_point(scene, die))
    assert scene.held_die() == die
    app.step(DT, feed=[Intent(BACK)])
    assert scene.held_die() is None and not scene.hold.picked
    assert isinstance(app.top, NostalgicTable)


# ----- hot-seat and spectators ---------------------------------------------------------------------------
@pytest.mark.slow
def test_hot_seat_curtains_and_never_another_hand(app: App) -> None:
    """Two people and two AIs at one screen: a curtain goes up before the other person's turn;
    under it no hand shows; at the bottom is always the person to act with their own hand."""
    match = Match("nostalgic", [Seat("human"), Seat("ai", AI_LEVEL), Seat("human"), Seat("ai", AI_LEVEL)], 21)
    scene = open_table(app, match)
    rng = random.Random(2)
    curtains = 0
    viewers = set()
    for _ in range(300):
        for _ in range(3000):
            if isinstance(app.top, Curtain):
                assert scene.face_up_hand_cards() == []
                curtains += 1
                mover = match.to_move()[0]
                app.step(DT, feed=[Intent(ACTIVATE)])
                assert scene.viewer == mover
                continue
            if scene.panel is not None:
                app.step(DT, feed=[Intent(ACTIVATE)])
                continue
            if scene.finished or (scene.viewer_may_act() and scene.idle()):
                break
            step_checking(app, scene)
        if scene.finished:
            break
        assert scene.viewer == match.to_move()[0]
        assert sorted(scene.face_up_hand_cards()) == sorted(scene.observation().hand)
        viewers.add(scene.viewer)
        by_clicks(app, scene, choose(scene, rng))
    assert scene.finished
    assert curtains >= 4
    assert viewers == {0, 2}


def test_a_spectator_sees_no_hand_and_the_board_as_it_is(app: App) -> None:
    """Viewer -1 (a spectator): seat 0 sits at the bottom with its cards face down; at rest the
    board, markers and dice equal the public facts."""
    match = Match("nostalgic", [Seat("ai", AI_LEVEL) for _ in range(3)], 8)
    rng = random.Random(3)
    for _ in range(14):
        seat = match.to_move()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    scene = open_table(app, match, viewer=-1, ai_enabled=False)
    assert scene.bottom == 0 and scene.face_up_hand_cards() == []
    assert scene.shown.hand == [] and scene.shown.hand_counts == [len(hand) for hand in match.state.hands]
    assert scene.shown.np == match.state.np and scene.shown.boxes == match.state.boxes
    placed = {(seat, die): where for seat, places in enumerate(match.state.placed)
              for die, where in enumerate(places) if where}
    assert {key: scene.shown.dice[key[0]][key[1]].balloon for key in placed} == placed
    assert not scene.viewer_may_act() and not scene.hand_interactive()


# ----- opening, resume, language, shot ------------------------------------------------------------------
def test_the_opening_is_played_out_and_ends_as_the_observation(app: App) -> None:
    """A fresh match is shown from its opening (deal, closet, the first throw) and, at rest, the
    table equals the observation; the first throw came from the rules' faces."""
    match = person_and_ais(4, 17)
    scene = make_table(app, match)
    assert isinstance(scene, NostalgicTable)
    assert scene.pending  # the opening waits to be played
    app.push(scene)
    for _ in range(10):
        app.step(DT)
    assert at_rest_matches_observation(scene)
    assert [[die.value for die in dice] for dice in scene.shown.dice] == match.state.dice
    assert scene.shown.row == match.state.row


def test_a_double_in_the_first_throw_flashes_and_moves_the_np_marker(app: App) -> None:
    """A seat whose opening throw is a double gets its "+1 NP" flash over the dice, and its NP
    marker ends on 1; seats without a double stay on 0."""
    def has_double(seed: int) -> bool:
        dice = Match("nostalgic", [Seat("human")] * 4, seed).state.dice
        return any(len(set(values)) < len(values) for values in dice)

    seed = next(seed for seed in range(200) if has_double(seed))
    match = person_and_ais(4, seed)
    scene = make_table(app, match)
    assert isinstance(scene, NostalgicTable)
    said: list[str] = []
    show = scene.effects.pop_at
    def spy(pos: tuple[float, float], text: str, good: bool = True) -> None:
        said.append(text)
        show(pos, text, good)

    scene.effects.pop_at = spy  # type: ignore[method-assign]
    app.push(scene)
    for _ in range(10):
        app.step(DT)
    doubles = [seat for seat, dice in enumerate(match.state.dice) if len(set(dice)) < len(dice)]
    assert said.count(t("nostalgic_table.pop.double", n=1)) == len(doubles)
    assert scene.shown.np == [1 if seat in doubles else 0 for seat in range(4)] == match.state.np


def test_a_resumed_match_is_drawn_from_its_observation(app: App) -> None:
    """A match with a log (a resumed save) is set up at rest from the observation, no intro."""
    match = person_and_ais(3, 9)
    assert reach(match, lambda m: len(m.log) > 10)
    scene = make_table(app, match)
    assert isinstance(scene, NostalgicTable)
    app.push(scene)
    assert not scene.pending
    assert at_rest_matches_observation(scene)
    assert sorted(scene.face_up_hand_cards()) == sorted(match.state.hands[0])


def test_language_switch_relabels_the_table(app: App) -> None:
    """Switching to Japanese mid-game relabels the status line and the Reroll button at once."""
    scene = open_table(app, person_and_ais(3, 6))
    assert wait_for_person(app, scene)
    set_language("ja")
    try:
        app.step(DT)
        assert scene.status_text() == scene.your_turn_text()
        assert scene.reroll_button.text == t("nostalgic_table.reroll.no_chips", lang="ja")
    finally:
        set_language("en")


def test_shot_writes_a_png(tmp_path: Path) -> None:
    """take_shot renders the Nostalgic table to a PNG of the asked size."""
    from scenes.tools.shot import take_shot

    out = take_shot("nostalgic", 4, seed=2, moves=12, size=(960, 540), out=tmp_path / "nostalgic.png",
                    lang="en", seats=["human"] + [f"ai:{AI_LEVEL}"] * 3)
    pygame.init()
    assert pygame.image.load(str(out)).get_size() == (960, 540)


@pytest.mark.slow
def test_live_shot_catches_the_first_throw_and_keeps_the_autosave(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``take_shot(live=...)`` runs the table at normal speed: 2.5 s in, the dice of the first
    round are thrown (the picture differs from the settled table), and no autosave is written."""
    from game.core.autosave import has_autosave
    from scenes.tools.shot import take_shot

    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    live = take_shot("nostalgic", 4, seed=2, moves=0, size=(960, 540), out=tmp_path / "live.png", lang="en",
                     live=2.5)
    still = take_shot("nostalgic", 4, seed=2, moves=0, size=(960, 540), out=tmp_path / "still.png", lang="en")
    pygame.init()
    assert pygame.image.load(str(live)).get_size() == (960, 540)
    assert pygame.image.tobytes(pygame.image.load(str(live)), "RGB") != \
        pygame.image.tobytes(pygame.image.load(str(still)), "RGB")
    assert not has_autosave()
