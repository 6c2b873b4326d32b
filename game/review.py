"""A look back at a match: where did a seat's choices cost it the most?

``review_tasks`` replays a match's log and, at each decision of the reviewed seats that had more
than one legal move, keeps the seat's observation, its legal moves and the move it played.
``analyse`` asks ``game.ai.advice.advise`` about each one (the played move always compared) and
records the played move's estimated win chance (the *line* along the match), the best move's,
and the drop between them. The three largest drops are the *key moments*.

Each decision's seed comes from (match seed, action index, seat), and by default every decision
gets a fixed number of playouts fitted to the match (``review_playouts``: the game's cost of a
decision and the match's decisions per seat, never the clock, the seats reviewed or the number of
processes), so one file always gives one review: on every run, on the screen and on the command
line alike, with any ``--jobs``. Only an explicit time ``budget`` trades that for a time bound.

A review compares the played move with Hard's best two only (``REVIEW_CANDIDATES``), so the
playouts go where the question is. A drop is a key moment only when the best move beats the played
one on the common samples beyond their interval (``Decision.sure``); when no drop does, the review
says there is not enough evidence instead of naming noise. The decisions run in
a pool of processes (``ReviewJob``); the screen polls it each frame, the command waits on it.
Like a hint, a review reads only the seat's observation (never the true hidden state).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.ai.base import decision_seed
from game.core.match import Match
from game.core.registry import get_rules, spec
from game.narrate import describe_action

KEY_MOMENTS = 3
DEFAULT_JOBS = 2
DEFAULT_BUDGET = 1.5  # seconds per decision, as a hint (a long match gets less: TARGET_SECONDS)
TARGET_SECONDS = 25.0  # a long match gets less per decision, so a review of it stays near this
MIN_BUDGET = 0.2  # below this Hard and the race have too little to say
NOTICEABLE = 0.005  # a drop of less than half a percentage point is noise, not a key moment
MIN_SAMPLES = 8  # playouts behind a move's estimate before its drop may be a key moment
NOISE_Z = 1.0  # and the drop must exceed this many standard errors of the two estimates
REVIEW_CANDIDATES = 2  # Hard's best moves compared with the played one
CORE_SECONDS = 40.0  # processor seconds one seat's review may take (2 cores: about 20 s)
MIN_PLAYOUTS = 12  # fewer teaches nothing (each of three moves would be tried 4 times)
FIRST_SHARE = 0.6  # of CORE_SECONDS for the first look at every decision; the rest goes where it decides:
FOCUS_FACTOR = 4  # the drops still inside their interval are looked at again with this many times the playouts,
FOCUS_EVERY = 6  # one decision in this many of each seat's (the largest such drops first)
MAX_PLAYOUTS = 1200  # more no longer moves a key moment's interval much

Advisor = Callable[..., Any]  # advise's signature (a fake in the tests)


@dataclass(frozen=True)
class ReviewTask:
    """One decision to look at: what the seat saw and could do, and what it did."""

    index: int  # the action's place in the log (0-based; the move number is index + 1)
    seat: int
    observation: Any
    legal: tuple[Any, ...]
    played: Any


@dataclass(frozen=True)
class Decision:
    """What the advice made of one decision."""

    index: int
    seat: int
    played: str  # the rules' notation of the move made
    best: str  # the notation of the move with the best win chance
    played_win: float  # estimated chance to win the match after the played move
    best_win: float
    samples: int = 0  # playouts behind the rarer of the two estimates
    sure: bool | None = None  # the best beat the played move beyond the paired interval (None: unknown)

    @property
    def clear(self) -> bool:
        """True when the drop stands out of the estimates' noise: enough playouts, the best move
        beat the played one on the common samples beyond their interval (``sure``, when the
        advice said), and a drop larger than ``NOISE_Z`` standard errors (each chance smoothed as
        (wins + 1) / (playouts + 2))."""
        if self.drop <= NOTICEABLE or self.samples < MIN_SAMPLES or self.sure is False:
            return False
        n = self.samples
        variance = sum(p * (1 - p) / n for p in ((w * n + 1) / (n + 2) for w in (self.played_win, self.best_win)))
        return self.drop > NOISE_Z * math.sqrt(variance)

    @property
    def drop(self) -> float:
        """How much win chance the played move gave away (0 when it was the best)."""
        return max(0.0, self.best_win - self.played_win)

    @property
    def move_number(self) -> int:
        """The action's number in the match, counted from 1."""
        return self.index + 1

    def to_json(self) -> dict[str, Any]:
        """The decision as plain data."""
        return {"move": self.move_number, "seat": self.seat, "played": self.played, "best": self.best,
                "played_win": round(self.played_win, 4), "best_win": round(self.best_win, 4),
                "drop": round(self.drop, 4), "samples": self.samples, "sure": self.sure}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Decision:
        """The inverse of ``to_json`` (the screen's background process sends decisions so)."""
        return Decision(int(data["move"]) - 1, int(data["seat"]), str(data["played"]), str(data["best"]),
                        float(data["played_win"]), float(data["best_win"]), int(data.get("samples", 0)),
                        data.get("sure"))


@dataclass(frozen=True)
class Review:
    """A whole review: every decision looked at, in match order, and the key moments."""

    game_id: str
    seats: tuple[int, ...]
    actions: int  # actions in the match's log
    decisions: tuple[Decision, ...]
    seconds: float = 0.0
    budget: float | None = None
    playouts: int | None = None
    stride: int = 1  # every how many decisions of a seat were looked at
    observations: dict[int, Any] = field(default_factory=dict, repr=False, compare=False)  # index -> seat's view
    moments: tuple[Decision, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "moments", key_moments(self.decisions))

    def line(self, seat: int) -> list[tuple[int, float]]:
        """``seat``'s win-chance line: (action index, the played move's win chance) in match order."""
        return [(decision.index, decision.played_win) for decision in self.decisions if decision.seat == seat]

    def words(self, decision: Decision) -> tuple[str, str]:
        """(the played move, the best move) in words in the current language, as the seat saw
        the table (the notation when the seat's view is not at hand)."""
        observation = self.observations.get(decision.index)
        if observation is None:
            return decision.played, decision.best
        rules = get_rules(self.game_id)

        def described(notation: str) -> str:
            return describe_action(self.game_id, rules.decode_action(notation), observation)

        return described(decision.played), described(decision.best)

    def to_json(self) -> dict[str, Any]:
        """The review as data (``review --json``): each move in notation and in words."""
        def entry(decision: Decision) -> dict[str, Any]:
            played, best = self.words(decision)
            return {**decision.to_json(), "played_text": played, "best_text": best}

        return {"game": self.game_id, "seats": list(self.seats), "actions": self.actions,
                "budget": self.budget, "playouts": self.playouts, "every": self.stride,
                "evidence": "enough" if self.moments else "not enough evidence: no drop lies outside its interval",
                "moments": [entry(decision) for decision in self.moments],
                "line": [entry(decision) for decision in self.decisions]}


def key_moments(decisions: Sequence[Decision], count: int = KEY_MOMENTS) -> tuple[Decision, ...]:
    """The ``count`` decisions with the largest drops (the earliest first among equal drops),
    largest first; a drop the estimates cannot tell from noise (``Decision.clear``) is never a
    key moment."""
    ranked = sorted((d for d in decisions if d.clear), key=lambda d: (-d.drop, d.index))
    return tuple(ranked[:count])


def reviewed_seats(match: Match, seat: int | None = None) -> tuple[int, ...]:
    """The seats to review: ``seat`` when given, else every human seat; ``ValueError`` when
    there is none (an all-AI match needs a seat)."""
    if seat is not None:
        if not 0 <= seat < match.players:
            raise ValueError(f"seat {seat} is not at this table (seats 0 to {match.players - 1})")
        return (seat,)
    humans = tuple(index for index, info in enumerate(match.seats) if info.is_human)
    if not humans:
        raise ValueError("every seat of this match is an AI: name the seat to review with --seat")
    return humans


def review_tasks(match: Match, seats: Sequence[int]) -> list[ReviewTask]:
    """Replay ``match``'s log from the deal and keep every decision of ``seats`` that had a
    choice (a single legal move teaches nothing)."""
    rules = match.rules
    state = rules.new_game(match.players, match.seed, match.options, match.generator)
    tasks: list[ReviewTask] = []
    for index, entry in enumerate(match.log):
        action = rules.decode_action(entry.action)
        if entry.seat in seats:
            legal = rules.legal_actions(state, entry.seat)
            if len(legal) > 1:
                tasks.append(ReviewTask(index, entry.seat, rules.observe(state, entry.seat), tuple(legal), action))
        rules.advance(state, entry.seat, action)
    return tasks


def decision_cost(game_id: str) -> float:
    """Seconds one decision takes at 100 playouts (Hard's look included), as the game declares
    it: measured with ``python -m game review FILE --playouts 100`` on Normal matches of 4
    players (noaron: 2)."""
    return spec(game_id).decision_cost


def review_playouts(match: Match) -> int:
    """Playouts per decision for a review of ``match``: ``CORE_SECONDS`` spread over a seat's
    decisions at the game's ``decision_cost``, within ``MIN_PLAYOUTS`` .. ``MAX_PLAYOUTS``. It
    depends on the match alone (its decisions with a choice, per seat), so every review of one
    file, of any seat, in any number of processes, plays the same playouts."""
    per_seat = max(1, len(review_tasks(match, range(match.players))) // max(1, match.players))
    return max(MIN_PLAYOUTS, min(MAX_PLAYOUTS, round(_fitted(match, per_seat))))


def _fitted(match: Match, per_seat: int) -> float:
    """Playouts per decision the first look's share of ``CORE_SECONDS`` pays for."""
    cost = decision_cost(match.game_id) / 100  # seconds a playout
    return FIRST_SHARE * CORE_SECONDS / (per_seat * cost)


def review_stride(match: Match) -> int:
    """Every how many of a seat's decisions the first look takes: 1, unless even
    ``MIN_PLAYOUTS`` for each would overrun the budget (That Old Wallpaper's whole-match playouts
    are slow): then evenly spaced ones, each with enough playouts to say something, rather than
    every one with too few to mean anything. Fitted to the match alone, as ``review_playouts``."""
    per_seat = max(1, len(review_tasks(match, range(match.players))) // max(1, match.players))
    return max(1, math.ceil(MIN_PLAYOUTS / _fitted(match, per_seat)))


def spaced(tasks: Sequence[ReviewTask], stride: int) -> list[ReviewTask]:
    """Each seat's decisions, every ``stride``-th one from its first (all with stride 1)."""
    kept = {task.index for seat in {task.seat for task in tasks}
            for task in [task for task in tasks if task.seat == seat][::stride]}
    return [task for task in tasks if task.index in kept]


def focus_tasks(tasks: Sequence[ReviewTask], results: dict[int, Decision]) -> list[ReviewTask]:
    """The decisions worth a second, longer look: per seat, the ``1 / FOCUS_EVERY`` of its
    decisions with the largest noticeable drops that are not yet clear (largest first). They
    depend on the first look alone, so the second is as reproducible as the first."""
    chosen: list[ReviewTask] = []
    for seat in sorted({task.seat for task in tasks}):
        own = [task for task in tasks if task.seat == seat]
        unsure = [task for task in own if results[task.index].drop > NOTICEABLE and not results[task.index].clear]
        unsure.sort(key=lambda task: (-results[task.index].drop, task.index))
        chosen += unsure[: math.ceil(len(own) / FOCUS_EVERY)]
    return sorted(chosen, key=lambda task: task.index)


def decision_budget(decisions: int, jobs: int, budget: float | None = None) -> float:
    """Seconds per decision: ``budget`` when given, else ``DEFAULT_BUDGET`` cut so that
    ``decisions`` spread over ``jobs`` processes take about ``TARGET_SECONDS``."""
    if budget is not None:
        return budget
    share = TARGET_SECONDS * max(1, jobs) / max(1, decisions)
    return max(MIN_BUDGET, min(DEFAULT_BUDGET, share))


def analyse(game_id: str, task: ReviewTask, match_seed: int, budget: float, playouts: int | None,
            advisor: Advisor | None = None) -> Decision:
    """Ask the advice about one decision (the played move included) and keep what a review needs."""
    if advisor is None:
        from game.ai.advice import advise
        advisor = advise
    advice = advisor(game_id, task.observation, list(task.legal), seed=decision_seed(match_seed, task.index, task.seat),
                     budget=budget, playouts=playouts, include=[task.played], count=REVIEW_CANDIDATES)
    played = advice.value_of(task.played)
    best = max(advice.moves, key=lambda move: (move.win, move.hard))  # the drop is to the best estimate
    played_win = played.win if played is not None else 0.0
    samples = min(best.samples, played.samples) if played is not None else 0
    rank = getattr(played, "rank", None)
    sure = None if rank is None else rank > 1  # some move beats the played one beyond the interval
    return Decision(task.index, task.seat, played.notation if played is not None else "", best.notation,
                    played_win, max(best.win, played_win), samples, sure)


# ----- the pool --------------------------------------------------------------------------------
_niced = False  # this process has lowered its priority already (os.nice adds up)


def _pool_task(game_id: str, task: ReviewTask, match_seed: int, index: int, budget: float,
               playouts: int | None) -> Decision:
    """One decision in a pool process (``game.tournament.Pool``; ``index`` is the task's place
    in the job), which yields the CPU to the table's render loop."""
    global _niced
    if not _niced:
        from game.ai.worker import _lower_priority

        _lower_priority()
        _niced = True
    return analyse(game_id, task, match_seed, budget, playouts)


class ReviewJob:
    """The decisions of one review being analysed: in ``jobs`` processes (spawned, so the
    screen's pygame is not copied into them), or here, one by one, with ``jobs=0`` (tests, fakes).
    ``poll`` says how far it is without blocking; ``wait`` blocks; ``close`` ends it at once."""

    def __init__(self, match: Match, seats: Sequence[int], *, jobs: int = DEFAULT_JOBS,
                 budget: float | None = None, playouts: int | None = None, advisor: Advisor | None = None) -> None:
        self.match = match
        self.seats = tuple(seats)
        self.tasks = review_tasks(match, self.seats)
        self.jobs = jobs
        self.stride = 1  # every decision looked at (see review_stride)
        if playouts is None and budget is None:
            playouts = review_playouts(match)  # reproducible: fitted to the match, not the clock
            self.stride = review_stride(match)
            self.tasks = spaced(self.tasks, self.stride)
        self.playouts = playouts
        self.budget = 0.0 if playouts is not None and budget is None else decision_budget(len(self.tasks), jobs, budget)
        self.advisor = advisor
        # (decision, its playouts): every decision once, then (fixed playouts only) the focus
        self.queue: list[tuple[ReviewTask, int | None]] = [(task, playouts) for task in self.tasks]
        self.focused = playouts is None or budget is not None  # a time budget gets no second look
        self.answered = 0
        self.results: dict[int, Decision] = {}
        self.started = time.perf_counter()
        self.seconds = 0.0
        self._pool: Any = None
        self._idle: list[Any] = []  # the pipes of processes waiting for a task
        self._busy: dict[Any, int] = {}  # pipe -> the task it works on
        self._sent = 0
        if jobs > 0 and self.tasks:
            from game.tournament import Pool

            self._pool = Pool(min(jobs, len(self.tasks)), run=_pool_task)
            self._idle = [conn for _, conn in self._pool.workers]

    def _feed(self) -> None:
        """Give every idle process the next decision."""
        while self._idle and self._sent < len(self.queue):
            conn = self._idle.pop()
            task, playouts = self.queue[self._sent]
            conn.send((self.match.game_id, task, self.match.seed, self._sent, self.budget, playouts))
            self._busy[conn] = self._sent
            self._sent += 1

    def _collect(self, timeout: float) -> None:
        """Take the answers that are in (waiting up to ``timeout`` seconds for one); a process
        that failed or died raises ``RuntimeError``."""
        for conn, _, payload in self._pool.answers(self._busy, "decision", timeout):
            self.results[payload.index] = payload
            self.answered += 1
            del self._busy[conn]
            self._idle.append(conn)

    @property
    def total(self) -> int:
        """Looks to take (every decision, then those given a second look)."""
        return len(self.queue)

    @property
    def done(self) -> int:
        """Looks taken so far."""
        return self.answered

    def _focus(self) -> None:
        """Once every decision has had its first look: queue the second looks (once)."""
        if self.focused or self.answered < len(self.tasks):
            return
        self.focused = True
        more = min(MAX_PLAYOUTS * FOCUS_FACTOR, FOCUS_FACTOR * (self.playouts or MIN_PLAYOUTS))
        self.queue += [(task, more) for task in focus_tasks(self.tasks, self.results)]

    def poll(self, timeout: float = 0.0) -> bool:
        """Take in the processes' answers (waiting up to ``timeout`` seconds) or, with no pool,
        analyse one decision here; True once every decision is done. A process's failure is
        raised here."""
        self._focus()
        if self._pool is not None:
            self._feed()
            self._collect(timeout)
            self._focus()
            self._feed()
        elif self.done < self.total:
            task, playouts = self.queue[self.done]
            self.results[task.index] = analyse(self.match.game_id, task, self.match.seed, self.budget,
                                               playouts, self.advisor)
            self.answered += 1
            self._focus()
        finished = self.done >= self.total and self.focused
        if finished and not self.seconds:
            self.seconds = time.perf_counter() - self.started
            self.close()
        return finished

    def wait(self, progress: Callable[[int, int], None] | None = None, interval: float = 0.1) -> Review:
        """Block until every decision is analysed (``progress(done, total)`` as they come)."""
        shown = -1
        try:
            while not self.poll(interval):
                if progress is not None and self.done != shown:
                    shown = self.done
                    progress(shown, self.total)
        except BaseException:
            self.close(now=True)
            raise
        if progress is not None:
            progress(self.total, self.total)
        return self.review()

    def review(self) -> Review:
        """What is analysed so far, as a review (the whole one once ``poll`` is True)."""
        decisions = tuple(self.results[index] for index in sorted(self.results))
        return Review(self.match.game_id, self.seats, len(self.match.log), decisions, self.seconds,
                      None if self.playouts is not None and not self.budget else self.budget, self.playouts,
                      self.stride, {task.index: task.observation for task in self.tasks})

    def close(self, now: bool = False) -> None:
        """Let the processes go (``now``: stop them mid-decision)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.close(now=now or self.answered < len(self.queue))
        self._idle, self._busy = [], {}


def review_match(match: Match, seat: int | None = None, *, jobs: int = DEFAULT_JOBS, budget: float | None = None,
                 playouts: int | None = None, progress: Callable[[int, int], None] | None = None,
                 advisor: Advisor | None = None) -> Review:
    """Review ``match`` for ``seat`` (default: every human seat), blocking until done."""
    job = ReviewJob(match, reviewed_seats(match, seat), jobs=jobs, budget=budget, playouts=playouts,
                    advisor=advisor)
    return job.wait(progress)
