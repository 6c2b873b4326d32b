"""Nostalgic's modal panels: the final scoring of a game (``FinalPanel``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import language, t
from game.rules.nostalgic import SET_PAIR, SET_RAINBOW, SET_TRIPLE, FinalScored, GameEnded, GameStarted
from scenes.engine import fonts, theme
from scenes.engine.ui import draw_text_centered, fit_size, number_text, signed_text
from scenes.nostalgic import art as nart
from scenes.nostalgic.layout import final_panel_rect
from scenes.table.panel import SteppedPanel

if TYPE_CHECKING:
    from scenes.nostalgic.view import NostalgicView

PANEL_STEP = 0.8  # seconds between the lines of the final scoring (at normal speed)


class FinalPanel(SteppedPanel):
    """A game's final scoring, one step after another: unused chips, each player's best sets of
    cards (shown as groups), the box-ranking penalties, the final NP, the winner (or, after the
    first of two games, who starts the second). Each step's layer is painted once."""

    RECT = pygame.Rect(150, 70, 1620, 930)
    STEPS = ("chips", "sets", "rank", "total", "end")
    _painted_language: str | None = None  # the language of the cached paper
    STEP = PANEL_STEP

    def __init__(self, table: NostalgicView, event: FinalScored, ended: GameEnded | None,
                 next_game: GameStarted | None) -> None:
        self.RECT = final_panel_rect(len(event.totals))
        last = ended is not None
        super().__init__(table, (lambda: t("table.see_results")) if last else (lambda: t("table.continue")))
        self.nostalgic = table
        self.event = event
        self.ended = ended
        self.next_game = next_game
        self.shown = 0
        self.clock = 0.0
        self.button.rect.midbottom = (self.RECT.centerx, self.RECT.bottom - 24)
        self.button.enabled = self.complete
        self._layers: dict[tuple[str, str], pygame.Surface] = {}
        self._composite: pygame.Surface | None = None
        self._composite_key: tuple[int, str] = (-1, "")

    # ----- geometry ----------------------------------------------------------------------------------
    def columns(self) -> dict[str, int]:
        """The x of each column (panel coordinates)."""
        left = self.RECT.left
        return {"player": left + 50, "play": left + 390, "chips": left + 510, "sets": left + 600,
                "rank": left + 1250, "total": left + 1480}

    def row_y(self, seat: int) -> int:
        """The centre line of a seat's row."""
        return self.RECT.top + 190 + seat * 132

    def steps(self) -> int:
        """One step per column of ``STEPS``."""
        return len(self.STEPS)

    def _reveal_next(self) -> None:
        """One more step (with a sound)."""
        self.shown += 1
        audio = getattr(self.nostalgic.app, "audio", None)
        if audio is not None:
            audio.play("click" if self.shown < len(self.STEPS) else "round_end")

    def between_steps(self) -> None:
        """Paint the next step ahead, in a frame that reveals nothing."""
        self.layer(self.STEPS[self.shown])

    # ----- painting ----------------------------------------------------------------------------------
    def paint_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """Heading, column titles, names and NP from play (the rest comes step by step)."""
        event = self.event
        table = self.nostalgic
        if self.nostalgic.shown_games() > 1:
            heading = t("nostalgic_table.final.heading_of", n=event.game + 1, total=table.shown_games())
        else:
            heading = t("nostalgic_table.final.heading")
        size = fit_size(heading, theme.HEADING - 6, body.width - 80, bold=True)
        draw_text_centered(surface, heading, size, theme.INK, (body.centerx, body.top + 50), True)
        dx, dy = body.left - self.RECT.left, body.top - self.RECT.top
        top = self.RECT.top + 118
        for key, x in self.columns().items():
            text = t(f"nostalgic_table.final.col.{key}")
            image = fonts.text(text, fit_size(text, theme.TINY, 200, True), theme.INK_SOFT, True)
            where = image.get_rect(midleft=(x + dx, top + dy)) if key in ("player", "sets") else \
                image.get_rect(center=(x + dx, top + dy))
            surface.blit(image, where)
        line_y = top + dy + 22
        pygame.draw.line(surface, theme.PAPER_SHADE, (body.left + 40, line_y), (body.right - 40, line_y), 2)
        for seat in range(len(event.totals)):
            y = self.row_y(seat) + dy
            if seat % 2:
                band = pygame.Surface((body.width - 60, 124), pygame.SRCALPHA)
                pygame.draw.rect(band, (*theme.PAPER_SHADE, 110), band.get_rect(), border_radius=14)
                surface.blit(band, (body.left + 30, y - 62))
            x = self.columns()["player"] + dx
            marker = nart.player_marker(seat, 40)
            surface.blit(marker, marker.get_rect(center=(x + 20, y)))
            name = table.name_of(seat)
            label = fonts.text(name, fit_size(name, theme.BODY, 250), theme.INK)
            surface.blit(label, label.get_rect(midleft=(x + 50, y)))
            play = self.play_np(seat)
            play_at = (self.columns()["play"] + dx, y)
            draw_text_centered(surface, str(play), theme.LARGE - 4, theme.INK, play_at, True)

    def play_np(self, seat: int) -> int:
        """NP before this final scoring (the total less what the scoring added)."""
        event = self.event
        return event.totals[seat] - event.chips[seat] - event.set_points[seat] - event.penalties[seat]

    def layer(self, step: str) -> pygame.Surface:
        """The picture of one step (transparent, panel-sized, panel coordinates), made once per language."""
        key = (step, language())
        picture = self._layers.get(key)
        if picture is None:
            picture = pygame.Surface(self.RECT.size, pygame.SRCALPHA)
            getattr(self, f"_paint_{step}")(picture)
            self._layers[key] = picture
        return picture

    def _local(self, x: int, y: int) -> tuple[int, int]:
        """Screen -> panel coordinates."""
        return x - self.RECT.left, y - self.RECT.top

    def _paint_chips(self, picture: pygame.Surface) -> None:
        """+1 NP per unused chip."""
        for seat, chips in enumerate(self.event.chips):
            centre = self._local(self.columns()["chips"], self.row_y(seat))
            chip = nart.chip(30)
            picture.blit(chip, chip.get_rect(center=(centre[0] - 26, centre[1])))
            where = (centre[0] + 16, centre[1])
            draw_text_centered(picture, signed_text(chips), theme.BODY, theme.INK, where, True)

    def _paint_sets(self, picture: pygame.Surface) -> None:
        """Each player's best partition: groups of little cards, each with its kind and NP."""
        width = 52
        for seat, groups in enumerate(self.event.sets):
            x, y = self._local(self.columns()["sets"], self.row_y(seat))
            if not groups:
                note = fonts.text(t("nostalgic_table.final.no_sets"), theme.TINY, theme.INK_SOFT)
                picture.blit(note, note.get_rect(midleft=(x, y)))
            for kind, cards in groups:
                group_width = len(cards) * (width - 14) + 14
                label = t(f"nostalgic_table.set.{kind}", n=self._set_value(kind))
                image = fonts.text(label, fit_size(label, theme.TINY - 2, 150), theme.INK, True)
                group_width = max(group_width, image.get_width() + 8)
                frame = pygame.Rect(x - 6, y - 56, group_width + 12, 112)
                pygame.draw.rect(picture, (*theme.GOLD, 70), frame, border_radius=10)
                pygame.draw.rect(picture, theme.GOLD, frame, 2, border_radius=10)
                left = frame.centerx - (len(cards) * (width - 14) + 14) // 2
                for index, card in enumerate(cards):
                    face = nart.card_face(card, width)
                    picture.blit(face, face.get_rect(topleft=(left + index * (width - 14), y - 50)))
                picture.blit(image, image.get_rect(midbottom=(frame.centerx, frame.bottom - 4)))
                x = frame.right + 16
            total = fonts.text(signed_text(self.event.set_points[seat]), theme.BODY, theme.INK, True)
            left = max(x + 4, self._local(self.columns()["rank"] - 140, 0)[0])
            picture.blit(total, total.get_rect(midleft=(left, y)))

    @staticmethod
    def _set_value(kind: str) -> int:
        """NP of one set of ``kind``."""
        return {"triple": SET_TRIPLE, "rainbow": SET_RAINBOW, "pair": SET_PAIR}.get(kind, 0)

    def _paint_rank(self, picture: pygame.Surface) -> None:
        """Boxes packed and the ranking penalty."""
        for seat, boxes in enumerate(self.event.boxes):
            x, y = self._local(self.columns()["rank"], self.row_y(seat))
            text = t("nostalgic_table.final.boxes", n=boxes)
            image = fonts.text(text, theme.TINY, theme.INK_SOFT)
            picture.blit(image, image.get_rect(center=(x, y - 20)))
            penalty = self.event.penalties[seat]
            ink = theme.FUTON if penalty < 0 else theme.INK
            draw_text_centered(picture, signed_text(penalty), theme.BODY, ink,
                               (x, y + 16), True)

    def _paint_total(self, picture: pygame.Surface) -> None:
        """The final NP, the best in red."""
        best = max(self.event.totals)
        for seat, total in enumerate(self.event.totals):
            x, y = self._local(self.columns()["total"], self.row_y(seat))
            ink = theme.FUTON if total == best else theme.INK
            draw_text_centered(picture, number_text(total), theme.LARGE + 4, ink,
                               (x, y), True)

    def _paint_end(self, picture: pygame.Surface) -> None:
        """Who won (and how a tie was settled), or what happens in the second game."""
        text = self.end_text()
        y = self.RECT.height - 146
        size = fit_size(text, theme.BODY + 2, self.RECT.width - 120, bold=True)
        draw_text_centered(picture, text, size, theme.INK, (self.RECT.width // 2, y), True)

    def end_text(self) -> str:
        """The last line's words."""
        table = self.nostalgic
        if self.ended is not None:
            names = [table.name_of(seat) for seat in self.ended.winners]
            if len(names) == 1:
                home = self.ended.tiebreak
                key = "nostalgic_table.final.winner_home" if home else "nostalgic_table.final.winner"
                return t(key, player=names[0])
            return t("nostalgic_table.final.shared", players=" · ".join(names))
        if self.next_game is not None:
            return t("nostalgic_table.final.next_game", player=table.name_of(self.next_game.start_seat))
        return ""

    def draw(self, surface: pygame.Surface) -> None:
        """The paper with the steps shown so far (one cached picture per step), the button."""
        shown, lang = self._composite_key
        if self._composite is None or lang != language() or shown > self.shown:
            # pixel caches only: drawing changes nothing the game can see
            if self._surface is None or self._painted_language != language():
                self._surface = self.render()
                self._painted_language = language()
            self._composite, shown = self._surface.copy(), 0
        for step in self.STEPS[shown:self.shown]:  # only the steps revealed since the last frame
            self._composite.blit(self.layer(step), (20, 20))
        self._composite_key = (self.shown, language())
        surface.blit(self._composite, (self.RECT.left - 20, self.RECT.top - 20))
        self.group.draw(surface)
