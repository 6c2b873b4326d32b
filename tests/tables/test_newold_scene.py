"""The NEW & OLD table scene, headless: people play through intents (drag, click, keys, finger),
AIs answer inline, and assertions are about the rules state or the scene's model (which sprites
show which face), never pixels."""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path

import pygame
import pytest

from game.core.match import Match, Seat
from game.i18n import set_language, t
from game.rules.newold import (
    OLD,
    PHASE_BOX,
    PHASE_PLAY,
    REVEAL,
    STAGE_A,
    ZONE_NEW,
    ZONE_OLD,
    NewOldAction,
    may_reveal,
    playable_cards,
)
from scenes.engine.app import App
from scenes.engine.input import ACTIVATE, KEY, NAV, Intent
from scenes.menus.results import Results
from scenes.newold.scene import NewOldTable, make_table
from scenes.newold.sprites import NewOldCard
from scenes.table.ai_seats import AI_MIN_THINK
from scenes.table.curtain import Curtain
from tests import table_gestures
from tests.table_gestures import DT, click, drag

AI_LEVEL = "easy"


def open_table(app: App, seats: list[Seat], seed: int, **options: object) -> NewOldTable:
    """A new match on its table, pushed and shown once."""
    scene = make_table(app, Match("newold", seats, seed), **options)
    assert isinstance(scene, NewOldTable)
    app.push(scene)
    app.step(DT)
    return scene


def human_vs_ai(app: App, seed: int, players: int = 2, level: str = AI_LEVEL) -> NewOldTable:
    """Seat 0 is a person, every other seat an AI."""
    return open_table(app, [Seat("human")] + [Seat("ai", level) for _ in range(players - 1)], seed)


# ----- what the screen shows ---------------------------------------------------------------------------
def other_hands_face_down(scene: NewOldTable) -> bool:
    """No card of another seat's hand is drawn face up, nor even known to its sprite."""
    return all(card.value is None and not card.face_up
               for seat, place in scene.places.items() if seat != scene.viewer for card in place.fan.cards)


def backs_match_public_kinds(scene: NewOldTable) -> bool:
    """At rest every other hand shows as many New and Old backs as the observation says."""
    obs = scene.observation()
    for seat, place in scene.places.items():
        if seat == scene.viewer:
            continue
        new = sum(1 for card in place.fan.cards if card.kind == "N")
        old = sum(1 for card in place.fan.cards if card.kind == OLD)
        if (new, old) != obs.hand_kinds[seat]:
            return False
    return True


def shown_hand_matches_observation(scene: NewOldTable) -> bool:
    """At rest the face-up hand cards are exactly the viewer's own hand."""
    return sorted(scene.face_up_cards()) == sorted(scene.observation().hand)


def step_checking(app: App, scene: NewOldTable, feed: Iterable[Intent] = ()) -> None:
    """One frame, then check that no other hand shows."""
    app.step(DT, feed=list(feed))
    assert other_hands_face_down(scene)


def wait_for_person(app: App, scene: NewOldTable, limit: int = 4000) -> bool:
    """Run the table, each frame checked, until the person at the bottom may act; False at the end."""
    return table_gestures.wait_for_person(app, scene, lambda: step_checking(app, scene), limit)


# ----- gestures -------------------------------------------------------------------------------------
def card_sprite(scene: NewOldTable, card: str) -> NewOldCard:
    """The viewer's first hand sprite showing ``card``."""
    return next(sprite for sprite in scene.hand.cards if sprite.value == card)  # type: ignore[return-value]


def centre_of_card(scene: NewOldTable, card: str) -> tuple[int, int]:
    """A point where the first hand card ``card`` shows (cards overlap in the fan: its visible
    left part, where the pointer picks it and no neighbour)."""
    sprite = card_sprite(scene, card)
    index = scene.hand.cards.index(sprite)
    for dx in range(-56, 57, 4):
        point = (round(sprite.pos[0] + dx), round(sprite.pos[1] - 20))
        if scene.hand.card_at(point) == index:
            return point
    raise AssertionError(f"{card} is hidden under its neighbours")


def centre_of_zone(scene: NewOldTable, zone: str) -> tuple[int, int]:
    """Where a zone is drawn."""
    return scene.zones[zone].rect().center


def zone_for(scene: NewOldTable) -> str:
    """The zone the viewer plays on now."""
    return ZONE_OLD if scene.observation().stages[scene.viewer] == STAGE_A else ZONE_NEW


def select_by_keys(app: App, scene: NewOldTable, card: str) -> None:
    """Right arrow until ``card`` is the selected hand card."""
    for _ in range(16):
        held = scene.held_card()
        if held is not None and held.value == card:
            return
        app.step(DT, feed=[Intent(NAV, dx=1)])
    raise AssertionError(f"the keys never reached {card}")


def box_by_clicks(app: App, scene: NewOldTable, action: NewOldAction, touch: bool = False) -> None:
    """Tap the New card, tap the Old card, tap "Put back in the box"."""
    for card in (action.card, action.card2):
        click(app, centre_of_card(scene, card), touch)
    assert {kind: sprite.value for kind, sprite in scene.marked().items()} == {"N": action.card, OLD: action.card2}
    click(app, scene.action_button.rect.center, touch)


def box_by_keys(app: App, scene: NewOldTable, action: NewOldAction) -> None:
    """Right/Enter marks each card, a last Enter confirms."""
    for card in (action.card, action.card2):
        select_by_keys(app, scene, card)
        app.step(DT, feed=[Intent(ACTIVATE)])
    app.step(DT, feed=[Intent(ACTIVATE)])


def box_by_drag(app: App, scene: NewOldTable, action: NewOldAction) -> None:
    """Drag each card onto the game box (it marks it), then click the button."""
    for card in (action.card, action.card2):
        drag(app, centre_of_card(scene, card), scene.box_rect().center)
    click(app, scene.action_button.rect.center)


def play_by_drag(app: App, scene: NewOldTable, action: NewOldAction, touch: bool = False) -> None:
    """Drag the card onto the zone of the viewer's stage; reveal by the button."""
    if action.kind == "reveal":
        click(app, scene.action_button.rect.center, touch)
    elif action.kind == "box":
        box_by_drag(app, scene, action) if not touch else box_by_clicks(app, scene, action, touch=True)
    else:
        drag(app, centre_of_card(scene, action.card), centre_of_zone(scene, zone_for(scene)), touch=touch)


def play_by_clicks(app: App, scene: NewOldTable, action: NewOldAction) -> None:
    """Click the card then the zone; reveal by the button."""
    if action.kind == "reveal":
        click(app, scene.action_button.rect.center)
    elif action.kind == "box":
        box_by_clicks(app, scene, action)
    else:
        click(app, centre_of_card(scene, action.card))
        held = scene.held_card()
        assert held is not None and held.value == action.card
        click(app, centre_of_zone(scene, zone_for(scene)))


def play_by_keys(app: App, scene: NewOldTable, action: NewOldAction) -> None:
    """Left/Right to the card, Enter; R reveals."""
    if action.kind == "reveal":
        app.step(DT, feed=[Intent(KEY, key="r")])
    elif action.kind == "box":
        box_by_keys(app, scene, action)
    else:
        select_by_keys(app, scene, action.card)
        app.step(DT, feed=[Intent(ACTIVATE)])


def play_by_finger(app: App, scene: NewOldTable, action: NewOldAction) -> None:
    """Slide the card with a finger; tap the buttons."""
    play_by_drag(app, scene, action, touch=True)


GESTURES = (play_by_drag, play_by_clicks, play_by_keys, play_by_finger)


def choose(scene: NewOldTable, rng: random.Random) -> NewOldAction:
    """A legal action for the person (plays more often than an optional reveal)."""
    legal = scene.match.legal_actions(scene.viewer)
    plays = [action for action in legal if action.kind != "reveal"]
    if plays and (REVEAL not in legal or rng.random() < 0.7):
        return rng.choice(plays)
    return rng.choice(legal)


def play_match(app: App, scene: NewOldTable, seed: int) -> int:
    """The person plays every turn through a rotating gesture; returns how many actions they took."""
    match = scene.match
    rng = random.Random(seed)
    turns = 0
    kinds: set[str] = set()
    while wait_for_person(app, scene):
        assert shown_hand_matches_observation(scene)
        assert backs_match_public_kinds(scene)
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
    assert {"box", "play"} <= kinds
    return turns


# ----- whole matches ----------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), [(2, 11), (5, 3)])
def test_person_plays_a_whole_match_against_the_ai_by_drag_click_keys_and_finger(
        app: App, players: int, seed: int) -> None:
    """Every action of the person (box choice, plays, reveals) goes through a gesture and adds
    exactly that action to the log; the AIs answer; the match ends on the results screen."""
    scene = human_vs_ai(app, seed=seed, players=players)
    turns = play_match(app, scene, seed)
    for _ in range(20):
        app.step(DT)
    match = scene.match
    assert match.is_over()
    assert turns >= players  # at least a box choice and a play in every game
    assert isinstance(app.top, Results)
    assert app.top.result.winners == match.rules.result(match.state).winners
    replayed = Match.from_json(match.to_json())
    assert replayed.rules.notation(replayed.state) == match.rules.notation(match.state)


@pytest.mark.slow
def test_a_five_player_spectator_match_runs_to_the_end_at_instant_speed(app: App) -> None:
    """Nobody at the table: five AIs play every game, panels continue by themselves, results."""
    scene = open_table(app, [Seat("ai", AI_LEVEL) for _ in range(5)], seed=42)
    for _ in range(6000):
        if isinstance(app.top, Results):
            break
        step_checking(app, scene)
    assert isinstance(app.top, Results)
    assert scene.match.is_over()
    assert len(scene.match.state.records) == 5
    assert app.top.result.winners == scene.match.rules.result(scene.match.state).winners


# ----- the box choice ----------------------------------------------------------------------------------
@pytest.mark.slow
def test_box_choice_marks_one_card_per_kind_and_needs_both(app: App) -> None:
    """A second card of a kind takes the mark over; Put back stays disabled until both kinds are
    marked; confirming logs exactly the marked pair and the two cards leave the hand."""
    scene = human_vs_ai(app, seed=5, players=3)
    assert wait_for_person(app, scene)
    assert scene.observation().phase == PHASE_BOX
    hand = scene.observation().hand
    news = sorted({card for card in hand if card[0] == "N"})
    olds = sorted({card for card in hand if card[0] == OLD})
    click(app, centre_of_card(scene, news[0]))
    assert not scene.action_button.is_enabled
    click(app, centre_of_card(scene, news[-1]))
    assert {kind: sprite.value for kind, sprite in scene.marked().items()} == {"N": news[-1]}
    log_length = len(scene.match.log)
    click(app, scene.action_button.rect.center)  # disabled: nothing happens
    assert len(scene.match.log) == log_length
    click(app, centre_of_card(scene, olds[0]))
    assert scene.action_button.is_enabled
    click(app, scene.action_button.rect.center)
    assert scene.match.log[log_length].action == f"box {news[-1]} {olds[0]}"
    assert len(scene.observation().hand) == 12
    for _ in range(30):
        app.step(DT)
    assert shown_hand_matches_observation(scene)
    assert scene.observation().my_box == (news[-1], olds[0])


# ----- plays, refusals, reveal, undo ---------------------------------------------------------------------
def reach_play(app: App, scene: NewOldTable, want: object = None) -> bool:
    """Play (box choice first, then random legal plays) until the person is to play and ``want``
    (a predicate on the scene) holds; False when the match ended first."""
    rng = random.Random(9)
    while wait_for_person(app, scene):
        obs = scene.observation()
        if obs.phase == PHASE_PLAY and (want is None or want(scene)):  # type: ignore[operator]
            return True
        action = choose(scene, rng)
        before = len(scene.match.log)
        play_by_clicks(app, scene, action)
        assert len(scene.match.log) > before
    return False


def has_unplayable_card(scene: NewOldTable) -> bool:
    """The person holds a card the zone of their stage refuses."""
    obs = scene.observation()
    playable = set(playable_cards(obs.hand, obs.stages[0], obs.old_top, obs.new_top))
    return any(card not in playable for card in obs.hand)


@pytest.mark.slow
def test_an_illegal_drop_springs_back_with_the_rules_reason(app: App) -> None:
    """Dropping a card the zone refuses leaves the state alone, shows the rules' own explanation
    and puts the card back in the hand."""
    scene = human_vs_ai(app, seed=3, players=3)
    assert reach_play(app, scene, has_unplayable_card)
    obs = scene.observation()
    playable = set(playable_cards(obs.hand, obs.stages[0], obs.old_top, obs.new_top))
    card = next(card for card in obs.hand if card not in playable)
    match = scene.match
    before = (match.rules.notation(match.state), len(match.log))
    key, _, params = match.rules.explain_illegal(match.state, 0, NewOldAction("play", card))
    drag(app, centre_of_card(scene, card), centre_of_zone(scene, zone_for(scene)))
    app.step(DT)
    assert (match.rules.notation(match.state), len(match.log)) == before
    assert scene.rejections == 1
    assert scene.toast.visible and scene.toast.message == t(key, **params)
    for _ in range(30):
        app.step(DT)
    assert scene.hold.drag is None and not scene.flying
    assert shown_hand_matches_observation(scene)
    assert all(sprite.visible for sprite in scene.hand.cards)


def test_a_drop_on_the_other_zone_is_refused_by_the_table(app: App) -> None:
    """In stage A the New zone is not yours: the card springs back with the table's reason."""
    scene = human_vs_ai(app, seed=8, players=2)
    assert reach_play(app, scene, lambda s: s.observation().stages[0] == STAGE_A and bool(s.playable_values()))
    card = min(scene.playable_values())
    log_length = len(scene.match.log)
    drag(app, centre_of_card(scene, card), centre_of_zone(scene, ZONE_NEW))
    assert len(scene.match.log) == log_length
    assert scene.toast.message == t("newold_table.reason.zone_a")


def test_on_your_turn_the_playable_cards_lift_and_the_target_zone_glows(app: App) -> None:
    """The hints follow the rules: exactly the playable cards are eager (the rest dimmed) and
    the zone of the viewer's stage glows."""
    scene = human_vs_ai(app, seed=12, players=2)
    assert reach_play(app, scene)
    obs = scene.observation()
    playable = set(playable_cards(obs.hand, obs.stages[0], obs.old_top, obs.new_top))
    assert {card.value for card in scene.hand.cards if card.eager} == playable
    assert all(card.dim == (card.value not in playable) for card in scene.hand.cards)
    assert scene.zones[zone_for(scene)].highlight == "ok"


def test_reveal_through_the_button_turns_the_seat_to_stage_b(app: App) -> None:
    """When no Old card fits, "Reveal my Old cards" is enabled; clicking it logs the reveal, lays
    the Old cards face up in front of the seat and shows stage B."""
    scene = human_vs_ai(app, seed=2, players=2)
    found = reach_play(app, scene, lambda s: s.observation().stages[0] == STAGE_A and s.reveal_allowed())
    assert found, "no position where the person may reveal"
    obs = scene.observation()
    assert may_reveal(obs.hand, obs.stages[0], obs.old_top)
    olds = [card for card in obs.hand if card[0] == OLD]
    assert scene.action_button.is_enabled
    length = len(scene.match.log)
    click(app, scene.action_button.rect.center)
    assert scene.match.log[length].action == "reveal"
    for _ in range(40):
        app.step(DT)
    row = scene.places[0].row.cards
    assert row[:len(olds)] == olds
    assert scene.shown_stages[0] == "B" or scene.observation().left[0]


@pytest.mark.slow
def test_undo_takes_back_the_move_before_the_ai_answers(app: App) -> None:
    """At normal speed the AI waits a moment; Undo in that moment restores the position and the
    hand, and cancels the AI's request."""
    scene = human_vs_ai(app, seed=4, players=2)
    # the AI seat still in stage A: the play then reveals nothing (a stage-B check would end undo)
    assert reach_play(app, scene, lambda s: bool(s.playable_values()) and s.observation().stages[1] == STAGE_A
                      and len(s.observation().hand) > 1)
    app.settings.anim_speed = "normal"
    match = scene.match
    before = (match.rules.notation(match.state), len(match.log))
    card = min(scene.playable_values())
    drag(app, centre_of_card(scene, card), centre_of_zone(scene, zone_for(scene)))
    assert len(match.log) == before[1] + 1
    for _ in range(int(10 / DT)):
        if scene.ai_ticket is not None:
            break
        app.step(DT)
    assert scene.ai_ticket is not None, "the AI never started thinking"
    assert scene.ai_waited < AI_MIN_THINK
    assert scene.can_undo()
    click(app, scene.undo_button.rect.center)
    assert (match.rules.notation(match.state), len(match.log)) == before
    assert scene.ai_ticket is None
    for _ in range(120):
        app.step(DT)
    assert len(match.log) == before[1]
    assert match.to_move() == (0,)
    assert shown_hand_matches_observation(scene)


@pytest.mark.slow
def test_ai_seats_box_first_so_the_persons_choice_starts_play(app: App) -> None:
    """AI seats put their secret box cards down at once, before the person may choose; the
    person's choice then completes the box phase and play begins (nothing left to take back)."""
    scene = human_vs_ai(app, seed=6, players=3)
    assert wait_for_person(app, scene)
    assert scene.match.to_move() == (0,)
    assert scene.observation().chosen == (False, True, True)
    app.settings.anim_speed = "normal"
    action = scene.match.legal_actions(0)[0]
    box_by_clicks(app, scene, action)
    assert scene.observation().phase == PHASE_PLAY
    assert not scene.can_undo()
    for _ in range(60):
        app.step(DT)
    assert shown_hand_matches_observation(scene)


# ----- hot-seat ------------------------------------------------------------------------------------
@pytest.mark.slow
def test_hot_seat_curtains_and_only_the_own_hand_face_up(app: App) -> None:
    """Two people and an AI at one screen: a curtain goes up before the other person's box choice
    and turns, no hand shows face up under it, and no other hand ever shows face up."""
    scene = open_table(app, [Seat("human"), Seat("ai", AI_LEVEL), Seat("human")], seed=21)
    match = scene.match
    rng = random.Random(2)
    curtains = 0
    viewers = set()
    for _ in range(200):
        for _ in range(3000):  # a game's end (scoring, the next deal, the AI's box) takes a while
            if isinstance(app.top, Curtain):
                assert scene.face_up_cards() == []
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
        # a person to move sits at the screen (in a choice made by several at once, the one
        # already there goes first: no needless curtain)
        assert scene.viewer in match.to_move() and scene.viewer_may_act()
        assert shown_hand_matches_observation(scene)
        assert other_hands_face_down(scene)
        viewers.add(scene.viewer)
        play_by_clicks(app, scene, choose(scene, rng))
    assert curtains >= 4
    assert viewers == {0, 2}


# ----- resume, language, shot ---------------------------------------------------------------------------
def test_a_resumed_match_is_drawn_from_its_observation(app: App) -> None:
    """A match with a log (a resumed save) is set up at rest from the observation, no intro."""
    match = Match("newold", [Seat("human"), Seat("ai", AI_LEVEL), Seat("ai", AI_LEVEL)], 9)
    rng = random.Random(1)
    for _ in range(12):
        seat = match.to_move()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    scene = make_table(app, match)
    app.push(scene)
    assert not scene.pending
    obs = match.observe(0)
    assert scene.zones[ZONE_OLD].cards == list(obs.zone_old)
    assert scene.zones[ZONE_NEW].cards == list(obs.zone_new)
    assert [scene.places[seat].row.cards for seat in range(3)] == [list(cards) for cards in obs.revealed]
    assert sorted(scene.face_up_cards()) == sorted(obs.hand)
    assert backs_match_public_kinds(scene)


def test_language_switch_relabels_the_table(app: App) -> None:
    """Switching to Japanese mid-game relabels the status and the action button at once."""
    scene = human_vs_ai(app, seed=6, players=2)
    assert wait_for_person(app, scene)
    set_language("ja")
    try:
        app.step(DT)
        assert scene.status_text() == t("newold_table.status.box", lang="ja")
        assert scene.action_button.text == t("newold_table.box.confirm", lang="ja")
    finally:
        set_language("en")


@pytest.mark.slow
def test_shot_writes_a_png(tmp_path: Path) -> None:
    """take_shot renders the NEW & OLD table to a PNG of the asked size."""
    from scenes.tools.shot import take_shot

    out = take_shot("newold", 5, seed=2, moves=20, size=(960, 540), out=tmp_path / "newold.png", lang="en",
                    seats=["human"] + [f"ai:{AI_LEVEL}"] * 4)
    pygame.init()
    assert pygame.image.load(str(out)).get_size() == (960, 540)


def test_the_table_turns_to_the_person_at_it(app: App) -> None:
    """With the only person in seat 2, seat 2 sits at the bottom with its hand face up, and the
    others follow clockwise from its left."""
    scene = open_table(app, [Seat("ai", AI_LEVEL), Seat("ai", AI_LEVEL), Seat("human"), Seat("ai", AI_LEVEL)],
                       seed=13)
    assert scene.viewer == 2
    assert [scene.geometry.slot_of_seat(seat) for seat in (2, 3, 0, 1)] == ["bottom", "left", "top", "right"]
    assert wait_for_person(app, scene)
    assert shown_hand_matches_observation(scene) and len(scene.face_up_cards()) == 14
    assert other_hands_face_down(scene) and backs_match_public_kinds(scene)


def test_new_and_old_cards_differ_by_shape_and_pattern_not_only_colour(app: App) -> None:
    """Old cards (face and back) have a broken-off corner that New cards do not; the two backs
    differ even in grey; each face carries as many diamonds as its number."""
    from scenes.newold import art as newold_art

    def grey(surface: pygame.Surface) -> pygame.Surface:
        return pygame.transform.grayscale(surface)

    for new, old in ((newold_art.card_face("N3"), newold_art.card_face("O3")),
                     (newold_art.card_back("N"), newold_art.card_back("O"))):
        corner = (new.get_width() - 6, 6)
        assert new.get_at(corner).a > 200 and old.get_at(corner).a < 60
        points = [(x, y) for x in range(10, new.get_width() - 10, 6) for y in range(30, new.get_height() - 30, 6)]
        grey_new, grey_old = grey(new), grey(old)
        difference = sum(abs(grey_new.get_at(point).r - grey_old.get_at(point).r) for point in points)
        assert difference / len(points) > 20  # mean grey difference: they differ without colour
    assert all(len(newold_art.DIAMOND_LAYOUT[number]) == number for number in range(1, 7))


def test_with_the_ai_switched_off_the_person_still_boxes(app: App) -> None:
    """The person waits for AI seats in a secret choice only when this table plays them: with its
    AI off (a spectator's or a test's table), the person may choose at once."""
    seats = [Seat("human"), Seat("ai", AI_LEVEL), Seat("ai", AI_LEVEL)]
    scene = open_table(app, seats, 6, ai_enabled=False)
    for _ in range(400):
        if scene.idle():
            break
        app.step(DT)
    assert scene.observation().phase == PHASE_BOX
    assert scene.match.to_move() == (0, 1, 2)
    assert scene.viewer_may_act()
