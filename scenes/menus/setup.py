"""Setting the table for one game: how many players, who sits where, and the game's options.

Each seat's row has its name and its kind (a person, or an AI of a level); a person's row also
has a "Hints" chip (on by default: that seat may ask Hard for a hint at the table). A person's name is a
field to type in (``NameField``); the names typed are remembered in the settings for the next
game, except in the kiosk, where visitors' names are kept for their game only. An AI's name is
its character's (``scenes.engine.ui.ai_name``), shown in place of the field.

Options come from the rules (``Rules.options``) and are shown only for the player counts they
apply to, labelled by their catalogue keys; a yes/no option is an Off/On switch. Per-seat options
(a player's profile, such as the home that breaks Nostalgic's ties) live on their own screen,
``SeatProfiles``, opened by a button between Back and Start. Start builds the match with a fresh
seed and opens its table.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game.core.match import MAX_NAME, Match, Seat
from game.core.records import Records, profiles_of
from game.core.registry import get_rules
from game.core.rules import OptionSpec
from game.i18n import catalogue, language, t
from scenes.engine import fonts, theme
from scenes.engine import input as intents
from scenes.engine.app import App
from scenes.engine.input import Intent
from scenes.engine.name_field import NameField, draw_pencil
from scenes.engine.toggle_chip import ToggleChip
from scenes.engine.ui import (
    Button,
    MenuScene,
    Segmented,
    ai_name,
    clipped,
    draw_heading,
    draw_panel,
    draw_room,
    draw_text,
    draw_text_centered,
    fit_size,
    seat_color,
    seat_name,
)
from scenes.table import launch as tables

SEAT_KINDS: tuple[str, ...] = ("human", "easy", "normal", "hard")
LEFT = pygame.Rect(120, 200, 980, 700)  # players and seats
RIGHT = pygame.Rect(1140, 200, 660, 700)  # options
SEATS_HEADING = 116  # "Who sits where", below the panel's top
SEATS_TOP = 180  # the first seat row, below the panel's top
ROW_HEIGHT = 92  # five rows and a two-line hint fit the panel
NAME_X = 112  # the name field, from the panel's left
NAME_WIDTH = 270
HINTS_X = 392  # a person's Hints chip, between the name and the kind
HINTS_WIDTH = 104
KIND_X = 508  # the Human/Easy/Normal/Hard choice, from the panel's left
KIND_WIDTH = 432
CONTROL_HEIGHT = 72
FOOTER_Y = 950
OPTION_BLOCK = 230  # label, switch and up to three lines of hint (less when many options share the panel)
OPTION_HEAD = 52 + CONTROL_HEIGHT + 8  # label and switch, before the hint
SWITCH_WIDTH = 240  # an option's Off/On switch beside its label, when the options are many
HINT_GAP = 16  # pixels between a long hint and the next option's name
CARET_RATE = 10.0  # frames a second while a name is typed (the caret blinks twice a second)


def clipped_lines(text: str, size: int, width: int, most: int, bold: bool = False) -> list[str]:
    """``text`` wrapped to ``width``, at most ``most`` lines; a cut ends with an ellipsis."""
    if most <= 0:
        return []
    lines = fonts.wrap(text, size, width, bold)
    if len(lines) <= most:
        return lines
    last = lines[most - 1]
    while last and fonts.text(last + "…", size, theme.INK, bold).get_width() > width:
        last = last[:-1]
    return [*lines[: most - 1], last.rstrip() + "…"]


def draw_side_label(surface: pygame.Surface, label: str, top: int) -> None:
    """An option's label in up to two lines left of its switch, centred on it."""
    width = RIGHT.width - 80 - SWITCH_WIDTH - 20
    size = theme.SMALL if len(fonts.wrap(label, theme.BODY, width, True)) > 2 else theme.BODY
    lines = clipped_lines(label, size, width, 2, bold=True)
    step = fonts.line_height(size, True)
    y = top + (CONTROL_HEIGHT - step * len(lines)) // 2
    for line in lines:
        draw_text(surface, line, size, theme.INK, (RIGHT.x + 40, y), True)
        y += step


def seat_for(kind: str, name: str = "", hints: bool = True) -> Seat:
    """The seat a segmented choice stands for: a human (with the name typed, if any, and hints on
    or off) or an AI of that level (its name is its character's, worked out when shown)."""
    return Seat("human", name=name, hints=hints) if kind == "human" else Seat("ai", kind)


def has_key(key: str) -> bool:
    """True when the catalogue (current language or English) has ``key``."""
    return key in catalogue(language()) or key in catalogue("en")


def choice_label(spec: OptionSpec, value: Any) -> Any:
    """A live label for one option value: Off/On for yes/no, else the catalogue or the value."""
    if isinstance(value, bool):
        return (lambda: t("ui.on")) if value else (lambda: t("ui.off"))
    key = f"{spec.label}.{value}"
    return lambda: t(key) if has_key(key) else str(value)


class Setup(MenuScene):
    """Player count, a Human/Easy/Normal/Hard choice per seat, the options, Back and Start."""

    still_when_idle = True  # changes only on input (see MenuScene.frame_rate)

    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.rules = get_rules(game_id)
        self.players = self.rules.min_players
        # one choice per possible seat, kept when the player count goes down and up again
        self.kinds = ["human"] + ["normal"] * (self.rules.max_players - 1)
        self.profiles = [] if app.locked else Records().profiles()  # known names, the last used first
        self.names = self._remembered_names()  # typed names per possible seat ("" = "Player n")
        self.option_values: dict[str, Any] = {
            spec.key: spec.default for spec in self.rules.options if not spec.per_seat
        }
        # per-seat options: one value per possible seat, kept when the player count changes
        self.seat_values: dict[str, list[Any]] = {
            spec.key: [spec.default] * self.rules.max_players for spec in self.rules.options if spec.per_seat
        }
        self.hints = [True] * self.rules.max_players  # per possible seat: may a person there ask for hints
        self.hint_chips: list[ToggleChip] = []
        self.profiles_button = Button(
            pygame.Rect(LEFT.x + 300, FOOTER_Y, 560, theme.BUTTON_HEIGHT),
            self._profiles_label,
            self.open_profiles,
            style="secondary",
        )
        self.back_button = Button(
            pygame.Rect(LEFT.x, FOOTER_Y, 260, theme.BUTTON_HEIGHT),
            lambda: t("ui.back"),
            self.back,
            style="secondary",
        )
        self.start_button = Button(
            pygame.Rect(RIGHT.right - 420, FOOTER_Y, 420, theme.BUTTON_HEIGHT),
            lambda: t("ui.start"),
            self.start,
        )
        self.player_choice = Segmented(
            pygame.Rect(LEFT.x + 360, LEFT.y + 40, 140 * self._count_choices(), CONTROL_HEIGHT),
            [(n, self._players_label(n)) for n in range(self.rules.min_players, self.rules.max_players + 1)],
            self.players,
            self.set_players,
        )
        self.seat_choices: list[Segmented] = []
        self.name_fields: list[NameField] = []
        self.option_choices: dict[str, Segmented] = {}
        self.rebuild()
        self.group.focus_on(self.start_button)

    @staticmethod
    def _players_label(n: int) -> Any:
        """Live label of a player count."""
        return lambda: t("ui.setup.players_n", n=n)

    def _count_choices(self) -> int:
        """How many player counts the game allows."""
        return self.rules.max_players - self.rules.min_players + 1

    # ----- state ------------------------------------------------------------------------------
    def applicable_options(self) -> list[OptionSpec]:
        """The game-wide options offered for the current player count (switches and choices)."""
        return [spec for spec in self.rules.options if spec.applies_to(self.players) and not spec.per_seat]

    def seat_options(self) -> list[OptionSpec]:
        """The per-seat options offered for the current player count (shown on ``SeatProfiles``)."""
        return [spec for spec in self.rules.options if spec.applies_to(self.players) and spec.per_seat]

    def seats(self) -> list[Seat]:
        """The seats as chosen."""
        chosen = zip(self.kinds[: self.players], self.names, self.hints, strict=False)
        return [seat_for(kind, name, hints) for kind, name, hints in chosen]

    def _remembered_names(self) -> list[str]:
        """The names typed at the last setup, one per possible seat (none in the kiosk: the next
        visitor does not meet the last one's name)."""
        remembered = [] if self.app.locked else list(self.app.settings.seat_names)
        if not any(remembered) and self.profiles:
            remembered = [self.profiles[0]]  # no names kept in the settings: the last profile used
        return [remembered[seat] if seat < len(remembered) else "" for seat in range(self.rules.max_players)]

    def set_name(self, seat: int, name: str) -> None:
        """The name typed for ``seat`` ("" for the default), remembered for the next game."""
        self.names[seat] = name
        if self.app.locked:
            return
        remembered = list(self.app.settings.seat_names)
        remembered += [""] * (seat + 1 - len(remembered))
        remembered[seat] = name
        while remembered and not remembered[-1]:
            remembered.pop()
        if remembered != self.app.settings.seat_names:
            self.app.settings.seat_names = remembered
            self.app.save_settings()

    def editing_field(self) -> NameField | None:
        """The name field open for typing, if any."""
        return next((field for field in self.name_fields if field.editing), None)

    def options(self) -> dict[str, Any]:
        """The chosen values of the options that apply (the others stay at their defaults)."""
        chosen = {spec.key: self.option_values[spec.key] for spec in self.applicable_options()}
        for spec in self.seat_options():
            chosen[spec.key] = tuple(self.seat_values[spec.key][: self.players])
        return chosen

    def set_players(self, count: int) -> None:
        """A new player count: seats and options follow."""
        self.players = count
        self.rebuild()

    def set_kind(self, seat: int, kind: str) -> None:
        """Who sits at ``seat``."""
        self.kinds[seat] = kind

    def set_option(self, key: str, value: Any) -> None:
        """One option's value."""
        self.option_values[key] = value

    def set_seat_option(self, key: str, seat: int, value: Any) -> None:
        """One seat's value of a per-seat option."""
        self.seat_values[key][seat] = value

    def _profiles_label(self) -> str:
        """The profile button's label: the first per-seat option's name, then an ellipsis."""
        specs = self.seat_options()
        return t("ui.setup.profiles", what=t(specs[0].label) if specs and specs[0].label else "")

    def open_profiles(self) -> None:
        """Open the screen where each seat sets its per-seat options."""
        self.app.push(SeatProfiles(self.app, self))

    # ----- layout -----------------------------------------------------------------------------
    def seat_row_y(self, seat: int) -> int:
        """Top of a seat's row."""
        return LEFT.y + SEATS_TOP + seat * ROW_HEIGHT

    def option_row_y(self, index: int) -> int:
        """Top of an option's row."""
        return RIGHT.y + 100 + index * self.option_block()

    def option_block(self) -> int:
        """Height of one option's block: the usual block, taller when a hint needs more lines
        and the panel has the room (neko's quick-setup hint was cut off with space to spare),
        at most what the panel leaves for each."""
        specs = self.applicable_options()
        available = (RIGHT.height - 110) // max(1, len(specs))
        needed = self.option_head() + 12 + self._most_hint_lines() * fonts.line_height(theme.TINY)
        if needed > OPTION_BLOCK:
            needed += HINT_GAP  # a taller block keeps a gap between its hint and the next option
        return min(max(OPTION_BLOCK, needed), available)

    def _most_hint_lines(self) -> int:
        """Lines of the longest hint of the options shown."""
        specs = self.applicable_options()
        hints = [t(f"{spec.label}.hint") for spec in specs if spec.label and has_key(f"{spec.label}.hint")]
        return max((len(fonts.wrap(hint, theme.TINY, RIGHT.width - 80)) for hint in hints), default=0)

    def compact_options(self) -> bool:
        """True when the options' hints would be cut with each label above its switch: then each
        label sits beside a narrower switch, leaving the hint the room (Nostalgic's three)."""
        specs = self.applicable_options()
        available = (RIGHT.height - 110) // max(1, len(specs))
        full = OPTION_HEAD + 12 + self._most_hint_lines() * fonts.line_height(theme.TINY) + HINT_GAP
        return len(specs) > 1 and full > available

    def option_head(self) -> int:
        """Pixels from an option's top to its hint: label and switch (side by side when compact)."""
        return CONTROL_HEIGHT + 8 if self.compact_options() else OPTION_HEAD

    def option_switch_rect(self, index: int) -> pygame.Rect:
        """Where option ``index``'s switch goes: under its label, or beside it when compact."""
        top = self.option_row_y(index)
        if self.compact_options():
            return pygame.Rect(RIGHT.right - 40 - SWITCH_WIDTH, top, SWITCH_WIDTH, CONTROL_HEIGHT)
        return pygame.Rect(RIGHT.x + 40, top + 52, RIGHT.width - 80, CONTROL_HEIGHT)

    def hint_lines(self) -> int:
        """How many lines of hint fit under each option's switch."""
        return max(0, (self.option_block() - self.option_head() - 12) // fonts.line_height(theme.TINY))

    def rebuild(self) -> None:
        """Make the seat and option controls for the current player count."""
        self._close_name_field()
        self.seat_choices = []
        self.name_fields = []
        self.hint_chips = [self._hint_chip(seat) for seat in range(self.players)]
        for seat in range(self.players):
            rect = pygame.Rect(LEFT.x + KIND_X, self.seat_row_y(seat), KIND_WIDTH, CONTROL_HEIGHT)
            choices = [(kind, self._kind_label(kind)) for kind in SEAT_KINDS]
            self.seat_choices.append(Segmented(rect, choices, self.kinds[seat], self._kind_setter(seat)))
            self.name_fields.append(self._name_field(seat))
        self.option_choices = {}
        for index, spec in enumerate(self.applicable_options()):
            rect = self.option_switch_rect(index)
            choices = [(value, choice_label(spec, value)) for value in spec.choices]
            self.option_choices[spec.key] = Segmented(
                rect, choices, self.option_values[spec.key], self._option_setter(spec.key)
            )
        rows = [widget for row in zip(self.name_fields, self.hint_chips, self.seat_choices, strict=True) for widget in row]
        widgets = [self.player_choice, *rows, *self.option_choices.values()]
        footer = [self.back_button, self.profiles_button] if self.seat_options() else [self.back_button]
        self.group.set_widgets([*widgets, *footer, self.start_button])

    def _name_field(self, seat: int) -> NameField:
        """The field for ``seat``'s name: typed for a person, the character's name for an AI."""
        rect = pygame.Rect(LEFT.x + NAME_X, self.seat_row_y(seat), NAME_WIDTH, CONTROL_HEIGHT)
        return NameField(
            rect,
            lambda: self.names[seat],
            lambda: self._default_name(seat),
            lambda name: self.set_name(seat, name),
            enabled=lambda: self.kinds[seat] == "human",
            on_refused=lambda: self.toast.show(t("ui.setup.name_too_long", n=MAX_NAME)),
            suggestions=None if self.app.locked else lambda: self.known_names(seat),
        )

    def known_names(self, seat: int) -> list[str]:
        """The profiles to offer at ``seat``: every one, the last used first, but those typed at
        the other seats (the kiosk offers none: its visitors stay anonymous)."""
        taken = {name for other, name in enumerate(self.names[: self.players]) if other != seat}
        return [name for name in self.profiles if name not in taken]

    def _hint_chip(self, seat: int) -> ToggleChip:
        """A person's Hints chip (hidden for an AI seat: AI seats never get hints)."""
        rect = pygame.Rect(LEFT.x + HINTS_X, self.seat_row_y(seat), HINTS_WIDTH, CONTROL_HEIGHT)
        return ToggleChip(rect, lambda: t("coach.setup.hints"), self.hints[seat],
                          lambda on: self.set_hints(seat, on), shown=lambda: self.kinds[seat] == "human")

    def set_hints(self, seat: int, on: bool) -> None:
        """Hints on or off for the person at ``seat``; a toast says what that means."""
        self.hints[seat] = on
        name = seat_name(seat, Seat("human", name=self.names[seat]))
        self.toast.show(t("coach.setup.hints.on" if on else "coach.setup.hints.off", name=name), 3.0)

    def _default_name(self, seat: int) -> str:
        """What a seat is called when no name was typed: "Player 2", or the AI's name."""
        kind = self.kinds[seat]
        return seat_name(seat, Seat("human")) if kind == "human" else ai_name(seat, kind)

    def _close_name_field(self) -> None:
        """Close an open name field without keeping its text (the screen is going away)."""
        for field in self.name_fields:
            field.close()

    @staticmethod
    def _kind_label(kind: str) -> Any:
        """Live label of a seat kind."""
        return lambda: t(f"ui.level.{kind}")

    def _kind_setter(self, seat: int) -> Any:
        """A callback that sets ``seat``'s kind."""
        return lambda kind: self.set_kind(seat, kind)

    def _option_setter(self, key: str) -> Any:
        """A callback that sets option ``key``."""
        return lambda value: self.set_option(key, value)

    # ----- input and time ---------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """An open name field takes the keys (and keeps its name on a tap elsewhere); then the
        widgets and Back as on every menu."""
        field = self.editing_field()
        if field is not None and field.handle(intent):
            return True
        if intent.kind == intents.MENU:  # a pad's Start starts the match, as on a console
            self.start()
            return True
        return super().handle(intent)

    def update(self, dt: float) -> None:
        """The toast, and the name fields' caret and refusal flash."""
        super().update(dt)
        for field in self.name_fields:
            field.update(dt)

    def frame_rate(self) -> float:
        """The menu's rate; a few frames a second for a blinking caret or a refusal's flash."""
        typing = self.editing_field() is not None or any(field.refused_for > 0 for field in self.name_fields)
        return max(super().frame_rate(), CARET_RATE if typing else 0.0)

    def pause(self) -> None:
        """Another screen on top: an open name field closes."""
        self._close_name_field()

    def exit(self) -> None:
        """Leaving the setup: an open name field closes (text input stops)."""
        self._close_name_field()

    # ----- actions ----------------------------------------------------------------------------
    def start(self) -> None:
        """Build the match with a new seed and open its table."""
        match = Match(self.game_id, self.seats(), seed=tables.new_seed(), options=self.options())
        if not self.app.locked:  # the names typed become profiles, offered at the next setup
            for name in profiles_of(match).values():
                Records().add_profile(name)
        tables.open_table(self.app, match)

    # ----- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Room, heading, the two panels with their labels, the controls."""
        draw_room(surface)
        draw_heading(surface, t(f"game.{self.game_id}.title"), self.subtitle(), top=40)
        draw_panel(surface, LEFT, theme.PAPER, radius=28)
        draw_panel(surface, RIGHT, theme.PAPER, radius=28)
        self._draw_seat_labels(surface)
        self._draw_option_labels(surface)
        self.group.draw(surface)
        field = self.editing_field()
        if field is not None:
            field.draw_chips(surface)
        self.toast.draw(surface)

    def subtitle(self) -> str:
        """The line under the game's name (hosting a LAN table says so, ``scenes.lan.connect``)."""
        return t("ui.setup.heading")

    def ai_hint(self) -> str:
        """The line under the seats about the AI levels (a kiosk names only the levels it offers)."""
        return t("ui.setup.ai_hint")

    def _draw_seat_labels(self, surface: pygame.Surface) -> None:
        """ "Players", "Who sits where", each seat's symbol disc and number, and ``ai_hint``."""
        label_y = self.player_choice.rect.centery
        image = fonts.text(t("ui.setup.players"), theme.LARGE, theme.INK, True)
        surface.blit(image, image.get_rect(midleft=(LEFT.x + 40, label_y)))
        heading = draw_text(
            surface, t("ui.setup.seats"), theme.LARGE, theme.INK, (LEFT.x + 40, LEFT.y + SEATS_HEADING), True
        )
        if "human" in self.kinds[: self.players]:
            self._draw_name_hint(surface, heading.centery)
        for seat in range(self.players):
            center_y = self.seat_row_y(seat) + CONTROL_HEIGHT // 2
            disc = (LEFT.x + 70, center_y)
            pygame.draw.circle(surface, seat_color(seat), disc, 28)
            symbol = theme.SEAT_SYMBOLS[seat % len(theme.SEAT_SYMBOLS)]
            draw_text_centered(surface, symbol, theme.BODY, theme.TEXT, disc, True)
        hint_y = self.seat_row_y(self.players - 1) + CONTROL_HEIGHT + 14
        for line in fonts.wrap(self.ai_hint(), theme.SMALL, LEFT.width - 80):
            draw_text(surface, line, theme.SMALL, theme.INK_SOFT, (LEFT.x + 40, hint_y))
            hint_y += fonts.line_height(theme.SMALL)

    def _draw_name_hint(self, surface: pygame.Surface, center_y: int) -> None:
        """ "✎ Tap a name to change it", small, at the right end of the seats' heading line."""
        image = fonts.text(t("ui.setup.name_hint"), theme.SMALL, theme.INK_SOFT)
        where = image.get_rect(midright=(LEFT.x + KIND_X + KIND_WIDTH, center_y + 4))
        surface.blit(image, where)
        draw_pencil(surface, (where.x - 22, where.centery), theme.INK_SOFT, size=22)

    def _draw_option_labels(self, surface: pygame.Surface) -> None:
        """ "Options", each option's label above its switch and its hint below, if any."""
        draw_text(surface, t("ui.setup.options"), theme.LARGE, theme.INK, (RIGHT.x + 40, RIGHT.y + 30), True)
        specs = self.applicable_options()
        if not specs:
            draw_text(
                surface, t("ui.setup.no_options"), theme.BODY, theme.INK_SOFT, (RIGHT.x + 40, RIGHT.y + 110)
            )
        compact = self.compact_options()
        for index, spec in enumerate(specs):
            top = self.option_row_y(index)
            label = t(spec.label) if spec.label else spec.key
            if compact:
                draw_side_label(surface, label, top)
            else:
                label = clipped_lines(label, theme.BODY, RIGHT.width - 80, 1, bold=True)[0]
                draw_text(surface, label, theme.BODY, theme.INK, (RIGHT.x + 40, top), True)
            hint_key = f"{spec.label}.hint"
            if spec.label and has_key(hint_key):
                line_y = top + self.option_head()
                for line in clipped_lines(t(hint_key), theme.TINY, RIGHT.width - 80, self.hint_lines()):
                    draw_text(surface, line, theme.TINY, theme.INK_SOFT, (RIGHT.x + 40, line_y))
                    line_y += fonts.line_height(theme.TINY)


STEPPER_LIMIT = 6  # a per-seat option with more choices than this gets a − value + stepper


class SeatProfiles(MenuScene):
    """Each seat's per-seat options (e.g. the home and floor that break Nostalgic's ties).

    One row per seat; an option with few choices is a segmented row, one with many (a floor) a
    stepper. Changes go straight into the ``Setup`` that opened it; Done or Back returns there.
    """

    still_when_idle = True  # changes only on input (see MenuScene.frame_rate)

    PANEL_TOP = 190
    ROW_TOP = 330  # the column headings; each row's controls start 40 px below its top
    ROW_HEIGHT = 120

    def __init__(self, app: App, setup: Setup) -> None:
        super().__init__(app)
        self.setup = setup
        self.done_button = Button(
            pygame.Rect(RIGHT.right - 420, FOOTER_Y, 420, theme.BUTTON_HEIGHT), lambda: t("ui.done"), self.back
        )
        widgets: list[Any] = []
        for seat in range(setup.players):
            for spec in setup.seat_options():
                widgets.extend(self._controls(spec, seat))
        self.group.set_widgets([*widgets, self.done_button])
        self.group.focus_on(self.done_button)

    def row_y(self, seat: int) -> int:
        """Top of a seat's row."""
        return self.ROW_TOP + seat * self.ROW_HEIGHT

    def _controls(self, spec: OptionSpec, seat: int) -> list[Any]:
        """The widgets that set ``spec`` for ``seat``: a segmented row, or a stepper to its right."""
        x = LEFT.x + 300
        top = self.row_y(seat) + 40
        if len(spec.choices) <= STEPPER_LIMIT:
            rect = pygame.Rect(x, top, 900, CONTROL_HEIGHT)
            choices = [(value, choice_label(spec, value)) for value in spec.choices]
            value = self.setup.seat_values[spec.key][seat]
            setter = self._setter(spec.key, seat)
            return [Segmented(rect, choices, value, setter)]
        left = pygame.Rect(x + 940, top, CONTROL_HEIGHT, CONTROL_HEIGHT)
        right = pygame.Rect(x + 940 + CONTROL_HEIGHT + 140, top, CONTROL_HEIGHT, CONTROL_HEIGHT)
        return [
            Button(left, "−", partial(self.step, spec.key, seat, -1), style="secondary"),
            Button(right, "+", partial(self.step, spec.key, seat, +1), style="secondary"),
        ]

    def _setter(self, key: str, seat: int) -> Any:
        """A callback that sets option ``key`` of ``seat``."""
        return lambda value: self.setup.set_seat_option(key, seat, value)

    def step(self, key: str, seat: int, delta: int) -> None:
        """Move a stepper option of ``seat`` one choice down or up (kept within its choices)."""
        spec = next(spec for spec in self.setup.seat_options() if spec.key == key)
        values = list(spec.choices)
        index = values.index(self.setup.seat_values[key][seat]) + delta
        self.setup.set_seat_option(key, seat, values[max(0, min(len(values) - 1, index))])

    def _draw_headings(self, surface: pygame.Surface, specs: list[OptionSpec]) -> None:
        """Each option's name above its column of controls."""
        for spec in specs:
            stepper = len(spec.choices) > STEPPER_LIMIT
            left = LEFT.x + 300 + (940 if stepper else 0)
            width = CONTROL_HEIGHT * 2 + 140 if stepper else 900
            label = t(spec.label) if spec.label else spec.key
            center = (left + width // 2, self.ROW_TOP + 16)
            draw_text_centered(surface, label, theme.SMALL, theme.INK, center, True)

    def draw(self, surface: pygame.Surface) -> None:
        """Room, heading, one row per seat with its controls and the stepper values."""
        draw_room(surface)
        specs = self.setup.seat_options()
        heading = t(specs[0].label) if specs and specs[0].label else ""
        draw_heading(surface, t(f"game.{self.setup.game_id}.title"), heading, top=40)
        bottom = self.row_y(self.setup.players) + 30
        panel = pygame.Rect(LEFT.x, self.PANEL_TOP, RIGHT.right - LEFT.x, bottom - self.PANEL_TOP)
        draw_panel(surface, panel, theme.PAPER, radius=28)
        hint_key = f"{specs[0].label}.hint" if specs and specs[0].label else ""
        if hint_key and has_key(hint_key):
            line_y = self.PANEL_TOP + 26
            for line in clipped_lines(t(hint_key), theme.SMALL, panel.width - 80, 3):
                draw_text(surface, line, theme.SMALL, theme.INK_SOFT, (LEFT.x + 40, line_y))
                line_y += fonts.line_height(theme.SMALL)
        self._draw_headings(surface, specs)
        seats = self.setup.seats()
        for seat in range(self.setup.players):
            center_y = self.row_y(seat) + 40 + CONTROL_HEIGHT // 2
            disc = (LEFT.x + 70, center_y)
            pygame.draw.circle(surface, seat_color(seat), disc, 28)
            symbol = theme.SEAT_SYMBOLS[seat % len(theme.SEAT_SYMBOLS)]
            draw_text_centered(surface, symbol, theme.BODY, theme.TEXT, disc, True)
            label = seat_name(seat, seats[seat])
            size = fit_size(label, theme.BODY, 170, smallest=theme.SMALL)
            name = fonts.text(clipped(label, size, 170), size, theme.INK)
            surface.blit(name, name.get_rect(midleft=(LEFT.x + 114, center_y)))
            for spec in specs:
                if len(spec.choices) > STEPPER_LIMIT:
                    value = self.setup.seat_values[spec.key][seat]
                    value_key = f"{spec.label}.value"
                    text = t(value_key, value=value) if has_key(value_key) else str(value)
                    x = LEFT.x + 300 + 940 + CONTROL_HEIGHT + 70
                    draw_text_centered(surface, text, theme.BODY, theme.INK, (x, center_y), True)
        self.group.draw(surface)
        self.toast.draw(surface)
