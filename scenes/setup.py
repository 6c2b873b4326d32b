"""Setting the table for one game: how many players, who sits where, and the game's options.

Options come from the rules (``Rules.options``) and are shown only for the player counts they
apply to, labelled by their catalogue keys; a yes/no option is an Off/On switch. Start builds the
match with a fresh seed and opens its table.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.match import Match, Seat
from game.core.registry import get_rules
from game.core.rules import OptionSpec
from game.i18n import catalogue, language, t
from scenes import fonts, tables, theme
from scenes.app import App
from scenes.ui import (
    Button,
    MenuScene,
    Segmented,
    draw_heading,
    draw_panel,
    draw_room,
    draw_text,
    draw_text_centered,
    seat_color,
)

SEAT_KINDS: tuple[str, ...] = ("human", "easy", "normal", "hard")
LEFT = pygame.Rect(120, 200, 980, 700)  # players and seats
RIGHT = pygame.Rect(1140, 200, 660, 700)  # options
ROW_HEIGHT = 104
CONTROL_HEIGHT = 72
FOOTER_Y = 950
OPTION_BLOCK = 230  # label, switch and up to two lines of hint


def seat_for(kind: str) -> Seat:
    """The seat a segmented choice stands for: a human or an AI of that level."""
    return Seat("human") if kind == "human" else Seat("ai", kind)


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

    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.rules = get_rules(game_id)
        self.players = self.rules.min_players
        # one choice per possible seat, kept when the player count goes down and up again
        self.kinds = ["human"] + ["normal"] * (self.rules.max_players - 1)
        self.option_values: dict[str, Any] = {spec.key: spec.default for spec in self.rules.options}
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
        """The options offered for the current player count."""
        return [spec for spec in self.rules.options if spec.applies_to(self.players)]

    def seats(self) -> list[Seat]:
        """The seats as chosen."""
        return [seat_for(kind) for kind in self.kinds[: self.players]]

    def options(self) -> dict[str, Any]:
        """The chosen values of the options that apply (the others stay at their defaults)."""
        return {spec.key: self.option_values[spec.key] for spec in self.applicable_options()}

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

    # ----- layout -----------------------------------------------------------------------------
    def seat_row_y(self, seat: int) -> int:
        """Top of a seat's row."""
        return LEFT.y + 190 + seat * ROW_HEIGHT

    def option_row_y(self, index: int) -> int:
        """Top of an option's row."""
        return RIGHT.y + 100 + index * OPTION_BLOCK

    def rebuild(self) -> None:
        """Make the seat and option controls for the current player count."""
        self.seat_choices = []
        for seat in range(self.players):
            rect = pygame.Rect(LEFT.x + 300, self.seat_row_y(seat), 640, CONTROL_HEIGHT)
            choices = [(kind, self._kind_label(kind)) for kind in SEAT_KINDS]
            self.seat_choices.append(Segmented(rect, choices, self.kinds[seat], self._kind_setter(seat)))
        self.option_choices = {}
        for index, spec in enumerate(self.applicable_options()):
            rect = pygame.Rect(RIGHT.x + 40, self.option_row_y(index) + 52, RIGHT.width - 80, CONTROL_HEIGHT)
            choices = [(value, choice_label(spec, value)) for value in spec.choices]
            self.option_choices[spec.key] = Segmented(
                rect, choices, self.option_values[spec.key], self._option_setter(spec.key)
            )
        widgets = [self.player_choice, *self.seat_choices, *self.option_choices.values()]
        self.group.set_widgets([*widgets, self.back_button, self.start_button])

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

    # ----- actions ----------------------------------------------------------------------------
    def start(self) -> None:
        """Build the match with a new seed and open its table."""
        match = Match(self.game_id, self.seats(), seed=tables.new_seed(), options=self.options())
        tables.open_table(self.app, match)

    # ----- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Room, heading, the two panels with their labels, the controls."""
        draw_room(surface)
        draw_heading(surface, t(f"game.{self.game_id}.title"), t("ui.setup.heading"), top=40)
        draw_panel(surface, LEFT, theme.PAPER, radius=28)
        draw_panel(surface, RIGHT, theme.PAPER, radius=28)
        self._draw_seat_labels(surface)
        self._draw_option_labels(surface)
        self.group.draw(surface)
        self.toast.draw(surface)

    def _draw_seat_labels(self, surface: pygame.Surface) -> None:
        """ "Players", "Who sits where", and each seat's symbol disc and number."""
        label_y = self.player_choice.rect.centery
        image = fonts.text(t("ui.setup.players"), theme.LARGE, theme.INK, True)
        surface.blit(image, image.get_rect(midleft=(LEFT.x + 40, label_y)))
        draw_text(surface, t("ui.setup.seats"), theme.LARGE, theme.INK, (LEFT.x + 40, LEFT.y + 126), True)
        for seat in range(self.players):
            center_y = self.seat_row_y(seat) + CONTROL_HEIGHT // 2
            disc = (LEFT.x + 70, center_y)
            pygame.draw.circle(surface, seat_color(seat), disc, 28)
            symbol = theme.SEAT_SYMBOLS[seat % len(theme.SEAT_SYMBOLS)]
            draw_text_centered(surface, symbol, theme.BODY, theme.TEXT, disc, True)
            name = fonts.text(t("ui.seat.seat", n=seat + 1), theme.BODY, theme.INK)
            surface.blit(name, name.get_rect(midleft=(LEFT.x + 114, center_y)))
        hint_y = self.seat_row_y(self.players) + 4
        for line in fonts.wrap(t("ui.setup.ai_hint"), theme.SMALL, LEFT.width - 80):
            draw_text(surface, line, theme.SMALL, theme.INK_SOFT, (LEFT.x + 40, hint_y))
            hint_y += fonts.line_height(theme.SMALL)

    def _draw_option_labels(self, surface: pygame.Surface) -> None:
        """ "Options", each option's label above its switch and its hint below, if any."""
        draw_text(surface, t("ui.setup.options"), theme.LARGE, theme.INK, (RIGHT.x + 40, RIGHT.y + 30), True)
        specs = self.applicable_options()
        if not specs:
            draw_text(
                surface, t("ui.setup.no_options"), theme.BODY, theme.INK_SOFT, (RIGHT.x + 40, RIGHT.y + 110)
            )
        for index, spec in enumerate(specs):
            top = self.option_row_y(index)
            label = t(spec.label) if spec.label else spec.key
            draw_text(surface, label, theme.BODY, theme.INK, (RIGHT.x + 40, top), True)
            hint_key = f"{spec.label}.hint"
            if spec.label and has_key(hint_key):
                line_y = top + 52 + CONTROL_HEIGHT + 8
                for line in fonts.wrap(t(hint_key), theme.TINY, RIGHT.width - 80)[:2]:
                    draw_text(surface, line, theme.TINY, theme.INK_SOFT, (RIGHT.x + 40, line_y))
                    line_y += fonts.line_height(theme.TINY)
