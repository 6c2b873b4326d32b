"""How the ノアロン table reads the viewer's hand and the choice in progress onto the felt
(``HandReading``, a part ``NoaronTable`` owns): the sources that glow, the reserve pair gliding into
the chosen gap, the pair lifted to be discarded, the cut a choice would give (``preview``), the
yaku and zatsu framed under the row, and the first-time explanation of both (the coach).

It writes what it works out into the table's fields (``pile_glow``, ``deck_glow``, ``preview``,
``shown_cut``, ``coach_open``), which the paint part draws; the rules are only asked for the cut.
"""

from __future__ import annotations

from game.i18n import t
from game.rules.noaron import PHASE_DISCARD, PHASE_INSERT, Cut, best_cut
from scenes.engine import theme
from scenes.noaron.layout import RESERVE_SCALE, pip_for, zatsu_span
from scenes.noaron.view import NoaronView, Preview


def best_after_discard(hand: tuple[str, ...], index: int, reserve: tuple[str, ...]) -> int:
    """The lowest score reachable by discarding ``hand[index:index+2]`` and then inserting
    ``reserve`` at the best gap."""
    rest = hand[:index] + hand[index + 2:]
    return min(best_cut(rest[:gap] + reserve + rest[gap:]).score for gap in range(len(rest) + 1))


class HandReading:
    """The glows, the previews and the framed cut of the ノアロン table (see the module docstring)."""

    def __init__(self, table: NoaronView) -> None:
        self.table = table
        self.coach_shown = False  # the coach was shown once in this match: never again

    def refresh(self) -> None:
        """Glowing sources, the lifted pair or the open gap, the framed cut and the score card."""
        table = self.table
        phase = table.phase_for_viewer()
        self._light_sources()
        if table.pending or table.animator.busy:
            table.hints_stale = True  # the row is moving: re-read everything once at rest
            return
        table.hints_stale = False
        self._show_reserve_preview(phase)
        self._update_preview(phase)
        self._frame_hand()
        self._open_coach()

    def _light_sources(self) -> None:
        """The deck and piles the viewer may take from glow; the focused one more."""
        table, choice = self.table, self.table.choice
        legal = table.legal_sources()
        if choice.source_focus not in legal:
            choice.source_focus = None if not legal or choice.source_focus is None else legal[0]
        table.deck_glow = ("focus" if choice.source_focus == "deck" else "ok") if "deck" in legal else ""
        table.pile_glow = {}
        for source, seat in (("mine", table.viewer), ("theirs", 1 - table.viewer if table.viewer >= 0 else -1)):
            if source in legal:
                table.pile_glow[seat] = "focus" if choice.source_focus == source else "ok"

    def _show_reserve_preview(self, phase: str) -> None:
        """In the insert phase the reserve pair sits in the bottom row at the gap cursor."""
        table, choice = self.table, self.table.choice
        row = table.hand
        in_row = [card for card in row.cards if card in table.reserve]
        if phase == PHASE_INSERT and table.reserve and table.reserve_seat == table.viewer:
            if choice.gap_cursor is None:
                choice.gap_cursor = len(row.cards) - len(in_row)
            rest = [card for card in row.cards if card not in table.reserve]
            choice.gap_cursor = max(0, min(len(rest), choice.gap_cursor))
            row.cards = rest[:choice.gap_cursor] + list(table.reserve) + rest[choice.gap_cursor:]
            row.pair = choice.gap_cursor
            row.pair_color = theme.ACCENT
            row.pair_tag = t("noaron_table.tag.insert")
            row.layout(table.ambient, 0.18)  # the reserve pair glides into the gap
            return
        if in_row:
            row.cards = [card for card in row.cards if card not in table.reserve]
            for index, card in enumerate(table.reserve):
                card.pos = table.reserve_spot(table.reserve_seat, index)
                card.scale = RESERVE_SCALE[table.side(table.reserve_seat)]
                card.lift = 0.0
        if phase == PHASE_DISCARD and choice.pair_cursor is not None:
            row.pair = max(0, min(len(row.cards) - 2, choice.pair_cursor))
            row.pair_color = theme.BAD
            row.pair_tag = t("noaron_table.tag.discard")
        else:
            row.pair = None
            row.pair_color = None
            row.pair_tag = ""
        row.layout(table.ambient, 0.16)

    def _update_preview(self, phase: str) -> None:
        """The hand and cut the current choice would give."""
        table, choice = self.table, self.table.choice
        obs = table.observation()
        hand = tuple(obs.hand)
        table.preview = None
        if phase == PHASE_INSERT and choice.gap_cursor is not None and obs.reserve:
            after = hand[:choice.gap_cursor] + tuple(obs.reserve) + hand[choice.gap_cursor:]
            table.preview = Preview(after, best_cut(after))
        elif phase == PHASE_DISCARD and choice.pair_cursor is not None and obs.reserve:
            index = max(0, min(len(hand) - 2, choice.pair_cursor))
            table.preview = Preview(hand, best_cut(hand), best_after_discard(hand, index, tuple(obs.reserve)))

    def _frame_hand(self) -> None:
        """Frame the yaku of the bottom row (preview or hand), put a point pip on each zatsu card
        and name both parts under the row (the cards keep their colours: nothing looks disabled)."""
        table = self.table
        row = table.hand
        faces = [card.value for card in row.cards]
        cut: Cut | None = None
        if table.preview is not None and len(table.preview.hand) == len(row.cards):
            cut = table.preview.cut
        elif row.cards and all(value is not None for value in faces):
            cut = best_cut(tuple(str(value) for value in faces))
        table.shown_cut = cut
        row.second = None
        row.frame = None
        row.tags = ()
        for card in row.cards:
            card.pip = ""
        if cut is None:
            return
        zatsu = zatsu_span(cut, len(row.cards)) if cut.yaku_length else (0, len(row.cards))
        for index, card in enumerate(row.cards):
            card.pip = pip_for(cut, index, len(row.cards))
        tags = []
        if cut.yaku_length:
            row.frame = (cut.yaku_start, cut.yaku_length)
            tags.append((cut.yaku_start, cut.yaku_length, t("noaron_table.tag.yaku"), theme.GOLD, theme.INK))
        if zatsu[1]:
            word = t("noaron_table.tag.zatsu_half") if cut.zatsu_is_yaku else t("noaron_table.tag.zatsu")
            tags.append((zatsu[0], zatsu[1], word, theme.INK, theme.TEXT))
            if cut.zatsu_is_yaku:
                row.second = zatsu
        row.tags = tuple(tags)

    def _open_coach(self) -> None:
        """Show the explanation the first time a person's hand is shown with its cut, in the
        match's first round (a resumed match past it, a spectator or an AI seat never sees it)."""
        table = self.table
        if self.coach_shown or table.shown_cut is None or table.hand_hidden or not table.viewer_is_person():
            return
        if table.observation().records:
            self.coach_shown = True  # rounds were settled already: this player has read hands before
            return
        table.coach_open = True
        self.coach_shown = True
