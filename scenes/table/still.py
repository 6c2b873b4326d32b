"""The table's still layer (a mixin of ``TableScene``): everything that changes only when the game
does is kept in one full-screen picture, repainted part by part (``StillPart``) when what a part
shows changes; each frame restores only what moved (dirty rectangles) and paints the moving pieces,
the panel and the toast on top."""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import t
from scenes.engine import crisp
from scenes.engine.app import FPS
from scenes.engine.app import SIZE as SCREEN
from scenes.engine.pad import glyphs_of
from scenes.table import labels
from scenes.table.part import TablePart
from scenes.table.still_part import StillPart

MARK_PULSE_RATE = 20.0  # frames a second for the gentle pulse of a move mark (nothing else moves)
STILL_CHECK_EVERY = 6  # a still table compares its still parts with the picture every few frames


class StillLayer(TablePart):
    """The drawing part of ``TableScene``."""

    # its pixel caches (``TableScene.__init__`` sets them out)
    _veiled: pygame.Surface | None  # the dimmed table under the open panel
    _veiled_key: tuple[Any, str, int] | None  # (that panel, language, viewer)
    _still: pygame.Surface | None  # the still layer
    _still_key: tuple[Any, ...]
    _still_shown: dict[str, tuple[Any, pygame.Rect]]  # part -> (signature, area)
    _painted: list[pygame.Rect]  # areas the moving pieces covered last frame
    _last_frame: tuple[int, bool]  # (screen id, something covered the table)
    _drawn_key: tuple[Any, ...]
    _still_checks: int

    def draw(self, surface: pygame.Surface) -> None:
        """The still layer, then the moving pieces, a panel and the toast.

        Usually only the areas the moving pieces covered last frame, and the parts of the still
        layer that changed, are restored from the still layer before the moving pieces are painted
        again (dirty rectangles); a scene or toast above, a panel, or a new viewer or language
        repaints the whole screen.
        Only these pixel caches are touched here; no game or scene state changes.
        """
        if self.panel is not None and self._draw_under_panel(surface):
            self.panel.draw(surface)
            self.toast.draw(surface)
            self._last_frame = (id(surface), True)
            self._drawn_key = self.picture_key()
            return
        still, changed = self._still_layer()
        if changed is None or not self._may_restore_only(surface):
            surface.blit(still, (0, 0))
        else:
            for area in self._painted + changed:
                surface.blit(still, area, area)
        moved = self.draw_moving(surface) + self.move_marks.draw(surface, self.at_rest()) + self.draw_hint(surface)
        self._painted = [area.inflate(4, 4) for area in moved if area.width and area.height]
        if self.panel is not None:
            labels.draw_veil(surface)
            # the dimmed table under a panel does not move: keep it, so later frames are one blit
            self._veiled = surface.copy()
            self._veiled_key = (self.panel, labels.lang(), self.viewer)
            self.panel.draw(surface)
        self.toast.draw(surface)
        self._last_frame = (id(surface), self.toast.visible or self.panel is not None)
        self._drawn_key = self.picture_key()

    # ----- how often the picture changes by itself (``Scene.frame_rate``) ---------------------------
    def frame_rate(self) -> float:
        """``FPS`` while anything moves or the picture is behind the game, a slow rate while only a
        move mark pulses, 0 while the table stands still (the app then shows no new frame)."""
        if self.moving():
            return FPS
        if self.picture_key() != self._drawn_key or self._still_parts_changed():
            return FPS
        if self.move_marks.changing(self.at_rest()):  # a held mark whose pulse is over stands still
            return MARK_PULSE_RATE
        return 0.0

    def moving(self) -> bool:
        """True while something on the table moves or fades by itself (a game adds its own)."""
        panel = self.panel
        return bool(self.pending) or self.animator.busy or self.ambient.busy or self.toast.visible \
            or (panel is not None and not getattr(panel, "complete", lambda: True)())

    def picture_key(self) -> tuple[Any, ...]:
        """What the table shows apart from its moving pieces, in a few cheap values: when it differs
        from the key of the last frame drawn, the table is drawn again."""
        return (id(self.match.state), len(self.match.log), self.viewer, self.hand_hidden, self.curtain_up,
                self.finished, id(self.panel), self.ai_ticket is None, self.hint_ticket is None,
                id(self.hint_advice), self.hint_for, self.rejections, id(self.playback.playing), labels.lang(),
                getattr(self.match, "status", None))

    def _still_parts_changed(self) -> bool:
        """Every ``STILL_CHECK_EVERY`` calls: True when a still part would show something other
        than the still layer does (a status line or a button that changed)."""
        self._still_checks = (self._still_checks + 1) % STILL_CHECK_EVERY
        if self._still_checks or self._still is None:
            return False
        shown = self._still_shown
        parts = self._all_still_parts()
        return any(shown.get(name, (None,))[0] != part.signature for name, part in parts.items())

    def _draw_under_panel(self, surface: pygame.Surface) -> bool:
        """Paint the dimmed table kept when the current panel opened; False if there is none yet.

        A panel stops event playback, so what lies under the veil stays as it was; blending the
        full-screen veil again every frame cost several milliseconds."""
        key = self._veiled_key
        if self._veiled is None or key is None or key[0] is not self.panel or key[1:] != (labels.lang(), self.viewer):
            return False
        surface.blit(self._veiled, (0, 0))
        return True

    def _may_restore_only(self, surface: pygame.Surface) -> bool:
        """True when the screen still holds exactly last frame's picture of this table: the app
        says nothing was drawn over it since (``App.holds``: no dialog, log or menu above it, now
        or last frame, and the same window and language), and the table itself covered nothing
        (no toast, no panel)."""
        same_surface, covered = self._last_frame[0] == id(surface), self._last_frame[1]
        return same_surface and not covered and self.app.holds(self) and self.panel is None \
            and not self.toast.visible

    def _still_layer(self) -> tuple[pygame.Surface, list[pygame.Rect] | None]:
        """Everything that changes only when the game does, kept in one full-screen picture.

        Each part is repainted only when what it shows changed, clipped to its old and new areas
        (with whatever overlaps them). Returns the picture and the areas repainted now, or None
        when all of it was.
        """
        parts = self._all_still_parts()
        key = (labels.lang(), self.viewer, crisp.generation())  # marks of text come and go with the window's scale
        if self._still is None or key != self._still_key:
            if self._still is None:
                window = pygame.display.get_surface()
                self._still = crisp.canvas(SCREEN, 0, window) if window is not None else crisp.canvas(SCREEN)
            self.paint_still_base(self._still)
            for part in parts.values():
                part.paint(self._still)
            self._still_key = key
            self._still_shown = {name: (part.signature, part.region) for name, part in parts.items()}
            return self._still, None
        areas = []
        for name, part in parts.items():
            shown = self._still_shown.get(name)
            if shown is None or shown[0] != part.signature:
                areas.append(part.region.union(shown[1]) if shown is not None else part.region)
        for area in areas:
            self._still.set_clip(area)
            self.paint_still_base(self._still)
            for part in parts.values():
                if part.region.colliderect(area):
                    part.paint(self._still)
        self._still.set_clip(None)
        self._still_shown = {name: (part.signature, part.region) for name, part in parts.items()}
        return self._still, areas

    def _all_still_parts(self) -> dict[str, StillPart]:
        """The game's still parts, then the status line and the buttons (painted in this order)."""
        parts = self.still_parts()
        parts["status"] = self.status_part()
        buttons = (tuple((button.is_enabled, button.hovered, button.pressed, button.text)
                         for button in self.buttons.widgets), self.buttons.show_focus and self.buttons.focus)
        region = self.buttons.widgets[0].rect.unionall([button.rect for button in self.buttons.widgets[1:]])
        parts["buttons"] = StillPart(buttons, region.inflate(30, 30), self.buttons.draw)
        return parts

    @staticmethod
    def picture_part(signature: Any, picture: pygame.Surface, **where: Any) -> StillPart:
        """A part that is one cached picture placed by ``where`` (e.g. ``center=(x, y)``)."""
        region = picture.get_rect(**where)
        return StillPart(signature, region, lambda surface: surface.blit(picture, region))

    def status_part(self) -> StillPart:
        """The status banner above the hand and the key hint in the corner."""
        text = self.status_text()
        mine = self.viewer_may_act()
        banner = labels.status_banner(text, mine) if text else None
        glyphs = glyphs_of(self.app)
        hint_text = self.pad_hint_text() if glyphs else t(self.KEYS_TEXT)
        hint = labels.key_hint(hint_text, glyphs) if self.viewer_is_person() else None
        banner_at = banner.get_rect(center=(960, self.status_y)) if banner is not None else None
        hint_at = hint.get_rect(bottomleft=(48, 1068)) if hint is not None else None
        areas = [area for area in (banner_at, hint_at) if area is not None]
        region = areas[0].unionall(areas[1:]) if areas else pygame.Rect(960, self.status_y, 0, 0)

        def paint(surface: pygame.Surface) -> None:
            if banner is not None and banner_at is not None:  # each is None when the other is
                surface.blit(banner, banner_at)
            if hint is not None and hint_at is not None:
                surface.blit(hint, hint_at)

        return StillPart((text, mine, hint is not None, glyphs), region, paint)
