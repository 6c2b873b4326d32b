"""Taking a move back at the table (a mixin of ``TableScene``): whether the viewer may, and the
Undo button's press (U, Ctrl+Z, Backspace, a pad's Undo). The rules of what may be taken back
are ``Match.can_take_back``'s (Board Game Arena's policy)."""

from __future__ import annotations

from game.core.errors import RulesError
from game.i18n import t
from scenes.table.part import TablePart


class UndoSeat(TablePart):
    """The undo part of ``TableScene``."""

    def undo_refusal(self) -> str:
        """Why the viewer cannot take a move back now (a catalogue key), "" when they can: their
        own last move, and alone against AI seats the AI replies since (``Match.can_take_back``)."""
        if not self.viewer_is_person():
            return "reason.take_back.not_yours"
        if self.panel is not None or self.finished:
            return "reason.take_back.not_now"
        allowed, reason = self.match.can_take_back(self.viewer)
        return "" if allowed else reason

    def can_undo(self) -> bool:
        """The Undo button's look: True when a press takes a move back."""
        return not self.undo_refusal()

    def press_undo(self) -> None:
        """The Undo button / U / Ctrl+Z / Backspace: take back the viewer's last move (and the AI replies since,
        when alone against AI seats) and re-read the table; refused, say why in a toast (a guide
        holding undo says so itself)."""
        if self.guide is not None and self.guide.refuses_undo():
            return
        reason = self.undo_refusal()
        if reason:
            self.toast.show(t(reason), 2.5)
            self.app.audio.play("refuse")
            return
        self.animator.finish_all()
        self.ambient.finish_all()
        self.cancel_ai()
        try:
            self.saver.wait()  # the saver thread must not write a match being rewound
            self.match.take_back(self.viewer)
        except RulesError as error:
            self.toast.show(t(error.reason), 2.5)
            return
        self.pending.clear()
        self.move_marks.clear()  # the marked moves may be the ones just taken back
        self.saver.save(self.match)
        self.app.audio.play("click")
        self.clear_selection()
        self.sync_from_observation()
        self.toast.show(t("table.took_back"), 1.6)
