"""Easy and Normal levels of ノアロン, and the greedy rollout policy Hard plays out with.

What a hand is worth: a 12-card hand is a 12-bit mask (``hand_mask``), so everything about it is a
table lookup. Besides its score now, a hand has a *potential*: how low its score is likely to get
over the next turns. ``HandTables`` computes it once (about a second, at import) by value
iteration over all 4096 hands, in a model where each turn draws a random pair, the player then
discards the best adjacent pair and inserts the drawn pair at the best gap, and the round ends
before each turn with probability ``1 - HORIZON`` (the opponent declares), scoring the hand:

    V(h) = (1 - HORIZON) * score(h) + HORIZON * mean over pairs p of min over (i, g) V(h')

where h' is h without cards i, i+1 and with p inserted at gap g. The tables also hold, per
10-card hand and pair, the best gap and its value, and per 12-card hand and pair the value of
the best discard: a whole turn is then decided with a dozen lookups.

* Normal takes from the source (the deck, averaged over the colours it cannot see, or a known
  pile pair) whose best discard and insert leave the lowest potential, discards and inserts the
  same way, and declares when the expected settlement (``declare_gain``: its score against the
  measured odds of the opponent's score after the turns the opponent has played) is good enough;
  always at 0.
* Easy looks at the score now only (not the potential), draws from the deck unless a pile pair
  lowers its score at once, and always declares when it may.
* Hard (``make_hard``, ``NoaronHard``) is flat Monte Carlo over the choice at hand. A sample is a
  determinization of ``NoaronSearchRules``, the rules as this search sees them: the opponent's
  hand is drawn from ``hand_odds``, what its shown turns tell (where each discarded pair left
  its hand, in which colours, and where the taken pair went in: both players see that across
  the table), weighed by whether Normal would have played those turns from it; before the
  opponent's first turn it is dealt at random. On each sample every
  candidate (every take and declare choice; the best ``TOP_CANDIDATES`` discards and inserts by
  potential) is played and the round played out by ``rollout_policy`` (Normal's choices, read off
  the playout state), so candidates are compared on the same cards (common random numbers) and a
  decision stops early once the paired differences settle it. A round is scored by the chance of
  winning the match after it (``match_win_chance``: a loss that ends the match is worth more
  than its size, and the round's winner begins the next one). When the opponent's hand must score
  more than Hard's (``sure_declaration``), Hard declares without searching. The rules module
  itself knows nothing of this; the generic ISMCTS can still search ``NoaronSearchRules`` (it
  measured weaker: a shared tree compares a dozen discards with far noisier, unpaired playouts).
"""

from __future__ import annotations

import bisect
import functools
import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.ai.paired import RaceRules, RacingHard
from game.rules.noaron import (
    DECLARE,
    DECLARE_AT_MOST,
    DECLARER_LOST_PENALTY,
    END,
    HAND_SIZE,
    LEFT,
    PHASE_DECIDE,
    PHASE_DISCARD,
    PHASE_INSERT,
    PHASE_OVER,
    PHASE_TAKE,
    RED,
    RIGHT,
    SOURCE_DECK,
    SOURCE_MINE,
    TAKES,
    WINNER_ZERO_PENALTY,
    NoaronAction,
    NoaronObservation,
    NoaronRules,
    NoaronState,
    hand_mask,
    just_dealt,
    mask_hand,
    score_table,
    shuffle,
    turns_played_by_other,
)

HORIZON = 0.85  # chance that the round goes on for one more turn, in the potential's model
CONVERGED = 1e-3  # value iteration stops when no hand's potential moves more than this
TEN = HAND_SIZE - 2
GAPS = TEN + 1
PAIRS = 4  # a pair as two bits, the left card high: RR = 3, RB = 2, BR = 1, BB = 0


SCORE_TABLE: tuple[int, ...] = score_table()  # the rules' score of every 12-card colouring, by bit mask


def pair_code(cards: Sequence[str]) -> int:
    """The two reserve cards as a 2-bit code (left card in the high bit, red = 1)."""
    return (2 if cards[0] == RED else 0) | (1 if cards[1] == RED else 0)


def without_pair(mask: int, index: int) -> int:
    """A 12-card mask without cards ``index`` and ``index + 1`` (a 10-card mask)."""
    return ((mask >> (HAND_SIZE - index)) << (TEN - index)) | (mask & ((1 << (TEN - index)) - 1))


def with_pair(mask10: int, pair: int, gap: int) -> int:
    """A 10-card mask with the 2-bit ``pair`` inserted before card ``gap`` (a 12-card mask)."""
    low = TEN - gap
    return ((mask10 >> low) << (low + 2)) | (pair << low) | (mask10 & ((1 << low) - 1))


@dataclass
class HandTables:
    """Lookup tables over every hand (see the module docstring)."""

    potential: list[float]  # 12-card mask -> V
    discards: list[list[int]]  # 12-card mask -> the 10-card masks after each discard index
    best_gap: list[list[int]]  # 10-card mask -> per pair, the gap with the lowest V
    gap_value: list[list[float]]  # 10-card mask -> per pair, that V
    turn_value: list[list[float]]  # 12-card mask -> per pair, V after the best discard and insert

    @classmethod
    def build(cls, horizon: float = HORIZON) -> HandTables:
        """Value iteration until the potentials settle (about a dozen sweeps)."""
        discards = [[without_pair(mask, i) for i in range(HAND_SIZE - 1)] for mask in range(1 << HAND_SIZE)]
        inserts = [[[with_pair(mask, pair, gap) for gap in range(GAPS)] for pair in range(PAIRS)]
                   for mask in range(1 << TEN)]
        scores = [float(score) for score in SCORE_TABLE]
        potential = scores[:]
        while True:
            gap_value = [[min([potential[h] for h in row]) for row in rows] for rows in inserts]
            by_pair = [[values[pair] for values in gap_value] for pair in range(PAIRS)]
            turn_value = [[min([column[h] for h in row]) for column in by_pair] for row in discards]
            updated = [(1.0 - horizon) * score + horizon * 0.25 * sum(values)
                       for score, values in zip(scores, turn_value)]
            moved = max(abs(a - b) for a, b in zip(updated, potential))
            potential = updated
            if moved < CONVERGED:
                break
        gap_value = [[min([potential[h] for h in row]) for row in rows] for rows in inserts]
        best_gap = [[row.index(min(row, key=potential.__getitem__)) for row in rows] for rows in inserts]
        by_pair = [[values[pair] for values in gap_value] for pair in range(PAIRS)]
        turn_value = [[min([column[h] for h in row]) for column in by_pair] for row in discards]
        return cls(potential, discards, best_gap, gap_value, turn_value)


_TABLES: HandTables | None = None


def tables() -> HandTables:
    """The shared tables, built on first use."""
    global _TABLES
    if _TABLES is None:
        _TABLES = HandTables.build()
    return _TABLES


# ----- what one seat knows ------------------------------------------------------------------------
def red_share(observation: NoaronObservation) -> float:
    """Share of red among the cards this seat cannot see (the deck is drawn from them)."""
    unseen = NoaronRules.unseen_cards(observation)
    if not unseen:
        return 0.5
    return sum(1 for card in unseen if card == RED) / len(unseen)


def deck_pair_odds(red: float) -> tuple[float, float, float, float]:
    """Chance of each pair code (BB, BR, RB, RR) from the deck."""
    black = 1.0 - red
    return (black * black, black * red, red * black, red * red)


def pile_pair(piles: Sequence[Sequence[Sequence[str]]], seat: int, source: str) -> int:
    """The pair code a take from ``source`` gives ``seat`` (their right pile is my left)."""
    if source == SOURCE_MINE:
        mine = piles[seat]
        return pair_code((mine[LEFT][-1], mine[RIGHT][-1]))
    theirs = piles[1 - seat]
    return pair_code((theirs[RIGHT][-1], theirs[LEFT][-1]))


def take_values(table: HandTables, mask: int, piles: Sequence, seat: int, sources: Sequence[str],
                red: float) -> dict[str, float]:
    """The potential each take source leads to, after the best discard and insert."""
    values = {}
    row = table.turn_value[mask]
    for source in sources:
        if source == SOURCE_DECK:
            odds = deck_pair_odds(red)
            values[source] = sum(odds[pair] * row[pair] for pair in range(PAIRS))
        else:
            values[source] = row[pile_pair(piles, seat, source)]
    return values


def best_discard(table: HandTables, mask: int, pair: int) -> int:
    """The discard index whose best insert leaves the lowest potential (leftmost on ties)."""
    gap_value = table.gap_value
    options = table.discards[mask]
    best_index, best_value = 0, float("inf")
    for index, rest in enumerate(options):
        value = gap_value[rest][pair]
        if value < best_value - 1e-12:
            best_index, best_value = index, value
    return best_index


# ----- declaring -----------------------------------------------------------------------------------
# The chance of each score 0..12 of the opponent's hand, after it has played this many turns of
# the round (rows 0..5; later turns use the last row). Measured over 1500 first rounds of Normal
# self-play with declaring switched off (tools: the hands at every decide phase).
OPPONENT_SCORE_ODDS: tuple[tuple[float, ...], ...] = (
    (0.0, 0.002, 0.006, 0.002, 0.010, 0.0, 0.037, 0.0, 0.226, 0.0, 0.593, 0.0, 0.124),
    (0.0, 0.064, 0.096, 0.005, 0.192, 0.0, 0.351, 0.0, 0.227, 0.0, 0.063, 0.0, 0.003),
    (0.0, 0.286, 0.311, 0.029, 0.218, 0.0, 0.118, 0.0, 0.034, 0.0, 0.004, 0.0, 0.0),
    (0.0, 0.553, 0.301, 0.030, 0.098, 0.0, 0.012, 0.0, 0.006, 0.0, 0.0, 0.0, 0.0),
    (0.0, 0.782, 0.184, 0.007, 0.027, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
    (0.0, 0.903, 0.097, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
)


def settlement_gain(mine: int, theirs: int) -> int:
    """Stake cards I win (positive) or pay (negative) when I declare with ``mine`` against ``theirs``."""
    if theirs > mine:
        return theirs - mine + (WINNER_ZERO_PENALTY if mine == 0 else 0)
    return -(mine - theirs + DECLARER_LOST_PENALTY)


def _expected_gains() -> tuple[tuple[float, ...], ...]:
    """[opponent turns][my score] -> the expected settlement gain of declaring now."""
    return tuple(
        tuple(sum(odds * settlement_gain(mine, theirs) for theirs, odds in enumerate(row))
              for mine in range(HAND_SIZE + 1))
        for row in OPPONENT_SCORE_ODDS
    )


EXPECTED_GAIN = _expected_gains()


def opponent_turns(observation: NoaronObservation) -> int:
    """Turns the opponent has played in this round so far."""
    return turns_played_by_other(observation.turn_number, observation.start_seat, observation.seat)


def declare_gain(score: int, other_turns: int) -> float:
    """The expected stake cards won by declaring now with ``score``."""
    return EXPECTED_GAIN[min(other_turns, len(EXPECTED_GAIN) - 1)][score]


@dataclass(frozen=True)
class DeclareRule:
    """Declare when the expected gain of declaring now is at least ``threshold`` (always at 0)."""

    threshold: float = -2.0

    def wants(self, score: int, other_turns: int) -> bool:
        """True when declaring now looks right."""
        return score == 0 or declare_gain(score, other_turns) >= self.threshold


# ----- Normal -----------------------------------------------------------------------------------------
class NoaronNormal:
    """Normal: builds the hand with the potential tables, declares by ``DeclareRule``."""

    name = "normal"

    def __init__(self, rule: DeclareRule | None = None) -> None:
        self.rule = rule or DeclareRule()
        self.table = tables()

    def choose(self, observation: NoaronObservation, legal: Sequence[NoaronAction], rng: random.Random,
               budget: float) -> NoaronAction:
        """The action with the best potential for this phase."""
        if len(legal) == 1:
            return legal[0]
        phase = observation.phase
        mask = hand_mask(observation.hand)
        if phase == PHASE_TAKE:
            sources = [action.source for action in legal]
            values = take_values(self.table, mask, observation.piles, observation.seat, sources,
                                 red_share(observation))
            return TAKES[min(sources, key=values.__getitem__)]
        if phase == PHASE_DISCARD:
            return NoaronAction("discard", index=best_discard(self.table, mask, pair_code(observation.reserve)))
        if phase == PHASE_INSERT:
            return NoaronAction("insert", index=self.table.best_gap[mask][pair_code(observation.reserve)])
        return DECLARE if self.rule.wants(SCORE_TABLE[mask], opponent_turns(observation)) else END


# ----- Easy ----------------------------------------------------------------------------------------------
class NoaronEasy:
    """Easy: looks only at the score right now. Draws from the deck unless a pile pair lowers the
    score at once, discards and inserts for the lowest score now (random among equals), and
    declares whenever it may."""

    name = "easy"

    def choose(self, observation: NoaronObservation, legal: Sequence[NoaronAction], rng: random.Random,
               budget: float) -> NoaronAction:
        """A short-sighted but sensible action."""
        if len(legal) == 1:
            return legal[0]
        phase = observation.phase
        hand = observation.hand
        if phase == PHASE_TAKE:
            return self._take(observation, legal)
        if phase == PHASE_DISCARD:
            return _lowest(legal, rng, lambda a: _best_now(hand[:a.index] + hand[a.index + 2:],
                                                            observation.reserve))
        if phase == PHASE_INSERT:
            reserve = tuple(observation.reserve)
            return _lowest(legal, rng, lambda a: SCORE_TABLE[hand_mask(hand[:a.index] + reserve + hand[a.index:])])
        return DECLARE

    @staticmethod
    def _take(observation: NoaronObservation, legal: Sequence[NoaronAction]) -> NoaronAction:
        """A pile pair only if it lowers the score this very turn; otherwise the deck."""
        hand = observation.hand
        now = SCORE_TABLE[hand_mask(hand)]
        best, best_score = None, now
        for action in legal:
            if action.source == SOURCE_DECK:
                continue
            pair = _pile_cards(observation, action.source)
            score = min(_best_now(hand[:i] + hand[i + 2:], pair) for i in range(len(hand) - 1))
            if score < best_score:
                best, best_score = action, score
        if best is not None:
            return best
        deck = TAKES[SOURCE_DECK]
        return deck if deck in legal else legal[0]


def _pile_cards(observation: NoaronObservation, source: str) -> tuple[str, str]:
    """The two cards a pile take would give, left to right for the taker."""
    piles = observation.piles
    seat = observation.seat
    if source == SOURCE_MINE:
        return piles[seat][LEFT][-1], piles[seat][RIGHT][-1]
    return piles[1 - seat][RIGHT][-1], piles[1 - seat][LEFT][-1]


def _best_now(ten: Sequence[str], pair: Sequence[str]) -> int:
    """The lowest score the pair can give when inserted into the 10 cards."""
    ten = tuple(ten)
    pair = tuple(pair)
    return min(SCORE_TABLE[hand_mask(ten[:g] + pair + ten[g:])] for g in range(len(ten) + 1))


def _lowest(legal: Sequence[NoaronAction], rng: random.Random, value: Callable[[NoaronAction], int]) -> NoaronAction:
    """A random action among those of the lowest value."""
    scored = [(value(action), action) for action in legal]
    low = min(score for score, _ in scored)
    best = [action for score, action in scored if score == low]
    return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


# ----- rollouts -------------------------------------------------------------------------------------------
ROLLOUT_NOISE = 0.0  # chance of a uniformly random action in a playout (5% measured no better)
ROLLOUT_RULE = DeclareRule()


def rollout_policy(rules: NoaronRules, state: NoaronState, seat: int, legal: list[NoaronAction],
                   rng: random.Random) -> NoaronAction:
    """Normal's choice from the playout state, by table lookups (ROLLOUT_NOISE: random ones). Only what
    the seat could know is used (its hand, its reserve, the piles)."""
    count = len(legal)
    if count == 1:
        return legal[0]
    if ROLLOUT_NOISE and rng.random() < ROLLOUT_NOISE:
        return legal[rng.randrange(count)]
    table = _TABLES or tables()
    phase = state.phase
    mask = hand_mask(state.hands[seat])
    if phase == PHASE_DISCARD:
        return legal[best_discard(table, mask, pair_code(state.reserve))]
    if phase == PHASE_INSERT:
        return legal[table.best_gap[mask][pair_code(state.reserve)]]
    if phase == PHASE_DECIDE:
        turns = turns_played_by_other(state.turn_number, state.start_seat, seat)
        return DECLARE if ROLLOUT_RULE.wants(SCORE_TABLE[mask], turns) else END
    sources = [action.source for action in legal]
    values = take_values(table, mask, state.piles, seat, sources, 0.5)
    return TAKES[min(sources, key=values.__getitem__)]


# ----- Hard: the rules as its search sees them ------------------------------------------------------------
BELIEF_TURNS = 4  # an opponent's hand is built up for at most this many of its turns (later ones change little)
BELIEF_DEALS = 4  # hands dealt afresh when no draw keeps a built-up hand one the opponent did not declare with
BELIEF_TRIES = 8  # draws per built-up turn to find one after which the opponent would not have declared
TOP_CANDIDATES = 4  # discards and inserts Hard plays out, the best by potential
# Hard stops early from 64 samples on, checking every 32, once the leader is 3 standard errors ahead
# of each other candidate or surely within 0.004 of it.
HARD_RACE = RaceRules(settle_from=64, settle_every=32, settle_z=3.0, settle_equal=0.004)
SEARCH_DEPTH = 1  # actions the search tree holds below a sampled state (see NoaronSearchRules.is_search_leaf)


# How rounds between Normal players end (5,056 rounds of Normal self-play): the player who begins a
# round wins it this often (the winner begins the next one), and the loser owes these amounts.
ROUND_STARTER_WINS = 0.707
ROUND_LOSS_ODDS: dict[int, float] = {
    loss: count / 5056 for loss, count in {
        1: 16, 2: 780, 3: 127, 4: 1244, 5: 427, 6: 1210, 7: 303, 8: 454, 9: 317, 10: 40, 11: 80, 13: 54, 15: 4,
    }.items()
}


@functools.cache
def match_win_chance(mine: int, theirs: int, i_begin: bool) -> float:
    """The chance of winning the match with ``mine`` stake cards against ``theirs`` when the next
    round is begun by me (``i_begin``) or by the opponent, if every later round goes as between
    Normal players (ROUND_STARTER_WINS, ROUND_LOSS_ODDS). A loss the loser cannot pay with cards
    to spare ends the match. This values a round's outcome by what it does to the match: a swing
    that ends it is worth more than its size, and winning also wins the next round's first turn."""
    if mine <= 0 or theirs <= 0:
        return 1.0 if mine > 0 else 0.0
    win_round = ROUND_STARTER_WINS if i_begin else 1.0 - ROUND_STARTER_WINS
    won = sum(odds * (1.0 if loss >= theirs else match_win_chance(mine, theirs - loss, True))
              for loss, odds in ROUND_LOSS_ODDS.items())
    lost = sum(odds * (0.0 if loss >= mine else match_win_chance(mine - loss, theirs, False))
               for loss, odds in ROUND_LOSS_ODDS.items())
    return win_round * won + (1.0 - win_round) * lost


@dataclass(slots=True)
class NoaronSearchState(NoaronState):
    """A sampled state that counts the actions search has played on it since it was sampled, and
    knows whose search sampled it (``viewer``, -1 when none)."""

    steps: int = 0
    viewer: int = -1


def would_declare(score: int, seen_turns: int) -> bool:
    """True when a player ending its turn with ``score``, after its opponent had played ``seen_turns``
    turns of the round, would declare by ``ROLLOUT_RULE`` (Normal's rule; it may only at 4 or less)."""
    return score <= DECLARE_AT_MOST and ROLLOUT_RULE.wants(score, seen_turns)


def opponent_floor(seen_turns: int) -> int:
    """The lowest score a player can hold after ending a turn without declaring, when its opponent
    had played ``seen_turns`` turns of the round by then (by ``would_declare``)."""
    return next(score for score in range(HAND_SIZE + 1) if not would_declare(score, seen_turns))


def sure_declaration(state: NoaronState | NoaronObservation, seat: int, score: int) -> bool:
    """True when ``seat`` may declare with ``score`` and wins for sure if the opponent declares by
    Normal's rule: its hand has not changed since it ended its last turn without declaring, so it
    scores at least ``opponent_floor`` (no such evidence before the opponent's first turn)."""
    if state.phase != PHASE_DECIDE or score > DECLARE_AT_MOST:
        return False
    other = 1 - seat
    if not turns_played_by_other(state.turn_number, state.start_seat, seat):
        return False
    # my finished turns (this one not counted) were what the opponent had seen at its last turn
    return score < opponent_floor(turns_played_by_other(state.turn_number, state.start_seat, other))


def build_hand(hand: list[str], pool: list[str], rng: random.Random, turns: int,
               started: bool | None = None) -> list[str]:
    """A plausible hand for a player who has played ``turns`` turns this round: play up to
    BELIEF_TURNS deck turns for the random ``hand`` (draw two from ``pool``, discard and insert as
    Normal would) and put each discarded pair back into ``pool`` at random places (so ``pool``
    stays shuffled and every card is kept).

    With ``started`` (True when that player began the round) the hand is also one it did not
    declare with: a draw after which it would have declared (``would_declare``, with the turns its
    opponent had played by then) is drawn again, up to BELIEF_TRIES times, and when no draw will
    do, the hand itself is dealt again from ``pool`` (up to BELIEF_DEALS times). The round going
    on is evidence: early in a round it means the hidden hand still scores 5 or more."""
    table = _TABLES or tables()
    mask = hand_mask(hand)
    for _ in range(BELIEF_DEALS):
        mask, declined = _play_belief_turns(table, mask, pool, rng, turns, started)
        if declined:
            break
        for card in mask_hand(mask):  # an implausible hand: back into the pool, and deal another
            pool.insert(rng.randrange(len(pool) + 1), card)
        mask = hand_mask([pool.pop(rng.randrange(len(pool))) for _ in range(HAND_SIZE)])
    else:
        mask, _ = _play_belief_turns(table, mask, pool, rng, turns, None)
    return list(mask_hand(mask))


def _play_belief_turns(table: HandTables, mask: int, pool: list[str], rng: random.Random, turns: int,
                       started: bool | None) -> tuple[int, bool]:
    """``build_hand``'s turns for one dealt hand: the hand built, and False when some turn found no
    draw that the player would not have declared with (always True without ``started``)."""
    declined = True
    played = min(turns, BELIEF_TURNS)
    for turn in range(turns - played, turns):
        if len(pool) < 2:
            break
        seen = turn if started else turn + 1  # its opponent's finished turns when it decided
        for _ in range(BELIEF_TRIES):
            first = rng.randrange(len(pool))
            second = rng.randrange(len(pool) - 1)
            second += second >= first
            pair = pair_code((pool[first], pool[second]))
            index = best_discard(table, mask, pair)
            rest = table.discards[mask][index]
            built = with_pair(rest, pair, table.best_gap[rest][pair])
            if started is None or not would_declare(SCORE_TABLE[built], seen):
                break
        else:
            declined = False
        for place in sorted((first, second), reverse=True):
            pool.pop(place)
        for card in mask_hand(mask)[index:index + 2]:  # back into the pool at random places
            pool.insert(rng.randrange(len(pool) + 1), card)
        mask = built
    return mask, declined


# ----- Hard: what the opponent's shown turns tell about its hand ----------------------------------------
# Both players see where the other's discarded pair leaves the hand and where the taken pair goes in
# (``NoaronObservation.shown``). Normal's choices are a function of its hand, so each shown turn
# weighs every hand the opponent may hold by whether it would have played that turn from it.
TELLS_READ = True  # Hard reads the opponent's shown turns (False: the older built-up belief)
TELL_SLIP = 0.05  # weight kept by a hand from which the shown step was not Normal's (other players)
TELL_PRUNE = 1e-5  # hands below this share of the odds are dropped (they hardly ever get sampled)

# One of the opponent's turns as the filter reads it: (taken pair's colours or "" from the deck,
# discard index, discarded colours, insert gap, the viewer's turns finished when it decided).
Tell = tuple[str, int, str, int, int]


@functools.cache
def discard_choices() -> tuple[tuple[int, ...], ...]:
    """[12-card mask][pair] -> Normal's discard index (``best_discard``)."""
    table = tables()
    return tuple(tuple(best_discard(table, mask, pair) for pair in range(PAIRS)) for mask in range(1 << HAND_SIZE))


def opponent_tells(observation: NoaronObservation) -> tuple[Tell, ...]:
    """The opponent's finished turns of this round, in order, as the filter reads them."""
    other = 1 - observation.seat
    started = observation.start_seat == other
    tells: list[Tell] = []
    for seat, taken, index, discarded, gap in observation.shown:
        if seat == other and gap >= 0:
            seen = len(tells) if started else len(tells) + 1  # the viewer's finished turns by then
            tells.append((taken, index, discarded, gap, seen))
    return tuple(tells)


@functools.lru_cache(maxsize=256)
def hand_odds(tells: tuple[Tell, ...]) -> dict[int, float]:
    """Weights (summing to 1) of the opponent's possible 12-card masks after ``tells``: uniform
    colourings at the deal, then for each turn the discarded cards must be the colours shown; the
    hand is weighed by whether Normal would have discarded there, put the pair at that gap and not
    declared (TELL_SLIP when not); a deck pair is any of the four colourings."""
    if not tells:
        share = 1.0 / (1 << HAND_SIZE)
        return dict.fromkeys(range(1 << HAND_SIZE), share)
    return _after_tell(hand_odds(tells[:-1]), tells[-1])


def _after_tell(odds: dict[int, float], tell: Tell) -> dict[int, float]:
    """``hand_odds`` one turn on."""
    taken, index, discarded, gap, seen = tell
    table = tables()
    choices = discard_choices()
    discards, best_gap = table.discards, table.best_gap
    pairs = ((pair_code(taken), 1.0),) if taken else tuple((pair, 0.25) for pair in range(PAIRS))
    shown_pair = pair_code(discarded)
    shift = TEN - index
    after: dict[int, float] = {}
    for mask, weight in odds.items():
        if (mask >> shift) & 3 != shown_pair:
            continue  # the discarded colours were seen: this was not the hand
        rest = discards[mask][index]
        for pair, chance in pairs:
            value = weight * chance
            if choices[mask][pair] != index:
                value *= TELL_SLIP
            if best_gap[rest][pair] != gap:
                value *= TELL_SLIP
            built = with_pair(rest, pair, gap)
            if would_declare(SCORE_TABLE[built], seen):
                value *= TELL_SLIP
            after[built] = after.get(built, 0.0) + value
    total = sum(after.values())
    if total <= 0.0:  # cannot happen with real tells; stay safe with the prior
        return hand_odds(())
    floor = TELL_PRUNE * total
    kept = {mask: value for mask, value in after.items() if value >= floor}
    kept_total = sum(kept.values())
    return {mask: value / kept_total for mask, value in kept.items()}


@functools.lru_cache(maxsize=256)
def _odds_draw(tells: tuple[Tell, ...]) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """``hand_odds`` as masks and cumulative weights, for drawing."""
    odds = hand_odds(tells)
    masks = tuple(odds)
    return masks, tuple(itertools.accumulate(odds[mask] for mask in masks))


def draw_opponent_hand(tells: tuple[Tell, ...], unseen: list[str], rng: random.Random) -> list[str] | None:
    """A hand drawn from ``hand_odds`` that the unseen cards can make up (its cards are removed from
    ``unseen``, whose order stays random), or None when a few draws found none."""
    masks, cumulative = _odds_draw(tells)
    reds = unseen.count(RED)
    blacks = len(unseen) - reds
    for _ in range(8):
        mask = masks[min(bisect.bisect_left(cumulative, rng.random() * cumulative[-1]), len(masks) - 1)]
        hand = list(mask_hand(mask))
        need_red = hand.count(RED)
        if need_red <= reds and HAND_SIZE - need_red <= blacks:
            _remove_colours(unseen, need_red, HAND_SIZE - need_red)
            return hand
    return None


def _remove_colours(cards: list[str], reds: int, blacks: int) -> None:
    """Remove ``reds`` red and ``blacks`` black cards from ``cards`` (the last ones of each)."""
    kept: list[str] = []
    for card in reversed(cards):
        if card == RED and reds:
            reds -= 1
        elif card != RED and blacks:
            blacks -= 1
        else:
            kept.append(card)
    kept.reverse()
    cards[:] = kept

class NoaronSearchRules(NoaronRules):
    """The rules as Hard's search sees them; only ``make_hard``'s agent uses them.

    * ``determinize`` gives the opponent a hand drawn from what its shown turns tell
      (``hand_odds``; ``build_hand`` when no drawn hand fits the unseen cards) instead of a
      uniform one, and marks the sample with the seat it was sampled for (``viewer``);
    * a sampled state is a search leaf ``SEARCH_DEPTH`` actions after it was sampled. Below that a
      shared ISMCTS tree serves badly here: the opponent would act without knowing its own hand,
      a deck draw's subtree would mix every pair the deck can give, and 11 x 11 discard and insert
      choices would be explored at random. So the search compares the choices now, and
    * ``search_rewards`` plays the round out (``finish_round``: ``rollout_policy``, and the viewer
      also takes its sure declarations) and rewards each seat by its chance of winning the match
      from there (``match_win_chance``).

    ``advance``, ``clone``, ``is_search_leaf`` and ``search_rewards`` expect the
    ``NoaronSearchState`` that ``determinize`` makes.
    """

    state_class = NoaronSearchState

    def determinize(self, observation: NoaronObservation, rng: random.Random) -> NoaronSearchState:
        """The rules' uniform sample, except for a hidden 12-card opponent hand: drawn from
        ``hand_odds`` once the opponent has shown a turn this round (``TELLS_READ``), otherwise
        built up by ``build_hand`` for the turns it has played."""
        unseen = self.unseen_cards(observation)
        shuffle(unseen, rng)
        viewer = observation.seat
        other = 1 - viewer
        drawn = None
        if viewer >= 0 and observation.phase != PHASE_OVER and observation.hand_counts[other] == HAND_SIZE \
                and TELLS_READ:
            tells = opponent_tells(observation)
            if tells:
                drawn = draw_opponent_hand(tells, unseen, rng)
        hands = self.deal_hidden_hands(observation, unseen) if drawn is None else [[], []]
        if drawn is not None:
            hands[viewer], hands[other] = list(observation.hand), drawn
        elif viewer >= 0 and observation.phase != PHASE_OVER:
            turns = turns_played_by_other(observation.turn_number, observation.start_seat, viewer)
            if turns and len(hands[other]) == HAND_SIZE:
                hands[other] = build_hand(hands[other], unseen, rng, turns, observation.start_seat == other)
        state = self.sampled_state(observation, hands, unseen, rng)
        assert isinstance(state, NoaronSearchState)  # the sample is of ``state_class``
        state.viewer = viewer
        return state

    def advance(self, state: NoaronSearchState, seat: int, action: NoaronAction) -> None:  # type: ignore[override]  # only its own search states
        """The unchecked transition, counted toward the search depth."""
        self._perform(state, seat, action, None)
        state.steps += 1

    def clone(self, state: NoaronSearchState) -> NoaronSearchState:  # type: ignore[override]  # only its own search states
        """A copy that keeps the count of actions played. Unlike the rules' copy it shares the RNG
        with the original: copying an RNG costs more than the rest of the state, and a search copy
        draws on it only to shuffle a rebuilt deck or the discarded cards of a settled round."""
        copy = self.copy_with_rng(state, state.rng)
        assert isinstance(copy, NoaronSearchState)  # a copy is of the state's own class
        copy.steps = state.steps
        copy.viewer = state.viewer
        return copy

    def is_search_leaf(self, state: NoaronSearchState) -> bool:  # type: ignore[override]  # only its own search states
        """The end of the game, or ``SEARCH_DEPTH`` actions below the sampled state."""
        return state.phase == PHASE_OVER or state.steps >= SEARCH_DEPTH

    def search_rewards(self, state: NoaronSearchState) -> tuple[float, ...]:  # type: ignore[override]  # only its own search states
        """Each seat's chance of winning the match (``match_win_chance``) once the round is settled:
        a lost game is 0, a won one 1. A round still running is first played to its end on a copy
        (``finish_round``)."""
        if state.phase == PHASE_OVER:
            return tuple(1.0 if len(state.stakes[seat]) else 0.0 for seat in range(2))
        if not just_dealt(state):
            finished = self.clone(state)
            self.finish_round(finished)
            if finished.phase == PHASE_OVER:
                return tuple(1.0 if len(finished.stakes[seat]) else 0.0 for seat in range(2))
            state = finished
        left = (len(state.stakes[0]), len(state.stakes[1]))
        return tuple(match_win_chance(left[seat], left[1 - seat], state.start_seat == seat) for seat in range(2))

    def finish_round(self, state: NoaronSearchState) -> None:
        """Both seats play ``rollout_policy`` with the state's own rng until the round is settled;
        the viewer also declares whenever ``sure_declaration`` says it wins (as Hard does)."""
        rounds = len(state.records)
        rng = state.rng
        viewer = state.viewer
        while state.phase != PHASE_OVER and len(state.records) == rounds:
            seat = state.turn
            if seat == viewer and state.phase == PHASE_DECIDE and sure_declaration(
                    state, seat, SCORE_TABLE[hand_mask(state.hands[seat])]):
                self.advance(state, seat, DECLARE)
                continue
            legal = self.legal_actions(state, seat)
            self.advance(state, seat, rollout_policy(self, state, seat, legal, rng))


SEARCH_RULES = NoaronSearchRules()
tables()  # built at import (about a second), so no agent's first decision pays for it


class NoaronHard(RacingHard):
    """Hard: flat Monte Carlo over the choice at hand with common random numbers.

    Each sample is one determinization of ``NoaronSearchRules`` (the opponent's hand drawn from
    what its shown turns tell, ``hand_odds``); on that same sample every candidate is played and
    the round played out (``search_rewards``), so candidates are compared on the same hidden cards
    and the same deck, not on different luck. Candidates are every legal take and declare choice,
    and the TOP_CANDIDATES discards and inserts with the best potential (six played no better than
    four over 200 games). The candidate with the best mean reward is played.

    ``max_iterations`` caps the playouts per decision (whole samples only: a multiple of the
    candidate count, at least one sample); with it and a budget of 0 a decision is reproducible
    from the rng alone. Otherwise ``budget`` seconds bound it. ``last_iterations``,
    ``last_seconds`` and ``last_values`` (candidate -> mean reward) describe the latest decision.
    """

    def __init__(self, rules: NoaronSearchRules | None = None, max_iterations: int | None = None) -> None:
        super().__init__(rules or SEARCH_RULES, max_iterations)

    @property
    def race_rules(self) -> RaceRules:
        """``HARD_RACE``."""
        return HARD_RACE

    def shortcut(self, observation: NoaronObservation, legal: Sequence[NoaronAction]) -> NoaronAction | None:
        """DECLARE when the opponent's hand must score more than this one (``sure_declaration``)."""
        if DECLARE in legal and sure_declaration(observation, observation.seat,
                                                 SCORE_TABLE[hand_mask(observation.hand)]):
            return DECLARE
        return None

    def candidates(self, observation: NoaronObservation, legal: Sequence[NoaronAction]) -> list[NoaronAction]:
        """The actions worth a playout: all takes and declare choices, the best discards and inserts."""
        phase = observation.phase
        if phase not in (PHASE_DISCARD, PHASE_INSERT) or len(legal) <= TOP_CANDIDATES:
            return list(legal)
        table = _TABLES or tables()
        mask = hand_mask(observation.hand)
        pair = pair_code(observation.reserve)
        if phase == PHASE_DISCARD:
            values = [table.gap_value[rest][pair] for rest in table.discards[mask][:len(legal)]]
        else:
            values = [table.potential[with_pair(mask, pair, gap)] for gap in range(len(legal))]
        order = sorted(range(len(legal)), key=values.__getitem__)  # stable: ties keep the legal order
        return [legal[index] for index in order[:TOP_CANDIDATES]]

    def play(self, sample: NoaronSearchState, seat: int, action: NoaronAction) -> float:
        """``action`` on a copy of ``sample``, then the round played out (``search_rewards``)."""
        state = self.rules.clone(sample)
        self.rules.advance(state, seat, action)
        return self.rules.search_rewards(state)[seat]


def make_hard() -> NoaronHard:
    """Hard: ``NoaronHard``, flat Monte Carlo over ``NoaronSearchRules`` (``make_agent`` uses it)."""
    return NoaronHard()


def make(level: str) -> NoaronNormal | NoaronEasy:
    """The noaron agent of ``level`` ("easy" or "normal")."""
    if level == "easy":
        return NoaronEasy()
    if level == "normal":
        return NoaronNormal()
    raise ValueError(f"noaron has no heuristic level {level!r}; use easy or normal")
