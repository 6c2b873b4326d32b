"""Nostalgic's input: the viewer's gestures become actions (``NostalgicInput``).

A turn by pointer, finger or keys: click (tap) one of your dice, or drag it; the balloons that
accept it glow; click (drop on) a balloon. Clicking more dice chooses them for a reroll (the last
one chosen is the one held for a balloon); the Reroll button throws the chosen dice again and
says how many chips are left. When a card is to be taken the deck and the face-up cards glow:
click one. Keys: Left/Right choose a die, Enter (or Up) holds it and moves to the glowing
balloons, arrows then pick a balloon and Enter places; X marks a die for a reroll and R rerolls;
in the card step Left/Right and Enter (or 1-5, D). The screen never decides legality: a drop
becomes an action that the rules accept or refuse with their reason, and a refused die springs
back.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.core.events import Event
from game.i18n import t
from game.rules.nostalgic import BOARD, DECK_SOURCE, FACE_UP, NostalgicAction
from scenes.engine import anim
from scenes.nostalgic.layout import BOARD_TOPLEFT, TRAY_DIE
from scenes.nostalgic.sprites import DieDrag, DieSprite

if TYPE_CHECKING:  # the input is a mixin of NostalgicTable; a type checker sees what it uses from it
    from scenes.nostalgic.view import NostalgicView
else:
    NostalgicView = object

DRAG_THRESHOLD = 12  # pixels a press must move to become a drag


class NostalgicInput(NostalgicView):
    """Keys, pointer, hit tests and the viewer's actions, for ``NostalgicTable`` (``NostalgicView``:
    what it uses from the table; ``hold``: what the person chooses and holds)."""

    PAD_X_KEY = "x"  # a pad's X: choose a die to throw again (scenes.engine.pad)

    # ----- actions ---------------------------------------------------------------------------------
    def pick(self, die: int) -> None:
        """Choose a die (it becomes the held one); a die chosen already is let go."""
        self.hold.toggle(die)
        self.app.audio.play("click")
        self.refresh_hints()

    def place_on(self, balloon: str, die: int | None = None) -> bool:
        """Put the held die (or ``die``) in ``balloon``: the rules accept or say why not."""
        chosen = die if die is not None else self.held_die()
        if chosen is None:
            self.refuse(t("nostalgic_table.reason.pick_die"))
            return False
        return self.attempt(NostalgicAction("place", die=chosen, balloon=balloon))

    def press_reroll(self) -> None:
        """Throw the chosen dice again (a chip goes back to the supply)."""
        if not self.hold.picked:
            self.refuse(t("nostalgic_table.reason.pick_reroll"))
            return
        self.attempt(NostalgicAction("reroll", dice=tuple(sorted(self.hold.picked))))

    def take_from(self, source: int) -> bool:
        """Take the card of a face-up slot, or the deck's top card."""
        return self.attempt(NostalgicAction("take", source=source))

    def on_refused(self, reason: str) -> None:
        """Spring a dragged die back into the tray."""
        self.spring_back()

    def spring_back(self) -> None:
        """The dragged die returns to its place in the tray."""
        drag = self.hold.take_drag()
        if drag is None or drag.sprite is None:
            return
        sprite = drag.sprite
        dice = self.shown.dice[self.viewer]
        target = self.geometry.tray_slot(self.viewer, drag.die, len(dice))

        def home() -> None:
            if sprite in self.flying:
                self.flying.remove(sprite)
            if drag.die < len(dice):
                dice[drag.die].hidden = False

        if sprite not in self.flying:
            self.flying.append(sprite)
        self.ambient.add(anim.Sequence(
            anim.Parallel(anim.Tween(sprite, "pos", target, 0.3, anim.ease_out_back),
                          sprite.resize(TRAY_DIE, 0.3),
                          anim.Tween(sprite, "lift", 0.0, 0.3, anim.ease_in_quad)),
            anim.Call(home)))

    def pointer_holds(self) -> bool:
        """True while the pointer holds a die (the buttons wait for its release)."""
        return self.hold.drag is not None

    def drop_held(self) -> None:
        """Let go of a dragged die (help opens, a curtain goes up)."""
        if self.hold.drag is not None:
            self.spring_back()

    def clear_selection(self) -> None:
        """Forget the chosen, focused and dragged dice."""
        drag = self.hold.drag
        if drag is not None and drag.sprite is not None:  # the dragged die is back in the tray at once
            if drag.sprite in self.flying:
                self.flying.remove(drag.sprite)
            dice = self.shown.dice[self.viewer] if 0 <= self.viewer < len(self.shown.dice) else []
            if drag.die < len(dice):
                dice[drag.die].hidden = False
        self.hold.clear()

    def on_applied(self, events: list[Event]) -> None:
        """An action went through: a dragged die becomes the sliding one; forget the choice."""
        self.hold.applied()

    # ----- keys --------------------------------------------------------------------------------------
    def shortcut(self, key: str) -> bool:
        """X marks a die for a reroll, R rerolls, 1-5/D take a card. False for any other key (the
        table's own: H help...)."""
        if key == "r" and self.placing():
            if not self.hold.picked and self.hold.focus_die is not None:
                self.hold.picked = [self.hold.focus_die]
            self.press_reroll()
        elif key == "x" and self.placing():
            die = self.hold.focus_die if self.hold.focus_die is not None else self._first_unplaced()
            if die is not None:
                self.pick(die)
        elif self.taking() and key in ("1", "2", "3", "4", "5"):
            self.take_from(int(key) - 1)
        elif self.taking() and key == "d":
            self.take_from(DECK_SOURCE)
        else:
            return False
        return True

    def let_go(self) -> bool:
        """Esc: a held die goes back, the picked dice and the focused balloon are forgotten."""
        if not self.hold.anything_chosen():
            return False
        if self.hold.drag is not None:
            self.spring_back()
        self.hold.forget_choice()
        return True

    def handle_nav(self, dx: int, dy: int) -> None:
        """Arrows: choose a die, then a glowing balloon; in the card step, choose a source."""
        if not self.hand_interactive():
            return
        if self.taking():
            self._nav_source(dx or dy)
        elif self.placing() and self.hold.focus_balloon is not None:
            self._nav_balloon(dx or dy)
        elif self.placing():
            self._nav_die(dx, dy)

    def _nav_source(self, step: int) -> None:
        """The keys' card source: the first (or last) one, then the next ``step`` along (round)."""
        sources = self.sources()
        if not sources:
            return
        if self.hold.focus_source not in sources:
            self.hold.focus_source = sources[0] if step >= 0 else sources[-1]
        else:
            self.hold.focus_source = sources[(sources.index(self.hold.focus_source) + step) % len(sources)]

    def _nav_balloon(self, step: int) -> None:
        """The keys' balloon moves ``step`` along those that take the held die (round)."""
        targets = self._balloon_cycle()
        if targets:
            index = targets.index(self.hold.focus_balloon) if self.hold.focus_balloon in targets else -1
            self.hold.focus_balloon = targets[(index + step) % len(targets)]

    def _nav_die(self, dx: int, dy: int) -> None:
        """Left/Right: the keys' die moves along the tray (round); Up holds it (as Enter)."""
        unplaced = self.my_unplaced()
        if not unplaced:
            return
        if dx:
            if self.hold.focus_die not in unplaced:
                self.hold.focus_die = unplaced[0] if dx > 0 else unplaced[-1]
            else:
                self.hold.focus_die = unplaced[(unplaced.index(self.hold.focus_die) + dx) % len(unplaced)]
        elif dy < 0:
            self.handle_activate()

    def _balloon_cycle(self) -> list[str]:
        """The balloons the keys cycle through: those that take the held die (all when none does)."""
        return self.targets() or [balloon.id for balloon in BOARD]

    def handle_focus(self, step: int) -> None:
        """Tab: like Right."""
        self.handle_nav(step, 0)

    def handle_activate(self) -> None:
        """Enter: hold the focused die (then Enter places it on the focused balloon); take a card."""
        if not self.hand_interactive():
            return
        if self.taking():
            if self.hold.focus_source is None:
                self.handle_nav(1, 0)
            else:
                self.take_from(self.hold.focus_source)
            return
        if not self.placing():
            return
        if self.hold.focus_balloon is not None:
            self.place_on(self.hold.focus_balloon)
            return
        if self.hold.focus_die is None:
            self.hold.focus_die = self._first_unplaced()
            return
        self.hold.hold(self.hold.focus_die)
        targets = self._balloon_cycle()
        self.hold.focus_balloon = targets[0] if targets else None
        self.app.audio.play("click")

    def _first_unplaced(self) -> int | None:
        """The first die still in the viewer's tray."""
        unplaced = self.my_unplaced()
        return unplaced[0] if unplaced else None

    # ----- hit tests ---------------------------------------------------------------------------------
    def die_at(self, pos: tuple[int, int]) -> int | None:
        """The viewer's tray die under ``pos``."""
        if not self.hand_interactive() or not 0 <= self.viewer < self.match.players:
            return None
        dice = self.shown.dice[self.viewer]
        for index, die in enumerate(dice):
            if die.balloon or die.hidden:
                continue
            x, y = self.geometry.tray_slot(self.viewer, index, len(dice))
            if abs(pos[0] - x) <= TRAY_DIE * 0.6 and abs(pos[1] - y) <= TRAY_DIE * 0.6:
                return index
        return None

    def balloon_at(self, pos: tuple[int, int]) -> str | None:
        """The balloon under ``pos``."""
        return self.geometry.board.balloon_at((pos[0] - BOARD_TOPLEFT[0], pos[1] - BOARD_TOPLEFT[1]))

    def source_at(self, pos: tuple[int, int]) -> int | None:
        """The closet slot (0-4) or the deck (``DECK_SOURCE``) under ``pos``."""
        for slot in range(FACE_UP):
            if self.geometry.slot_rect(slot).collidepoint(pos):
                return slot
        if self.geometry.deck_rect().inflate(16, 16).collidepoint(pos):
            return DECK_SOURCE
        return None

    # ----- pointer -----------------------------------------------------------------------------------
    def pointer_down(self, pos: tuple[int, int]) -> None:
        """Press: hold a die of the tray, place the held die on a balloon, take a card."""
        die = self.die_at(pos)
        if die is not None:
            x, y = self.geometry.tray_slot(self.viewer, die, len(self.shown.dice[self.viewer]))
            self.hold.drag = DieDrag(die, (float(pos[0]), float(pos[1])), (x - pos[0], y - pos[1]))
            return
        if self.taking():
            source = self.source_at(pos)
            if source is not None:
                self.take_from(source)
            elif self.balloon_at(pos) is not None:
                self.toast.show(t("nostalgic_table.reason.take_first"), 2.4)
            return
        balloon = self.balloon_at(pos)
        if balloon is None:
            return
        if self.hold.picked:
            self.place_on(balloon)
        elif self.placing():
            self.toast.show(t("nostalgic_table.reason.pick_die"), 2.4)

    def pointer_move(self, pos: tuple[int, int], held: bool, touch: bool) -> None:
        """Drag the held die; hovering shows which balloon or card is meant."""
        drag = self.hold.drag
        if drag is not None:
            if not drag.moved and math.hypot(pos[0] - drag.start[0], pos[1] - drag.start[1]) > DRAG_THRESHOLD:
                self._start_moving(drag)
            if drag.moved and drag.sprite is not None:
                drag.sprite.pos = (pos[0] + drag.offset[0], pos[1] + drag.offset[1])
                balloon = self.balloon_at(pos)
                if balloon != self.hold.hover_balloon:
                    self.hold.hover_balloon = balloon
            return
        if touch or held:
            return
        self.hold.hover_die = self.die_at(pos) if self.placing() else None
        if self.placing() and self.hold.picked:
            self.hold.hover_balloon = self.balloon_at(pos)
        elif self.taking():
            self.hold.hover_source = self.source_at(pos)

    def _start_moving(self, drag: DieDrag) -> None:
        """The press became a drag: the die lifts off the tray and follows the pointer."""
        drag.moved = True
        dice = self.shown.dice[self.viewer]
        start = self.geometry.tray_slot(self.viewer, drag.die, len(dice))
        sprite = DieSprite(self.viewer, dice[drag.die].value, start, TRAY_DIE)
        sprite.lift = 0.6
        drag.sprite = sprite
        dice[drag.die].hidden = True
        self.flying.append(sprite)
        self.hold.hold(drag.die)
        self.hold.focus_die = drag.die

    def pointer_up(self, pos: tuple[int, int]) -> None:
        """Drop on a balloon places; anywhere else springs back; a click (no move) chooses the die."""
        drag = self.hold.drag
        if drag is None:
            return
        if drag.moved:
            balloon = self.balloon_at(pos)
            if balloon is None:
                self.spring_back()
                return
            self.place_on(balloon, drag.die)
            return
        self.hold.drag = None
        self.pick(drag.die)
