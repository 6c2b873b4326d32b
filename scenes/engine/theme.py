"""One palette and one type scale for every screen: a warm kotatsu room, a wooden table."""

from __future__ import annotations

Color = tuple[int, int, int]

ROOM: Color = (28, 22, 20)  # behind everything
WOOD: Color = (122, 82, 52)  # the table top
WOOD_DARK: Color = (86, 56, 36)
FELT: Color = (38, 86, 72)  # the play mat on the table
FELT_LIGHT: Color = (52, 108, 90)
FUTON: Color = (178, 58, 48)  # kotatsu futon red, the brand colour
PAPER: Color = (248, 241, 226)  # card faces, panels
PAPER_SHADE: Color = (226, 214, 192)
INK: Color = (43, 35, 31)  # text on paper
INK_SOFT: Color = (108, 94, 84)
TEXT: Color = (250, 244, 232)  # text on dark
TEXT_DIM: Color = (186, 172, 156)
ACCENT: Color = (232, 120, 64)  # persimmon: focus, highlights
GOLD: Color = (236, 190, 92)
OK: Color = (118, 214, 150)  # legal target glow
BAD: Color = (232, 92, 80)  # refused, with a reason
SHADOW = (0, 0, 0, 90)
CARD_BACK: Color = (44, 60, 110)
CARD_BACK_LINE: Color = (212, 176, 96)

# Seats differ by colour AND symbol, so colour is never the only signal.
SEAT_COLORS: tuple[Color, ...] = ((214, 96, 64), (72, 136, 204), (98, 170, 92), (204, 164, 60), (160, 104, 190))
SEAT_SYMBOLS: tuple[str, ...] = ("●", "▲", "■", "◆", "★")

# Type scale (pixels on the 1920x1080 logical surface).
TITLE = 96
HEADING = 52
LARGE = 40
BODY = 30
SMALL = 24
TINY = 20
# The floor for text a player must read: 17 px here is 11.3 px in a 1280x720 window (scale 2/3).
LEAST = 17

# Touch-friendly sizes.
BUTTON_HEIGHT = 76
BUTTON_RADIUS = 18
MIN_TARGET = 64
