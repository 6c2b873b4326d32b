"""The table's AI seats (a mixin of ``TableScene``): ask the worker process for a move when an AI
seat is to act, collect the answer, and apply it after a short pause so people can follow."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.ai.base import DEFAULT_BUDGETS, decision_seed
from game.core.errors import IllegalAction
from scenes.table.part import TablePart

if TYPE_CHECKING:
    from game.ai.worker import AiWorker

AI_MIN_THINK = 0.9  # an AI answer is applied no sooner than this after it was asked


class AiSeats(TablePart):
    """The AI part of ``TableScene``: the worker, the pending request and its answer."""

    worker: AiWorker | None
    ai_answer: Any
    ai_seat: int
    ai_waited: float

    def _ensure_worker(self) -> AiWorker:
        """Start the worker on first need (inline when headless)."""
        if self.worker is None:
            from game.ai.worker import AiWorker

            self.worker = worker = AiWorker(inline=self.worker_inline)
            worker.start()
        return self.worker

    def cancel_ai(self) -> None:
        """Forget a pending AI request (after an undo or any applied action)."""
        if self.ai_ticket is not None and self.worker is not None:
            self.worker.cancel()
        self.ai_ticket = None
        self.ai_answer = None
        self.ai_seat = -1
        self.ai_waited = 0.0

    def ai_seat_to_move(self) -> int:
        """The first AI seat among those to act (-1 if none).

        In a simultaneous secret choice the AI seats put their choice down at once (see
        ``update_ai``), instead of waiting for the person listed before them."""
        for seat in self.match.to_move():
            if not self.match.seats[seat].is_human:
                return seat
        return -1

    def ai_pending(self) -> bool:
        """True when an AI seat is to act and this table will play it (its AI is switched on)."""
        return self.ai_enabled and self.ai_seat_to_move() >= 0

    def update_ai(self, dt: float) -> None:
        """Ask, collect and (after the minimum pause) apply AI moves."""
        if not self.ai_enabled or not self.idle():
            return
        seat = self.ai_seat_to_move()
        if seat < 0:
            return
        remembered = self.match.remembered_reply(seat)
        if remembered is not None and self.ai_answer is None:
            # the same position after a take-back: the same answer, even from a timed search
            self.cancel_ai()
            self.ai_seat, self.ai_answer = seat, remembered
        worker = self._ensure_worker()
        if self.ai_answer is None and (self.ai_ticket is None or self.ai_seat != seat):
            self._request_ai(worker, seat)
        self.ai_waited += dt * self.speed()
        if self.ai_answer is None:
            answer = worker.poll()
            if answer is not None and answer[0] == self.ai_ticket:
                self.ai_answer = answer[1]
        # a secret simultaneous choice needs no pause: nobody sees it, and the person waits less
        secret = len(self.match.to_move()) > 1
        if self.ai_answer is not None and (self.speed() <= 0 or secret or self.ai_waited >= AI_MIN_THINK):
            self._apply_ai(seat, self.ai_answer)

    def _request_ai(self, worker: Any, seat: int) -> None:
        """Send the seat's observation and legal actions to the worker."""
        level = self.match.seats[seat].level or "normal"
        seed = decision_seed(self.match.seed, len(self.match.log), seat)
        budget = DEFAULT_BUDGETS.get(level, 0.0)
        self.ai_ticket = worker.request(self.match.game_id, level, self.match.observe(seat),
                                        self.match.legal_actions(seat), seed, budget)
        self.ai_seat = seat
        self.ai_answer = None
        self.ai_waited = 0.0

    def _apply_ai(self, seat: int, action: Any) -> None:
        """Play the AI's answer (a refused answer falls back to the first legal action)."""
        self.ai_ticket = None
        self.ai_answer = None
        self.saver.wait()
        try:
            events = self.match.apply(seat, action)
        except IllegalAction as error:
            self.logger.warning("AI seat %d answered %r, refused (%s); playing a legal action", seat, action, error)
            events = self.match.apply(seat, self.match.legal_actions(seat)[0])
        self.after_apply(events)
