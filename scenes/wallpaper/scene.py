"""That Old Wallpaper's table class: ``WallpaperTable`` (construction and wiring: what it shows,
kept in step with the viewer's observation; the status line and the action button; the placement
preview) and ``make_table``.

The input is a mixin (``input``); event playback, painting and reading the observation back onto
the pieces are parts the table owns (``effects``, ``paint``, ``sync``); where things sit is
``layout``'s (see the package docstring for every part).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.core.match import Match
from game.i18n import t
from game.rules.wallpaper import (
    PHASE_CHOOSE,
    PHASE_HAZY,
    PHASE_PICK,
    PHASE_PLACE,
    GameStarted,
    HandDrawn,
    Shape,
    is_hazy,
    legal_cells,
    shapes_made,
    wall_of,
)
from scenes.engine import anim
from scenes.engine import input as intents
from scenes.engine.app import App, Scene
from scenes.engine.input import Intent
from scenes.engine.ui import Button
from scenes.table.base import TableScene
from scenes.table.still import StillPart
from scenes.wallpaper.art import number_picture, seat_colour
from scenes.wallpaper.art_cards import card_back, card_face
from scenes.wallpaper.art_walls import wall_board
from scenes.wallpaper.effects import FLASH, WallpaperEffects
from scenes.wallpaper.hold import WallpaperHold
from scenes.wallpaper.input import WallpaperInput
from scenes.wallpaper.layout import (
    ACTION_RECT,
    FELT,
    STATUS_Y,
    TRAY_NEXT_W,
    TRAY_W,
    Camera,
    Cell,
    Geometry,
    Point,
    WallItems,
    fit_camera,
)
from scenes.wallpaper.paint import WallpaperPaint
from scenes.wallpaper.sprites import Piece
from scenes.wallpaper.sync import ObservationSync


class WallpaperTable(WallpaperInput, TableScene):
    """The That Old Wallpaper table (see the package docstring)."""

    SETTING_OUT_EVENTS = (GameStarted, HandDrawn)  # the deal and the set-out: "Setting out the pieces…"

    KEYS_TEXT = "wallpaper_table.keys"
    # Hint above the action button (the wall's title runs up to Log); its panel at the bottom of
    # the wall, or at its top when the best place to hang a card is down there
    HINT_BUTTON = (1580, 768, 300, 72)
    HINT_STYLE = "secondary"

    def hint_panel_areas(self, size: tuple[int, int]) -> list[pygame.Rect]:
        """The bottom right of the wall's area, else its top right."""
        bottom = pygame.Rect((1892 - size[0], 748 - size[1]), size)
        return [bottom, *super().hint_panel_areas(size)]
    felt = FELT
    status_y = STATUS_Y

    def __init__(self, app: App, match: Match, **options: Any) -> None:
        players = match.players
        self.grandma = players == 2
        self.row_count = 3 if players == 2 else players
        self.flying: list[Piece] = []
        self.hand: list[Piece] = []
        self.spots: dict[int, Piece] = {}  # seat -> its chosen number card, face down until the reveal
        self.numbers_on_rows: list[Piece] = []  # revealed number cards lying on the market
        self.tray: list[Piece] = []  # the placer's taken cards: the one to place next large at the left
        self.tray_seat = -1
        self.rows_shown: list[list[int]] = [[] for _ in range(self.row_count)]
        self.walls_shown: list[dict[Cell, tuple[int, int]]] = [{} for _ in range(players)]
        self.wall_items: list[WallItems] = [() for _ in range(players)]  # the same, sorted (kept in step)
        self._camera: tuple[Any, Camera] | None = None
        self._legal: tuple[Any, tuple[Cell, ...]] | None = None
        self.hazy_shown = [0] * players
        self.hazy_supply_shown = 21
        self.deck_shown = 0
        self.token_line_shown: tuple[int, ...] = ()
        self.round_shown = 0
        self.turn_shown = 0
        self.discards_shown: list[tuple[int, ...]] = [() for _ in range(players + 1)]
        self.grandma_last = 0
        self.flashes: list[tuple[Shape, int, float]] = []  # (shape, seat, seconds left) after a placement
        self.hold = WallpaperHold()  # the chosen number, the cursors, the card's turn, what the pointer holds
        self.pan: tuple[int, int] = (0, 0)
        self.shown_seat: int = 0  # whose wall is large
        self._hint_key: tuple[Any, ...] = ()
        self.happening = ""  # what the table is showing now (the status line while it plays)
        self._geometry = Geometry(players, -1)  # remade for the viewer once the base has set it
        self.effects = WallpaperEffects(self)  # rules events -> animations
        self.painting = WallpaperPaint(self)  # the still parts and the moving pieces
        self.syncing = ObservationSync(self)  # the pieces at rest, read from the observation
        super().__init__(app, match, **options)
        wall_board()  # made now rather than in the first frame

    def event_handlers(self) -> dict[type, Callable[[Any], None]]:
        """Event type -> animation (``WallpaperEffects``)."""
        return self.effects.event_handlers()

    def still_parts(self) -> dict[str, StillPart]:
        """Deck, round cards, hazy supply, rows, token line, the strip, the large wall, the viewer's
        discards and the spot (``WallpaperPaint``)."""
        return self.painting.still_parts()

    def draw_moving(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Number cards, spots, the tray, flying pieces, the preview and cursors, flashes, bubbles
        (``WallpaperPaint``); the areas painted."""
        return self.painting.draw_moving(surface)

    def paint_still_base(self, surface: pygame.Surface) -> None:
        """The table, its mat and the wall's board (``WallpaperPaint``)."""
        self.painting.paint_still_base(surface)

    def handle(self, intent: Intent) -> bool:
        """The wheel pans the large wall (``WallpaperInput.pan_by_wheel``); everything else as every
        table."""
        if intent.kind == intents.WHEEL and self.panel is None:
            self.pan_by_wheel(intent.dy)
            return True
        return super().handle(intent)

    def handle_key(self, key: str) -> None:
        """The game's letter keys (``WallpaperInput.shortcut``: R, C, F), then the table's (H help...)."""
        if not self.shortcut(key):
            super().handle_key(key)

    # ----- pieces ---------------------------------------------------------------------------------
    def build_pieces(self) -> None:
        """The large wall starts on the viewer's (seat 0's for a spectator)."""
        self.shown_seat = self.viewer if 0 <= self.viewer < self.match.players else 0
        self.pan = (0, 0)
        self.hand = []
        self.spots = {}

    def game_buttons(self) -> list[Button]:
        """One action button: "Play n" while choosing, "Turn 180°" while placing."""
        self.action_button = Button(pygame.Rect(ACTION_RECT), self.action_label, self.press_action,
                                    enabled=self.action_enabled)
        return [self.action_button]

    def queue_intro(self) -> None:
        """A fresh match: its setup as the events it amounts to (the deal of the rows, chains shown)."""
        self.pending.extend(self.match.rules.opening_events(self.observation()))

    def phase(self) -> str:
        """The rules phase now."""
        return str(self.observation().phase)

    def my_turn(self, phase: str) -> bool:
        """True when the person at the bottom acts now in ``phase`` and the table shows it."""
        return self.viewer_may_act() and not self.pending and self.phase() == phase and not self.hand_hidden

    def placing(self) -> bool:
        """True when the person at the bottom places a card now."""
        return self.my_turn(PHASE_PLACE) or self.my_turn(PHASE_HAZY)

    def card_to_place(self) -> int | None:
        """The card the person places next (the large one of the tray), or None."""
        if not self.placing():
            return None
        order = self.tray_order(self.observation())
        return order[0] if order else None

    def tray_order(self, obs: Any) -> list[int]:
        """The taken cards as the tray shows them: the one chosen to go next first, then the rest
        in the row's order. Any card of a taken row may go next; hazy cards are all alike, so
        they go in turn."""
        pending = list(obs.pending)
        pick = self.hold.tray_pick
        if obs.phase == PHASE_PLACE and pick in pending:
            pending.remove(pick)
            pending.insert(0, pick)
        return pending

    def viewer_wall(self) -> dict[Cell, tuple[int, int]]:
        """The wall of the seat shown large, as the observation says."""
        return wall_of(self.observation(), self.shown_seat)

    def face_up_numbers(self) -> list[int]:
        """The number cards this screen shows face up in a hand or on a spot (for tests)."""
        if self.hand_hidden:
            return []
        shown = [piece.value for piece in self.hand if piece.face_up and piece.visible]
        shown += [piece.value for piece in self.spots.values() if piece.face_up and piece.visible]
        return [value for value in shown if value]

    def action_label(self) -> str:
        """The action button's words for the phase."""
        if self.placing():
            return t("wallpaper_table.button.turn")
        if self.my_turn(PHASE_PICK):
            return t("wallpaper_table.button.pick")
        if self.hold.selected is not None and self.hold.selected < len(self.hand):
            return t("wallpaper_table.button.play", n=self.hand[self.hold.selected].value)
        return t("wallpaper_table.button.play_any")

    def action_enabled(self) -> bool:
        """Play: once a number card is chosen; Turn: while placing."""
        if not hasattr(self, "hand"):
            return False
        if self.placing():  # a hazy card is gold all round: turning it would change nothing
            card = self.card_to_place()
            return card is not None and not is_hazy(card)
        if self.my_turn(PHASE_PICK):
            return self.hold.row_cursor is not None
        return self.my_turn(PHASE_CHOOSE) and self.hold.selected is not None

    # ----- status -------------------------------------------------------------------------------
    def status_text(self) -> str:
        """What the person at the bottom should do next, or whom the table waits for; while the
        table shows what just happened, what that is."""
        if self.happening and (self.pending or self.animator.busy) and self.panel is None and not self.curtain_up:
            return self.happening
        if self.finished or self.match.is_over() or self.panel is not None or self.curtain_up:
            return TableScene.status_text(self)  # the table's (super() is the view, to a checker)
        obs = self.observation()
        seat = self.seat_to_move()
        if seat < 0:
            return ""
        if seat == self.viewer and self.viewer_is_person():
            return self.prompt_text()
        if obs.phase == PHASE_CHOOSE:
            waiting = [self.name_of(other) for other in self.match.to_move()]
            if 0 <= self.viewer < obs.players and obs.my_choice:
                return t("wallpaper_table.status.chosen_wait", n=obs.my_choice, players=", ".join(waiting))
            return t("wallpaper_table.status.choose_wait", players=", ".join(waiting))
        if obs.phase == PHASE_PICK:
            return t("wallpaper_table.status.pick_wait", player=self.name_of(seat))
        if obs.phase in (PHASE_PLACE, PHASE_HAZY):
            return t("wallpaper_table.status.place_wait", player=self.name_of(seat), n=len(obs.pending))
        return TableScene.status_text(self)  # the table's (super() is the view, to a checker)

    def your_turn_text(self) -> str:
        """The status line when the person at the bottom is to act."""
        obs = self.observation()
        if obs.phase == PHASE_CHOOSE:
            if self.hold.selected is not None and self.hold.selected < len(self.hand):
                return t("wallpaper_table.status.choose_selected", n=self.hand[self.hold.selected].value)
            return t("wallpaper_table.status.choose")
        if obs.phase == PHASE_PICK:
            return t("wallpaper_table.status.pick")
        if obs.phase == PHASE_HAZY:
            return t("wallpaper_table.status.hazy", n=len(obs.pending) or obs.hazy[self.viewer])
        if obs.phase == PHASE_PLACE:
            return t("wallpaper_table.status.place", n=len(obs.pending))
        return ""

    def waiting_text(self, seat: int) -> str:
        """While another person acts."""
        return t("wallpaper_table.status.waiting", player=self.name_of(seat))

    def name_of(self, seat: int) -> str:
        """A seat's name; Grandma's for the automatic third seat."""
        if seat >= self.match.players:
            return t("wallpaper_table.grandma")
        return TableScene.name_of(self, seat)

    # ----- building the picture from the observation -------------------------------------------
    def sync_from_observation(self) -> None:
        """Set every piece to what the viewer's observation says, no animation (``ObservationSync``)."""
        self.syncing.sync()

    def needs_sync(self) -> bool:
        """True when the pieces at rest differ from the observation (``ObservationSync``)."""
        return self.syncing.needed()

    # ----- positions ---------------------------------------------------------------------------------
    @property
    def geometry(self) -> Geometry:
        """Where the seat-dependent things sit for this table's seats, from the viewer's side now."""
        if self._geometry.viewer != self.viewer:
            self._geometry = Geometry(self.match.players, self.viewer)
        return self._geometry

    def camera(self) -> Camera:
        """The large wall's camera now (fits the wall with a margin where its open cells lie)."""
        seat = self.shown_seat
        items = self.wall_items[seat] if seat < len(self.wall_items) else ()
        key = (seat, items, self.pan)
        if self._camera is None or self._camera[0] != key:
            self._camera = (key, fit_camera([cell for cell, _ in items] or [(0, 0)], self.pan))
        return self._camera[1]

    def set_walls(self, walls: list[dict[Cell, tuple[int, int]]]) -> None:
        """Show these walls (and keep their sorted items in step)."""
        self.walls_shown = walls
        self.wall_items = [tuple(sorted(wall.items())) for wall in walls]

    def put_on_wall(self, seat: int, cell: Cell, card: tuple[int, int]) -> None:
        """Show one more card on a seat's wall."""
        self.walls_shown[seat][cell] = card
        self.wall_items[seat] = tuple(sorted(self.walls_shown[seat].items()))

    def shown_legal_cells(self) -> tuple[Cell, ...]:
        """The open cells of the wall shown large (remembered per wall)."""
        items = self.wall_items[self.shown_seat]
        if self._legal is None or self._legal[0] != items:
            self._legal = (items, legal_cells(self.walls_shown[self.shown_seat]))
        return self._legal[1]

    # ----- pieces made here ------------------------------------------------------------------------
    def number_piece(self, seat: int, number: int, pos: Point, height: int, face_up: bool = True) -> Piece:
        """A number card of ``seat`` (``number`` 0 = unknown, a back)."""
        colour = seat_colour(seat, self.match.players)
        key = ("wp-num", seat >= self.match.players, colour, number, height)
        players = self.match.players
        piece = Piece(key, lambda: number_picture(seat, players, number or 1, height), pos,
                      back=lambda: number_picture(seat, players, 1, height, False), face_up=face_up and bool(number),
                      seat=seat, value=number)
        return piece

    def card_piece(self, card: int, pos: Point, index: int = 0, rot: int = 0) -> Piece:
        """A wallpaper card lying in the tray (the first one large, turned as the person chose)."""
        width = TRAY_W if index == 0 else TRAY_NEXT_W
        turn = self.hold.rot if index == 0 and self.tray_seat == self.viewer else rot
        piece = Piece(("wp-card", card, width, turn), lambda: card_face(card, width, turn), pos,
                      back=lambda: card_back(width), value=card)
        return piece

    def relayout_tray(self) -> None:
        """The tray's cards move to their places in its order (``WallpaperEffects``)."""
        self.effects.relayout_tray()

    def refresh_tray_turn(self) -> None:
        """Redraw the first tray card with the person's chosen turn."""
        if self.tray:
            first = self.tray[0]
            card, pos = first.value, first.pos
            self.tray[0] = self.card_piece(card, pos, 0)

    # ----- hints --------------------------------------------------------------------------------
    def moving(self) -> bool:
        """The base's moving pieces, and a placement's flash while it fades."""
        return super().moving() or bool(self.flashes)

    def update(self, dt: float) -> None:
        """The base's update; then re-read the hints when the turn changes, fade the flashes."""
        super().update(dt)
        if not self.pending and not self.animator.busy:
            self.happening = ""
        key = (self.phase(), len(self.match.log), self.viewer, bool(self.pending), self.hand_hidden,
               self.viewer_may_act())
        if key != self._hint_key:
            self._hint_key = key
            self.refresh_hints()
        if self.flashes:
            step = dt * max(self.speed(), 0.0001) if self.speed() > 0 else FLASH
            self.flashes = [(shape, seat, left - step) for shape, seat, left in self.flashes if left - step > 0]

    def refresh_hints(self) -> None:
        """Hand cards lift when chosen; dim when it is not the time; the preview is re-read."""
        if not hasattr(self, "hand"):
            return
        choosing = self.my_turn(PHASE_CHOOSE)
        for index, piece in enumerate(self.hand):
            piece.dim = not choosing and self.viewer_is_person()
            raised = index == self.hold.selected and choosing
            piece.lift = 1.0 if raised else 0.0
            if self.hold.drag is not None and self.hold.drag.piece is piece:
                continue
            slot = self.geometry.hand_slot(index)
            target = (slot[0], slot[1] - 26) if raised else slot
            if piece.pos != target:
                self.ambient.add(anim.Tween(piece, "pos", target, 0.15, anim.ease_out_cubic))
        if self.placing():
            if self.tray_seat == self.viewer and self.shown_seat != self.viewer:
                self.shown_seat = self.viewer
        else:
            self.hold.cell_cursor = None
            self.hold.card_held = False
        if not self.my_turn(PHASE_PICK):
            self.hold.row_cursor = None
        self.hold.preview = None

    def preview(self) -> tuple[Cell, int, int, tuple[Shape, ...], int] | None:
        """The placement shown under the pointer or the key cursor: (cell, card, rot, shapes made,
        halves left open), only on a cell the card may take."""
        card = self.card_to_place()
        if card is None:
            return None
        cell = self.hold.hover_cell if self.hold.hover_cell is not None else self.hold.cell_cursor
        if cell is None:
            return None
        key = (cell, card, self.hold.rot, len(self.match.log))
        if self.hold.preview is not None and self.hold.preview[0] == key:
            return self.hold.preview[1]
        wall = self.viewer_wall()
        result = None
        if cell in legal_cells(wall):
            shapes = shapes_made(wall, cell, card, self.hold.rot)
            open_halves = sum(1 for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))
                              if (cell[0] + dx, cell[1] + dy) not in wall)
            result = (cell, card, self.hold.rot, shapes, open_halves)
        self.hold.preview = (key, result)
        return result

    # ----- the end, pauses ------------------------------------------------------------------------
    def continue_round(self) -> None:
        """The scoring panel's Continue: on to the results."""
        if self.panel is None:
            return
        self.panel = None
        if self.match.is_over() and not self.finished:
            self.finish_match()



def make_table(app: App, match: Match, **options: Any) -> Scene:
    """The That Old Wallpaper table scene for ``match`` (options: ``viewer``, ``ai_enabled``,
    ``worker_inline``)."""
    return WallpaperTable(app, match, **options)  # type: ignore[abstract]
