"""Seat-rotated AI tournaments: how strong is each level, with 95% confidence intervals.

Game ``g`` (0-based) is dealt from seed ``seed + g`` and agent slot ``i`` sits at seat
``(i + g) % players``, so over a multiple of ``players`` games every agent plays every seat
equally often. Agents act only on ``rules.observe`` of their seat. With an iteration budget for
Hard (rather than seconds) a tournament is reproducible and fair whatever the machine's load.
The report also counts how the rounds ended, each game by its own reasons (``game.round_ends``).
"""

from __future__ import annotations

import contextlib
import json as json_module
import math
import os
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from multiprocessing import connection, get_context
from typing import Any

from game.ai.base import DEFAULT_BUDGETS, LEVELS, Agent, make_agent
from game.core.registry import get_rules
from game.round_ends import RoundEnds, merged

Z95 = 1.96
POOL_STOP_SECONDS = 1.0  # a pool process gets this long to go after SIGTERM before SIGKILL
TASK_PROCESS = "pool process"  # how errors name one of the pool's processes


# ----- records ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class GameRecord:
    """One finished game, seen per agent slot."""

    index: int
    seats: tuple[int, ...]  # seat of each slot
    scores: tuple[float, ...]  # final score of each slot
    ranks: tuple[int, ...]  # rank of each slot (1 = best, ties share)
    win_shares: tuple[float, ...]  # 1/k for each of k tied winners, else 0
    decisions: tuple[int, ...]  # decisions each slot took
    think_seconds: tuple[float, ...]  # time each slot spent choosing
    round_ends: dict[str, int] = field(default_factory=dict)  # how its rounds ended: reason -> count
    log: tuple[tuple[int, str], ...] = ()  # (seat, action notation) in order, for ``simulate --save-dir``


@dataclass(frozen=True)
class Interval:
    """An estimate with its 95% confidence interval."""

    value: float
    low: float
    high: float


@dataclass(frozen=True)
class SlotStats:
    """How one agent slot did over the whole tournament."""

    slot: int
    agent: str
    games: int
    win_share: Interval
    mean_score: Interval
    mean_rank: Interval
    seat_counts: tuple[int, ...]  # games played at each seat
    decisions: int
    mean_decision_seconds: float


@dataclass(frozen=True)
class TournamentReport:
    """Everything ``format_report`` prints."""

    game_id: str
    players: int
    agents: tuple[str, ...]
    games: int
    seed: int
    options: dict[str, Any]
    budget: float | None
    iterations: int | None
    jobs: int
    seconds: float
    games_per_second: float
    slots: tuple[SlotStats, ...]
    round_ends: dict[str, int] = field(default_factory=dict)  # every game's rounds: reason -> count
    records: tuple[GameRecord, ...] = field(default=(), repr=False)


# ----- statistics ----------------------------------------------------------------------------------
def wilson_interval(share: float, n: int, z: float = Z95) -> Interval:
    """Wilson score interval of a proportion ``share`` observed over ``n`` trials."""
    if n <= 0:
        return Interval(share, 0.0, 1.0)
    denominator = 1.0 + z * z / n
    centre = (share + z * z / (2 * n)) / denominator
    half = z * math.sqrt(share * (1.0 - share) / n + z * z / (4 * n * n)) / denominator
    return Interval(share, max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float], z: float = Z95) -> Interval:
    """Mean ± z·sd/√n (sample standard deviation; a single value has a zero-width interval)."""
    n = len(values)
    if n == 0:
        return Interval(0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return Interval(mean, mean, mean)
    variance = sum((value - mean) ** 2 for value in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return Interval(mean, mean - half, mean + half)


def _clamped(interval: Interval, low: float, high: float) -> Interval:
    """The interval cut to the range its quantity can take (a rank lies in 1..players)."""
    return Interval(interval.value, max(low, interval.low), min(high, interval.high))


def win_shares(ranks: Sequence[int]) -> tuple[float, ...]:
    """1/k for each of the k seats ranked first, 0 for the others."""
    winners = sum(1 for rank in ranks if rank == 1)
    return tuple((1.0 / winners if rank == 1 else 0.0) for rank in ranks)


# ----- playing ---------------------------------------------------------------------------------
def seat_of_slot(slot: int, game_index: int, players: int) -> int:
    """Where agent slot ``slot`` sits in game ``game_index``."""
    return (slot + game_index) % players


def build_agent(game_id: str, level: str, iterations: int | None) -> Agent:
    """An agent of ``level``; Hard gets ``iterations`` as its per-decision cap."""
    if level not in LEVELS:
        raise ValueError(f"unknown agent {level!r}; agents: {', '.join(LEVELS)}")
    agent = make_agent(game_id, level)
    if level == "hard" and iterations is not None:
        agent.max_iterations = iterations  # type: ignore[attr-defined]  # "hard" is a search agent with an iteration cap
    return agent


def decision_budget(level: str, budget: float | None, iterations: int | None) -> float:
    """Seconds a level may think: ``budget`` for Hard, 0 when only iterations bound it."""
    if level != "hard":
        return DEFAULT_BUDGETS.get(level, 0.0)
    if budget is not None:
        return budget
    if iterations is not None:
        return 0.0
    return DEFAULT_BUDGETS["hard"]


def play_game(
    game_id: str,
    players: int,
    agents: Sequence[Agent],
    budgets: Sequence[float],
    game_index: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
) -> GameRecord:
    """Play game ``game_index`` of a tournament with the agent of each slot; return its record."""
    rules = get_rules(game_id)
    state = rules.new_game(players, seed + game_index, options)
    seats = tuple(seat_of_slot(slot, game_index, players) for slot in range(players))
    slot_at = {seat: slot for slot, seat in enumerate(seats)}
    rngs = [random.Random(f"{seed}/{game_index}/{slot}") for slot in range(players)]
    decisions = [0] * players
    thinking = [0.0] * players
    ends = RoundEnds(game_id)
    log: list[tuple[int, str]] = []
    while not rules.is_over(state):
        seat = rules.to_move(state)[0]
        slot = slot_at[seat]
        legal = rules.legal_actions(state, seat)
        started = time.perf_counter()
        action = agents[slot].choose(rules.observe(state, seat), legal, rngs[slot], budgets[slot])
        thinking[slot] += time.perf_counter() - started
        decisions[slot] += 1
        if action not in legal:
            raise RuntimeError(f"agent {agents[slot].name} chose the illegal action {action!r}")
        ends.feed(rules.apply(state, seat, action))  # the events tell how rounds end
        log.append((seat, rules.encode_action(action)))
    result = rules.result(state)
    ranks = tuple(result.ranks[seat] for seat in seats)
    return GameRecord(
        index=game_index,
        seats=seats,
        scores=tuple(result.scores[seat] for seat in seats),
        ranks=ranks,
        win_shares=win_shares(ranks),
        decisions=tuple(decisions),
        think_seconds=tuple(thinking),
        round_ends=dict(ends.counts),
        log=tuple(log),
    )


_AGENT_CACHE: dict[tuple[str, str, int | None], Agent] = {}


def _cached_agent(game_id: str, level: str, iterations: int | None) -> Agent:
    """One agent per (game, level, iterations) per process."""
    key = (game_id, level, iterations)
    if key not in _AGENT_CACHE:
        _AGENT_CACHE[key] = build_agent(game_id, level, iterations)
    return _AGENT_CACHE[key]


def _play_task(
    game_id: str,
    players: int,
    levels: tuple[str, ...],
    game_index: int,
    seed: int,
    options: dict[str, Any],
    budget: float | None,
    iterations: int | None,
) -> GameRecord:
    """One game, built from plain arguments (a process-pool task)."""
    agents = [_cached_agent(game_id, level, iterations) for level in levels]
    budgets = [decision_budget(level, budget, iterations) for level in levels]
    return play_game(game_id, players, agents, budgets, game_index, seed, options)


def _pool_worker(conn: Any, parent_pid: int, run: Callable[..., Any] | None = None) -> None:
    """A tournament process: play the games it is sent (``None``: stop), answer each with
    ("done", index, record) or ("error", index, traceback text). Ctrl+C is the parent's to
    handle, and the process dies with its parent (see ``game.ai.worker.die_with_parent``).
    ``run`` does another kind of task instead (its arguments' fourth is the task's index)."""
    import signal
    import traceback

    from game.ai.worker import die_with_parent

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(parent_pid)
    try:
        while True:
            task = conn.recv()
            if task is None:
                return
            try:
                conn.send(("done", task[3], (run or _play_task)(*task)))
            except Exception:  # noqa: BLE001 - reported to the parent, which raises it
                conn.send(("error", task[3], traceback.format_exc()))
    except (EOFError, OSError):
        return  # the parent is gone


class Pool:
    """``jobs`` tournament processes, each fed one game at a time through its own pipe (or one
    task of ``run``: a match review's decisions, see ``game.review``).

    Plain processes and pipes (no ``concurrent.futures`` queues or semaphores): a stop ends
    every process at once, and a process that dies is reported instead of waited for."""

    def __init__(self, jobs: int, run: Callable[..., Any] | None = None) -> None:
        context = get_context("spawn")
        self.workers: list[tuple[Any, Any]] = []  # (process, the parent's end of its pipe)
        for _ in range(jobs):
            parent_end, child_end = context.Pipe()
            process = context.Process(target=_pool_worker, args=(child_end, os.getpid(), run),
                                      name="kotatsu-tournament", daemon=True)
            process.start()
            child_end.close()
            self.workers.append((process, parent_end))

    @staticmethod
    def answers(busy: dict[Any, int], task: str, timeout: float | None = None) -> list[tuple[Any, int, Any]]:
        """(pipe, task index, result) of each answer in among the ``busy`` pipes (``{pipe: task
        index}``), waiting up to ``timeout`` seconds for one (None: until one comes). A process
        that failed or died raises ``RuntimeError`` naming the ``task`` ("game", "decision")."""
        answers = []
        for conn in connection.wait(list(busy), timeout):
            assert isinstance(conn, connection.Connection)  # wait() hands back the pipes it was given
            try:
                kind, index, payload = conn.recv()
            except (EOFError, OSError):
                raise RuntimeError(f"a {TASK_PROCESS} died working on {task} {busy[conn]}") from None
            if kind == "error":
                raise RuntimeError(f"{task} {index} failed in a {TASK_PROCESS}:\n{payload}")
            answers.append((conn, index, payload))
        return answers

    def close(self, now: bool = False) -> None:
        """Let the processes go (``now``: terminate them at once), then make sure they are gone."""
        for process, conn in self.workers:
            if not now:
                with contextlib.suppress(OSError, ValueError):
                    conn.send(None)
            elif process.is_alive():
                process.terminate()
        deadline = time.monotonic() + POOL_STOP_SECONDS
        for process, conn in self.workers:
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()
                process.join(POOL_STOP_SECONDS)
            conn.close()
        self.workers = []


def _run_pool(
    task_args: Callable[[int], tuple],
    games: int,
    jobs: int,
    progress: Callable[[int, int], None] | None,
) -> list[GameRecord]:
    """Every game in a pool of ``jobs`` processes; a stop signal or an error ends them at once."""
    records: list[GameRecord | None] = [None] * games
    pool = Pool(min(jobs, games))
    try:
        idle = [conn for _, conn in pool.workers]
        busy: dict[Any, int] = {}
        submitted = done = 0
        while done < games:
            while idle and submitted < games:
                conn = idle.pop()
                conn.send(task_args(submitted))
                busy[conn] = submitted
                submitted += 1
            for conn, index, payload in pool.answers(busy, "game"):
                records[index] = payload
                del busy[conn]
                idle.append(conn)
                done += 1
                if progress:
                    progress(done, games)
    except BaseException:
        pool.close(now=True)
        raise
    pool.close()
    finished = [record for record in records if record is not None]
    assert len(finished) == games  # every game was answered
    return finished


def _run_games(
    task_args: Callable[[int], tuple],
    games: int,
    jobs: int,
    progress: Callable[[int, int], None] | None,
) -> list[GameRecord]:
    """Play every game, in this process or in a pool of ``jobs`` processes, in index order."""
    if jobs > 1:
        return _run_pool(task_args, games, jobs, progress)
    records: list[GameRecord] = []
    for index in range(games):
        records.append(_play_task(*task_args(index)))
        if progress:
            progress(index + 1, games)
    return records


def summarize(agents: Sequence[str], records: Sequence[GameRecord]) -> tuple[SlotStats, ...]:
    """Per-slot win share, mean score and mean rank with their 95% intervals."""
    players = len(agents)
    stats = []
    for slot, agent in enumerate(agents):
        n = len(records)
        share = sum(record.win_shares[slot] for record in records) / n if n else 0.0
        counts = [0] * players
        for record in records:
            counts[record.seats[slot]] += 1
        decisions = sum(record.decisions[slot] for record in records)
        thinking = sum(record.think_seconds[slot] for record in records)
        stats.append(
            SlotStats(
                slot=slot,
                agent=agent,
                games=n,
                win_share=wilson_interval(share, n),
                mean_score=mean_interval([record.scores[slot] for record in records]),
                mean_rank=_clamped(mean_interval([float(record.ranks[slot]) for record in records]), 1.0, players),
                seat_counts=tuple(counts),
                decisions=decisions,
                mean_decision_seconds=thinking / decisions if decisions else 0.0,
            )
        )
    return tuple(stats)


def run_tournament(
    game_id: str,
    players: int,
    agents: list[str],
    games: int,
    seed: int,
    options: dict | None = None,
    budget: float | None = None,
    iterations: int | None = None,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> TournamentReport:
    """Play ``games`` seat-rotated games between the agent levels ``agents`` (one per seat)."""
    if len(agents) != players:
        raise ValueError(f"{len(agents)} agents for {players} players")
    if games <= 0:
        raise ValueError("a tournament needs at least one game")
    for level in agents:
        if level not in LEVELS:
            raise ValueError(f"unknown agent {level!r}; agents: {', '.join(LEVELS)}")
    rules = get_rules(game_id)
    normalized = rules.normalize_options(players, options)
    levels = tuple(agents)

    def task_args(index: int) -> tuple:
        return (game_id, players, levels, index, seed, normalized, budget, iterations)

    started = time.perf_counter()
    records = _run_games(task_args, games, max(1, jobs), progress)
    seconds = time.perf_counter() - started
    return TournamentReport(
        game_id=game_id,
        players=players,
        agents=levels,
        games=games,
        seed=seed,
        options=normalized,
        budget=budget,
        iterations=iterations,
        jobs=max(1, jobs),
        seconds=seconds,
        games_per_second=games / seconds if seconds > 0 else float("inf"),
        slots=summarize(levels, records),
        round_ends=merged(record.round_ends for record in records),
        records=tuple(records),
    )


# ----- output ----------------------------------------------------------------------------------
def report_dict(report: TournamentReport) -> dict[str, Any]:
    """The report as plain JSON-ready data (without the per-game records)."""
    data = asdict(report)
    data.pop("records")
    return data


def format_report(report: TournamentReport, json: bool = False) -> str:
    """The report as aligned text, or as JSON."""
    if json:
        return json_module.dumps(report_dict(report), indent=1)
    hard = (
        f"{report.iterations} iterations" if report.iterations is not None
        else f"{report.budget if report.budget is not None else DEFAULT_BUDGETS['hard']:g} s"
    )
    options = ", ".join(f"{key}={value}" for key, value in report.options.items()) or "none"
    thinking = f"; Hard: {hard}/decision" if "hard" in report.agents else ""
    lines = [
        (f"{report.game_id}, {report.players} players, {report.games} games from seed {report.seed}"
        f" (options: {options}{thinking}; jobs {report.jobs})"),
        f"{report.seconds:.1f} s, {report.games_per_second:.2f} games/s",
        (f"{'slot':<5}{'agent':<8}{'win share (95% CI)':<26}{'mean score (95% CI)':<26}"
        f"{'mean rank (95% CI)':<24}{'s/decision':>10}"),
    ]
    for stats in report.slots:
        win, score, rank = stats.win_share, stats.mean_score, stats.mean_rank
        lines.append(
            f"{stats.slot:<5}{stats.agent:<8}"
            f"{f'{win.value:6.1%} [{win.low:.1%}, {win.high:.1%}]':<26}"
            f"{f'{score.value:6.2f} [{score.low:.2f}, {score.high:.2f}]':<26}"
            f"{f'{rank.value:5.2f} [{rank.low:.2f}, {rank.high:.2f}]':<24}"
            f"{stats.mean_decision_seconds:>10.4f}"
        )
    lines.append(format_round_ends(report.round_ends))
    return "\n".join(lines)


def format_round_ends(counts: Mapping[str, int]) -> str:
    """``round ends: emptied 1181 (98.4%), blocked 19 (1.6%)``."""
    rounds = sum(counts.values())
    parts = [f"{reason} {count} ({count / rounds:.1%})" for reason, count in counts.items()]
    return f"round ends ({rounds} rounds): {', '.join(parts) or 'none'}"
