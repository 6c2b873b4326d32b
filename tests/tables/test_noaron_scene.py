"""The ノアロン table scene, headless: people play through intents (clicks, taps, keys), AIs answer
inline, and every assertion is about the rules state or the scene's model, never pixels."""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path

import pygame
import pytest

from game.core.match import Match, Seat
from game.i18n import t
from game.rules.noaron import (
    DECLARE,
    END,
    HAND_SIZE,
    HOUSE_TURN_LIMIT,
    LEFT,
    PHASE_DECIDE,
    PHASE_DISCARD,
    PHASE_INSERT,
    PHASE_TAKE,
    NoaronAction,
    Settled,
    best_cut,
)
from scenes.engine.app import App
from scenes.engine.input import ACTIVATE, BACK, FOCUS_NEXT, KEY, MOVE, NAV, Intent
from scenes.menus.results import Results
from scenes.noaron.layout import DECK_POS, pip_for
from scenes.noaron.panels import SettlementPanel
from scenes.noaron.reading import best_after_discard
from scenes.noaron.scene import NoaronTable, make_table
from scenes.table.ai_seats import AI_MIN_THINK
from scenes.table.curtain import Curtain
from tests import table_gestures
from tests.table_gestures import DT, click


def open_table(app: App, seats: list[Seat], seed: int, **options: object) -> NoaronTable:
    """A new match on its table, pushed and shown once."""
    scene = make_table(app, Match("noaron", seats, seed), **options)
    assert isinstance(scene, NoaronTable)
    app.push(scene)
    app.step(DT)
    return scene


def human_vs_ai(app: App, seed: int, level: str = "random") -> NoaronTable:
    """Seat 0 is a person, seat 1 an AI."""
    return open_table(app, [Seat("human"), Seat("ai", level)], seed)


# ----- looking at the table --------------------------------------------------------------------------
def other_side_hidden(scene: NoaronTable) -> bool:
    """No card of the other seat's hand is known to this screen, nor a deck draw it holds."""
    other = scene.top_seat
    if any(card.value is not None or card.face_up for card in scene.rows[other].cards):
        return False
    obs = scene.observation()
    if scene.reserve_seat == other and obs.reserve_source == "deck":
        return all(card.value is None for card in scene.reserve)
    return True


def step_checking(app: App, scene: NoaronTable, feed: Iterable[Intent] = ()) -> None:
    """One frame, then check that the other side's hand stays hidden."""
    app.step(DT, feed=list(feed))
    assert other_side_hidden(scene)


def row_matches_hand(scene: NoaronTable) -> bool:
    """At rest, the bottom row shows the viewer's hand in its own order (never sorted)."""
    shown = [card.value for card in scene.hand.cards if card not in scene.reserve]
    return shown == list(scene.observation().hand)


def wait_for_person(app: App, scene: NoaronTable, limit: int = 20000) -> bool:
    """Run the table, each frame checked, until the person at the bottom may act; False at the end."""
    return table_gestures.wait_for_person(app, scene, lambda: step_checking(app, scene), limit)


# ----- gestures ------------------------------------------------------------------------------------
def hover(app: App, pos: tuple[int, int]) -> None:
    """The mouse moves to ``pos`` without a button held."""
    app.step(DT, feed=[Intent(MOVE, pos)])


def source_point(scene: NoaronTable, source: str) -> tuple[int, int]:
    """Where to click to take from ``source``."""
    if source == "deck":
        return round(DECK_POS[0]), round(DECK_POS[1])
    seat = scene.viewer if source == "mine" else 1 - scene.viewer
    x, y = scene.pile_centre(seat, LEFT)
    return round(x), round(y)


def block_point(scene: NoaronTable, choice: int) -> tuple[int, int]:
    """The middle of the two-slot block ``choice`` of the bottom row (a pair, or a gap's place)."""
    row = scene.hand
    x = (row.slot_x(choice, HAND_SIZE) + row.slot_x(choice + 1, HAND_SIZE)) / 2
    return round(x), round(row.centre[1])


def keys_to(app: App, scene: NoaronTable, attribute: str, target: int) -> None:
    """Left/Right until the ``attribute`` cursor of the scene's choice sits on ``target``."""
    for _ in range(2 * HAND_SIZE):
        current = getattr(scene.choice, attribute)
        if current == target:
            return
        app.step(DT, feed=[Intent(NAV, dx=1 if current is None or current < target else -1)])
    assert getattr(scene.choice, attribute) == target


def play_take(app: App, scene: NoaronTable, action: NoaronAction, style: str) -> None:
    """Click (tap) the source, or Tab to it and press Enter."""
    if style == "keys":
        for _ in range(6):
            if scene.choice.source_focus == action.source:
                break
            app.step(DT, feed=[Intent(FOCUS_NEXT)])
        assert scene.choice.source_focus == action.source
        app.step(DT, feed=[Intent(ACTIVATE)])
        return
    click(app, source_point(scene, action.source), touch=style == "touch")


def play_block(app: App, scene: NoaronTable, action: NoaronAction, style: str) -> None:
    """A pair to discard or a gap to fill: point and click, tap twice, or Left/Right and Enter."""
    attribute = "pair_cursor" if action.kind == "discard" else "gap_cursor"
    if style == "keys":
        keys_to(app, scene, attribute, action.index)
        app.step(DT, feed=[Intent(ACTIVATE)])
    elif style == "touch":
        point = block_point(scene, action.index)
        length = len(scene.match.log)
        click(app, point, touch=True)
        assert len(scene.match.log) == length, "a first tap only chooses"
        assert getattr(scene.choice, attribute) == action.index
        click(app, point, touch=True)
    else:
        point = block_point(scene, action.index)
        hover(app, point)
        assert getattr(scene.choice, attribute) == action.index
        click(app, point)


def play_decide(app: App, scene: NoaronTable, action: NoaronAction, style: str) -> None:
    """The Declare or End turn button, or D / E."""
    if style == "keys":
        app.step(DT, feed=[Intent(KEY, key="d" if action == DECLARE else "e")])
        return
    button = scene.declare_button if action == DECLARE else scene.end_button
    click(app, button.rect.center, touch=style == "touch")


def play(app: App, scene: NoaronTable, action: NoaronAction, style: str) -> None:
    """Play ``action`` through the gesture ``style`` (mouse, touch or keys)."""
    if action.kind == "take":
        play_take(app, scene, action, style)
    elif action.kind in ("discard", "insert"):
        play_block(app, scene, action, style)
    else:
        play_decide(app, scene, action, style)


def choose(scene: NoaronTable, rng: random.Random) -> NoaronAction:
    """A legal action for the person: declares whenever it may, so rounds end."""
    legal = scene.match.legal_actions(scene.viewer)
    if DECLARE in legal:
        return DECLARE
    return rng.choice(legal)


# ----- a whole game -----------------------------------------------------------------------------------
@pytest.mark.slow
def test_person_plays_a_whole_game_against_the_ai_by_mouse_touch_and_keys(app: App) -> None:
    """Every person's action goes through a gesture and adds exactly that action to the log; the
    hand row keeps the hand's order; the AI answers; the game ends on the results of the rules."""
    scene = human_vs_ai(app, seed=11)
    match = scene.match
    rng = random.Random(5)
    styles = ("mouse", "keys", "touch")
    turns = 0
    kinds: set[str] = set()
    while wait_for_person(app, scene):
        assert row_matches_hand(scene)
        action = choose(scene, rng)
        before = len(match.log)
        style = styles[(turns // 3) % len(styles)]
        play(app, scene, action, style)
        added = match.log[before:]
        assert added, f"{style} did not play {action}"
        assert (added[0].seat, added[0].action) == (0, match.rules.encode_action(action))
        assert all(entry.seat == 1 for entry in added[1:])  # then only the AI's answers
        kinds.add(action.kind)
        turns += 1
    for _ in range(20):
        app.step(DT)
    assert match.is_over()
    assert {"take", "discard", "insert", "declare"} <= kinds
    assert isinstance(app.top, Results)
    assert app.top.result.winners == match.rules.result(match.state).winners
    replayed = Match.from_json(match.to_json())  # every logged action was legal
    assert replayed.rules.notation(replayed.state) == match.rules.notation(match.state)


# ----- refusals, buttons and undo ------------------------------------------------------------------------
def reach_phase(app: App, scene: NoaronTable, phase: str, rng: random.Random) -> None:
    """Play the person's turns (by calls) until their turn is in ``phase``."""
    while wait_for_person(app, scene):
        if scene.observation().phase == phase:
            return
        legal = scene.match.legal_actions(scene.viewer)
        action = END if END in legal else rng.choice(legal)
        assert scene.attempt(action)
    raise AssertionError(f"the game ended before the person reached {phase}")


def test_a_declaration_out_of_turn_is_refused_with_the_rules_reason(app: App) -> None:
    """D (or E) in the take phase: nothing changes, the toast shows the rules' explanation."""
    scene = human_vs_ai(app, seed=3)
    reach_phase(app, scene, PHASE_TAKE, random.Random(1))
    match = scene.match
    before = (match.rules.notation(match.state), len(match.log))
    assert not scene.declare_button.is_enabled
    app.step(DT, feed=[Intent(KEY, key="d")])
    assert (match.rules.notation(match.state), len(match.log)) == before
    key, _, params = match.rules.explain_illegal(match.state, 0, DECLARE)
    assert scene.rejections == 1
    assert scene.toast.visible and scene.toast.message == t(key, **params)
    app.step(DT, feed=[Intent(KEY, key="e")])  # ending the turn before taking: refused too
    key, _, params = match.rules.explain_illegal(match.state, 0, END)
    assert scene.rejections == 2 and scene.toast.message == t(key, **params)
    assert (match.rules.notation(match.state), len(match.log)) == before


def greedy(scene: NoaronTable, rng: random.Random) -> NoaronAction:
    """A keen player's action: the pair and gap that give the lowest score (ties at random)."""
    obs = scene.observation()
    legal = scene.match.legal_actions(scene.viewer)
    if obs.phase == PHASE_DISCARD:
        scores = {action: best_after_discard(obs.hand, action.index, obs.reserve) for action in legal}
    elif obs.phase == PHASE_INSERT:
        scores = {action: best_cut(obs.hand[:action.index] + obs.reserve + obs.hand[action.index:]).score
                  for action in legal}
    else:
        return rng.choice(legal)
    low = min(scores.values())
    return rng.choice([action for action, score in scores.items() if score == low])


def test_declare_and_end_turn_buttons_follow_the_score(app: App) -> None:
    """In the decide phase Declare is on; End turn is on exactly when the rules allow it, and a
    0-point hand (or the turn limit) leaves Declare as the only choice with the rules' reason.
    Outside it both are off."""
    rng = random.Random(7)
    seen = 0
    for seed in range(2, 12):
        scene = human_vs_ai(app, seed=seed)
        while seen < 4 and wait_for_person(app, scene):
            legal = scene.match.legal_actions(0)
            if scene.observation().phase == PHASE_DECIDE:
                seen += 1
                assert scene.declare_button.is_enabled
                assert scene.end_button.is_enabled == (END in legal)
                assert best_cut(scene.observation().hand).score <= 4 or END not in legal
                if END not in legal:
                    assert scene.status_text() == scene.must_declare_reason()
                scene.attempt(END if END in legal else DECLARE)
                continue
            assert not scene.declare_button.is_enabled and not scene.end_button.is_enabled
            scene.attempt(greedy(scene, rng))
        if seen >= 4:
            break
        app.pop()
    assert seen >= 4


@pytest.mark.slow
def test_the_settlement_is_shown_step_by_step_and_pays_the_stakes(app: App) -> None:
    """At normal speed a declaration opens the settlement with its lines still to come; they
    appear one by one (Enter shows the rest at once), Continue closes it, and the stake rows and
    paid heaps then show what the rules say."""
    scene = human_vs_ai(app, seed=6)
    rng = random.Random(9)
    reach_phase(app, scene, PHASE_DECIDE, rng)
    app.settings.anim_speed = "normal"
    click(app, scene.declare_button.rect.center)
    settled = [event for event in scene.match.events if event.kind == "settled"][-1]
    for _ in range(int(3 / DT)):
        if scene.panel is not None:
            break
        app.step(DT)
    panel = scene.panel
    assert panel is not None and panel.event == settled
    assert not panel.complete() and not panel.button.is_enabled
    shown = panel.shown
    for _ in range(int(2 * 0.75 / DT) + 2):
        app.step(DT)
    assert panel.shown > shown  # another line came by itself
    app.step(DT, feed=[Intent(ACTIVATE)])
    assert panel.complete() and panel.button.is_enabled
    app.step(DT, feed=[Intent(ACTIVATE)])
    assert scene.panel is None
    for _ in range(int(12 / DT)):
        if scene.idle() or isinstance(app.top, Results):
            break
        app.step(DT)
    obs = scene.observation()
    assert scene.stake_counts == list(obs.stakes) and scene.paid_counts == list(obs.set_aside)
    assert sum(obs.set_aside) >= settled.paid


@pytest.mark.slow
def test_undo_takes_back_a_pile_take_before_the_ai_answers(app: App) -> None:
    """At normal speed the AI waits a moment; Undo in that moment takes back the person's whole
    turn, a take from the piles included, and cancels the AI's request."""
    scene = human_vs_ai(app, seed=6)
    rng = random.Random(3)
    reach_phase(app, scene, PHASE_TAKE, rng)
    app.settings.anim_speed = "normal"
    match = scene.match
    assert NoaronAction("take", "theirs") in match.legal_actions(0)
    before = (match.rules.notation(match.state), len(match.log))
    click(app, source_point(scene, "theirs"))
    assert match.log[-1].action == "take theirs"
    assert scene.can_undo()
    assert wait_for_person(app, scene)
    play(app, scene, NoaronAction("discard", index=3), "keys")
    assert wait_for_person(app, scene)
    play(app, scene, NoaronAction("insert", index=5), "keys")
    if match.to_move() == (0,):  # a hand of 4 or less: end the turn
        assert wait_for_person(app, scene)
        play(app, scene, END, "mouse")
    assert match.to_move() == (1,)
    for _ in range(int(10 / DT)):
        if scene.ai_ticket is not None:
            break
        app.step(DT)
    assert scene.ai_ticket is not None, "the AI never started thinking"
    assert scene.ai_waited < AI_MIN_THINK
    length = len(match.log)
    click(app, source_point(scene, "deck"))  # not the person's turn: the deck only says so
    assert len(match.log) == length and scene.toast.message == t("table.reason.not_now")
    while len(match.log) > before[1]:
        assert match.log[-1].seat == 0 and scene.can_undo()
        click(app, scene.undo_button.rect.center)
    assert (match.rules.notation(match.state), len(match.log)) == before
    assert scene.ai_ticket is None
    for _ in range(120):
        app.step(DT)
    assert len(match.log) == before[1]
    assert match.to_move() == (0,) and scene.observation().phase == PHASE_TAKE
    assert row_matches_hand(scene)
    assert [list(pile) for pile in scene.observation().piles[1]] == \
        [scene.piles[(1, pile)] for pile in (0, 1)]


def test_escape_drops_the_choice_then_undoes(app: App) -> None:
    """Esc first forgets a pair being chosen; Backspace takes back the person's last action."""
    scene = human_vs_ai(app, seed=8)
    reach_phase(app, scene, PHASE_DISCARD, random.Random(4))
    scene.close_coach()  # the first turn's explanation card takes an Esc of its own (tested below)
    length = len(scene.match.log)
    app.step(DT, feed=[Intent(NAV, dx=1)])
    assert scene.choice.pair_cursor is not None
    app.step(DT, feed=[Intent(BACK)])
    assert scene.choice.pair_cursor is None and len(scene.match.log) == length
    if scene.can_undo():
        app.step(DT, feed=[Intent(BACK, key="backspace")])
        assert len(scene.match.log) == length - 1


# ----- the score overlay ------------------------------------------------------------------------------
def test_the_score_overlay_is_the_best_cut_of_the_hand_and_of_each_choice(app: App) -> None:
    """At rest the overlay is ``best_cut`` of the hand (yaku framed, a point pip on each zatsu
    card); while a gap is
    chosen it is ``best_cut`` of the hand that gap would give; while a pair is chosen it also
    says the best score reachable after discarding it."""
    scene = human_vs_ai(app, seed=12)
    rng = random.Random(6)
    checked = 0
    while checked < 6 and wait_for_person(app, scene):
        obs = scene.observation()
        cut = best_cut(obs.hand)
        if obs.phase in (PHASE_TAKE, PHASE_DECIDE):
            assert scene.shown_cut == cut
            assert scene.hand.frame == ((cut.yaku_start, cut.yaku_length) if cut.yaku_length else None)
            size = len(obs.hand)
            assert [card.pip for card in scene.hand.cards] == [pip_for(cut, i, size) for i in range(size)]
            assert not any(card.dim for card in scene.hand.cards)  # the hand never looks disabled
        elif obs.phase == PHASE_DISCARD:
            pair = rng.randrange(len(obs.hand) - 1)
            keys_to(app, scene, "pair_cursor", pair)
            rest = obs.hand[:pair] + obs.hand[pair + 2:]
            best = min(best_cut(rest[:g] + obs.reserve + rest[g:]).score for g in range(len(rest) + 1))
            assert scene.preview is not None and scene.preview.best_after == best
            assert scene.shown_cut == cut
            checked += 1
        elif obs.phase == PHASE_INSERT:
            gap = rng.randrange(len(obs.hand) + 1)
            keys_to(app, scene, "gap_cursor", gap)
            after = obs.hand[:gap] + obs.reserve + obs.hand[gap:]
            assert [card.value for card in scene.hand.cards] == list(after)
            assert scene.shown_cut == best_cut(after)
            checked += 1
        legal = scene.match.legal_actions(0)
        scene.attempt(END if END in legal else rng.choice(legal))
    assert checked >= 6


# ----- the settlement's words ---------------------------------------------------------------------------------
def settlement_lines(scene: NoaronTable, hands: tuple[str, str], loser: int, paid: int, left: int,
                     forced: bool = False) -> list[str]:
    """The lines a settlement of ``hands`` shows (seat 0 declared; ``loser`` pays ``paid``)."""
    cuts = (best_cut(hands[0]), best_cut(hands[1]))
    difference = abs(cuts[0].score - cuts[1].score)
    stakes = (left, 9) if loser == 0 else (9, left)
    event = Settled(0, 0, (tuple(hands[0]), tuple(hands[1])), cuts, loser, difference, 0, 0, paid, paid,
                    stakes, False, forced)
    return [text for _, text in SettlementPanel(scene, event).lines]


def test_settlement_lines_say_why_and_count_stake_cards_in_good_english(app: App) -> None:
    scene = human_vs_ai(app, seed=6)
    forced = settlement_lines(scene, ("RRBRRRBRBRRR", "RRRRBBBBRRRB"), loser=0, paid=8, left=1, forced=True)
    assert t("noaron_table.settle.forced", limit=HOUSE_TURN_LIMIT) in forced
    assert "Player 1 ● owes 8 stake cards in all" in forced
    assert "Player 1 ● sets aside 8 stake cards" in forced
    assert forced[-1].endswith("The loser has 1 stake card left.")
    one = settlement_lines(scene, ("RRRRBBBBRRRB", "RRRRBBBBRBRB"), loser=1, paid=1, left=8)  # 4 and 4
    assert not any("forced" in line for line in one)
    assert one[-3:-1] == [f"{scene.long_name(1)} owes 1 stake card in all",
                          f"{scene.long_name(1)} sets aside 1 stake card"]
    halved = settlement_lines(scene, ("RRRRBBBBRRBB", "RRRRBBBBRBRB"), loser=1, paid=2, left=7)  # 2 against 4
    assert halved[0] == f"{scene.name_of(0)}'s zatsu is itself a yaku, so its 4 cards count half"
    assert "(a yaku: half)" not in " ".join(halved)


# ----- the yaku / zatsu explanation ---------------------------------------------------------------------
def test_yaku_and_zatsu_are_explained_once_beside_the_sources_and_a_click_puts_it_away(app: App) -> None:
    """The person's first look at a hand opens the explanation card on the free felt (never over
    the deck, a pile or the hand); a click on it closes it without playing anything, and it never
    comes back in that match."""
    scene = human_vs_ai(app, seed=6)
    reach_phase(app, scene, PHASE_TAKE, random.Random(1))
    assert scene.coach_open
    rect = scene.coach_rect()
    assert rect is not None
    taken = scene.geometry.areas()
    assert not [name for name, area in taken.items() if area.colliderect(rect)]
    assert scene.geometry.rect(150, 136, 1620, 650).contains(rect)  # on the felt
    before = len(scene.match.log)
    click(app, rect.center)
    assert not scene.coach_open and scene.coach_rect() is None
    assert len(scene.match.log) == before
    rng = random.Random(2)
    for _ in range(3):
        reach_phase(app, scene, PHASE_DISCARD, rng)
        assert not scene.coach_open
        assert scene.attempt(rng.choice(scene.match.legal_actions(0)))


def test_escape_puts_the_explanation_away_before_it_undoes_anything(app: App) -> None:
    scene = human_vs_ai(app, seed=6)
    reach_phase(app, scene, PHASE_TAKE, random.Random(1))
    assert scene.coach_open
    before = len(scene.match.log)
    app.step(DT, feed=[Intent(BACK)])
    assert not scene.coach_open and len(scene.match.log) == before
    reach_phase(app, scene, PHASE_DISCARD, random.Random(1))
    scene.coach_open = True  # (opened again only to see the order of Esc)
    app.step(DT, feed=[Intent(NAV, dx=1)])
    app.step(DT, feed=[Intent(BACK)])
    assert scene.choice.pair_cursor is None and scene.coach_open  # first the pair being chosen
    app.step(DT, feed=[Intent(BACK)])
    assert not scene.coach_open and len(scene.match.log) == before + 1  # then the card, no undo


def test_the_explanation_stays_for_the_first_turn_only(app: App) -> None:
    """Left open, the card stays while the person takes, discards and inserts, and goes when
    their first turn is over."""
    scene = human_vs_ai(app, seed=6)
    rng = random.Random(4)
    reach_phase(app, scene, PHASE_TAKE, rng)
    seen = []
    while scene.observation().turn == 0 and not scene.match.is_over():
        assert wait_for_person(app, scene)
        seen.append((scene.observation().phase, scene.coach_open))
        legal = scene.match.legal_actions(0)
        scene.attempt(END if END in legal else rng.choice(legal))
    assert seen[:3] == [(PHASE_TAKE, True), (PHASE_DISCARD, True), (PHASE_INSERT, True)]
    app.step(DT)
    assert not scene.coach_open and scene.reading.coach_shown


def test_no_explanation_for_a_spectator_an_ai_seat_or_a_match_past_its_first_round(app: App) -> None:
    spectator = open_table(app, [Seat("ai", "random"), Seat("ai", "random")], 5, viewer=-1)
    app.step(DT)
    assert not spectator.coach_open
    app.pop()
    match = Match("noaron", [Seat("human"), Seat("ai", "random")], 9)
    rng = random.Random(3)
    while not match.rules.observe(match.state, 0).records:  # play a whole round with calls
        seat = match.to_move()[0]
        legal = match.legal_actions(seat)
        match.apply(seat, DECLARE if DECLARE in legal else rng.choice(legal))
    resumed = make_table(app, match, viewer=0)
    app.push(resumed)
    app.step(DT)
    assert resumed.shown_cut is not None and not resumed.coach_open


# ----- hot-seat ------------------------------------------------------------------------------------
@pytest.mark.slow
def test_hot_seat_curtains_and_never_the_other_hand_face_up(app: App) -> None:
    """Two people at one screen: a curtain before each other person's turn, the table then from
    their side, and no frame ever shows the other person's hand or deck draw."""
    scene = open_table(app, [Seat("human"), Seat("human")], seed=21)
    match = scene.match
    rng = random.Random(2)
    curtains = 0
    for _ in range(60):
        for _ in range(2000):
            if isinstance(app.top, Curtain):
                assert scene.hand_hidden and scene.face_up_values() == []
                curtains += 1
                mover = match.to_move()[0]
                app.step(DT, feed=[Intent(ACTIVATE)])
                assert scene.viewer == mover
            if scene.panel is not None:
                app.step(DT, feed=[Intent(ACTIVATE)])
                app.step(DT, feed=[Intent(ACTIVATE)])
                continue
            if scene.finished or (scene.viewer_may_act() and scene.idle()):
                break
            step_checking(app, scene)
        if scene.finished:
            break
        assert scene.viewer == match.to_move()[0]
        assert row_matches_hand(scene)
        play(app, scene, choose(scene, rng), "mouse")
        assert other_side_hidden(scene)
    assert curtains >= 5


# ----- AI-only tables ----------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("viewer", [None, -1])
def test_an_ai_game_plays_to_the_end_at_instant_speed(app: App, viewer: int | None) -> None:
    """With nobody at the table (watched from seat 0's side, or as a spectator who sees no hand)
    the game runs by itself, settlements included, to the results. Seed 16 is a short match (127
    moves) with two rounds, two settlements and the deck rebuilt once; seed 30 took 1,264."""
    seats = [Seat("ai", "random"), Seat("ai", "random")]
    options = {} if viewer is None else {"viewer": viewer}
    scene = open_table(app, seats, seed=16, **options)
    for _ in range(40000):
        if isinstance(app.top, Results):
            break
        step_checking(app, scene)
        if viewer == -1:  # a spectator sees no hand and no deck draw, only what the piles show
            assert all(card.value is None for row in scene.rows.values() for card in row.cards)
            if scene.observation().reserve_source == "deck":
                assert all(card.value is None for card in scene.reserve)
    assert isinstance(app.top, Results)
    assert scene.match.is_over()
    assert app.top.result.winners == scene.match.rules.result(scene.match.state).winners
    assert scene.match.state.round >= 1  # a second round was dealt after the first settlement


def test_a_resumed_game_is_drawn_from_its_observation(app: App) -> None:
    """A match with a log (a resumed save) is set up at rest from the observation, no intro."""
    match = Match("noaron", [Seat("human"), Seat("ai", "random")], 9)
    seat = match.to_move()[0]
    match.apply(seat, NoaronAction("take", "mine"))
    scene = make_table(app, match, viewer=0)
    app.push(scene)
    assert not scene.pending
    obs = match.observe(0)
    assert [scene.piles[(s, p)] for s in (0, 1) for p in (0, 1)] == \
        [list(obs.piles[s][p]) for s in (0, 1) for p in (0, 1)]
    assert len(scene.reserve) == 2 and scene.stake_counts == list(obs.stakes)
    if seat == 0:
        assert [card.value for card in scene.reserve] == list(obs.reserve)
        assert row_matches_hand(scene)


@pytest.mark.slow
def test_shot_writes_a_png(tmp_path: Path) -> None:
    """take_shot renders this table to a PNG of the asked size."""
    from scenes.tools.shot import take_shot

    out = take_shot("noaron", 2, seed=2, moves=5, size=(960, 540), out=tmp_path / "noaron.png", lang="en")
    pygame.init()
    assert pygame.image.load(str(out)).get_size() == (960, 540)


def test_language_switch_relabels_the_table(app: App) -> None:
    """Switching to Japanese mid-game relabels the status and the buttons at once."""
    scene = human_vs_ai(app, seed=6)
    reach_phase(app, scene, PHASE_TAKE, random.Random(1))
    from game.i18n import set_language

    set_language("ja")
    try:
        app.step(DT)
        assert scene.status_text() == t("noaron_table.status.take", lang="ja")
        assert scene.declare_button.text == t("noaron_table.declare", lang="ja")
    finally:
        set_language("en")
