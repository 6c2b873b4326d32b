"""A pad at the table (a mixin of ``TableScene``): the button row a pad's Select moves to, the
pad's own hint line, which seat's pad may act here, and what an unplugged pad leaves behind.
The pads themselves (claims, glyphs, intents) are ``scenes.engine.pad``'s."""

from __future__ import annotations

from typing import Any

from game.i18n import t
from scenes.engine import input as intents
from scenes.engine.input import Intent
from scenes.table.part import TablePart


class PadSeat(TablePart):
    """The game controllers' part of ``TableScene``."""

    pad_row = False  # a pad moves between the screen's buttons, not the pieces (Back/Select)

    def enter_pad_row(self) -> None:
        """A pad's Select: its D-pad and A now work the buttons (Pass, Undo, Hint, Menu...);
        Select or B again goes back to the pieces."""
        if self.pad_row:
            self.leave_pad_row()
            return
        self.pad_row = True
        self.buttons.show_focus = True
        self.buttons.set_widgets(self.buttons.widgets)  # off a button that is greyed out now

    def leave_pad_row(self) -> None:
        """Back to the pieces."""
        self.pad_row = False
        self.buttons.show_focus = False

    def pad_row_handles(self, intent: Intent) -> bool:
        """The button row's keys: D-pad, shoulders and A work the buttons, B or Select leave it;
        a pointer or anything else leaves it and goes on as usual (False)."""
        kind = intent.kind
        if kind in (intents.BACK, intents.BUTTON_ROW):
            self.leave_pad_row()
            return True
        if kind in (intents.NAV, intents.FOCUS_NEXT, intents.FOCUS_PREV, intents.ACTIVATE):
            self.buttons.handle(intent)
            if kind == intents.ACTIVATE:
                self.leave_pad_row()
            return True
        self.leave_pad_row()
        return False

    def pad_hint_text(self) -> str:
        """The hint in the lower left corner with a pad's ``[A]``-style glyph tokens, its X
        naming this game's own key."""
        return t(self.PAD_TEXT, x=t(f"pad.x.{self.match.game_id}"))

    def pad_gate(self) -> tuple[Any, int, list[int]] | None:
        """For ``App.pad_refused``: (the match, the seat acting from this screen, the people's
        seats), or None when any pad may act (nobody's seat at the bottom, a finished match)."""
        if not self.viewer_is_person() or self.finished:
            return None
        return self.match, self.viewer, self.humans

    def pad_lost(self, number: int) -> None:
        """Pad ``number`` was unplugged: what it held goes back (its seat stays its own)."""
        pads = self.app.pads
        seat = pads.seat_of(number) if pads.claims_of is self.match else None
        if seat not in (None, self.viewer):
            return  # another seat's pad: nothing of the person at the screen is in its hands
        self.leave_pad_row()
        if self.let_go():
            self.refresh_hints()
        self.toast.show(t("pad.unplugged", pad=number), 3.0)
