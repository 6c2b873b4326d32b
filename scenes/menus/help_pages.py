"""The pages of the rules help, laid out: text lines and pictures at their places.

A page is laid out once per (game, page, language, width) into ``Line``s and ``Figure``s, placed
relative to the top left of the help's scrolling view; ``scenes.menus.help`` scrolls and draws them.

- ``rules``: the game's rules (``<game>.help.body``), then how this table reads the points the
  rulebook leaves open: one paragraph per house reading (``house_keys``);
- ``setup``: the table as set up for each player count;
- ``moves``: a legal and an illegal move on the table, with the rules' own refusal;
- ``scoring``: the table's score panel after a real action, and the arithmetic of each line;
- ``controls``: mouse, touch and keys at this game's table.

The pictures come from ``scenes.menus.help_pictures`` (the tables themselves); the words from the
game's catalogue (rules) and from ``help.json`` (everything around the pictures).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.core import house
from game.examples import ScoreLine, examples, player_counts
from game.i18n import catalogue, language, t
from game.narrate import MOVE, line_text, narrate_events, number, reason_text
from scenes.engine import fonts, theme
from scenes.menus import help_pictures
from scenes.table.labels import compact_name

PAGES: tuple[str, ...] = ("rules", "setup", "moves", "scoring", "controls")
PARAGRAPH_GAP = 22
SECTION_GAP = 48
COLUMN_GAP = 48
CAPTION_GAP = 14
BULLET_INDENT = 30
TEXT_WIDTH = 1320  # px: lines longer than this are hard to follow, however wide the panel
KEY_COLUMN = 300  # px: the keys' column on the controls page
MOVE_PICTURE_HEIGHT = 860  # px: a move's picture at most (its notes stay readable: about the table's size)
WIDE_PICTURE_HEIGHT = 900  # px: a picture that has the page's whole width at most
SUMS_WIDTH = 460  # px: the sums go beside a score panel when this much room is left, else under it


@dataclass(frozen=True)
class Line:
    """One laid-out line of text; ``x`` and ``y`` are its top left in the page."""

    text: str
    size: int
    color: tuple[int, int, int]
    bold: bool
    y: int
    x: int = 0


@dataclass
class Figure:
    """A picture in the page: ``rect`` is where it goes; ``image`` is the picture scaled to it;
    ``framed`` pictures (a cut of the table) get a thin frame, a panel with its own edge none."""

    rect: pygame.Rect
    image: pygame.Surface
    framed: bool = True


@dataclass
class Page:
    """A laid-out page: its lines, its pictures and its height."""

    lines: list[Line] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)
    height: int = 0


def has_text(key: str) -> bool:
    """True when ``key`` exists in the current or the English catalogue."""
    return key in catalogue(language()) or key in catalogue("en")


class Flow:
    """Puts text and pictures one under the other in a column ``width`` wide at ``x``."""

    def __init__(self, page: Page, width: int, x: int = 0, y: int = 0) -> None:
        self.page = page
        self.width = width
        self.x = x
        self.y = y

    def text(self, text: str, size: int = theme.BODY, color: tuple[int, int, int] = theme.INK,
             bold: bool = False, *, bullet: bool = False, gap: int = PARAGRAPH_GAP) -> None:
        """Each paragraph of ``text`` (blank-line separated), wrapped; a ``bullet`` hangs left."""
        indent = BULLET_INDENT if bullet else 0
        for paragraph in text.split("\n\n"):
            paragraph = paragraph.strip()
            if not paragraph:
                continue
            if bullet:
                self.page.lines.append(Line("•", size, theme.FUTON, True, self.y, self.x + 4))
            for row in fonts.wrap(paragraph, size, self.width - indent, bold):
                self.page.lines.append(Line(row, size, color, bold, self.y, self.x + indent))
                self.y += fonts.line_height(size, bold)
            self.y += gap

    def heading(self, text: str, size: int = theme.LARGE - 4) -> None:
        """A bold heading in the brand colour."""
        self.text(text, size, theme.FUTON, bold=True, gap=CAPTION_GAP)

    def picture(self, image: pygame.Surface, width: int | None = None, *, tallest: int | None = None,
                framed: bool = True) -> None:
        """``image`` scaled to ``width`` (the column's, by default) and at most ``tallest`` high,
        centred in the column."""
        width = min(width or self.width, self.width)
        if tallest is not None:
            width = min(width, tallest * image.get_width() // image.get_height())
        height = round(image.get_height() * width / image.get_width())
        rect = pygame.Rect(self.x + (self.width - width) // 2, self.y, width, height)
        self.page.figures.append(Figure(rect, pygame.transform.smoothscale(image, rect.size), framed))
        self.y = rect.bottom + CAPTION_GAP

    def gap(self, pixels: int) -> None:
        """Empty space."""
        self.y += pixels


def columns(page: Page, width: int, count: int, top: int) -> list[Flow]:
    """``count`` flows side by side across ``width``, starting at ``top``."""
    each = (width - COLUMN_GAP * (count - 1)) // count
    return [Flow(page, each, index * (each + COLUMN_GAP), top) for index in range(count)]


def finish(page: Page, bottom: int) -> Page:
    """The page with its height (the last gap not counted)."""
    page.height = max(0, bottom - PARAGRAPH_GAP)
    return page


# ----- the rules page ------------------------------------------------------------------------------
def rules_page(game_id: str, width: int) -> Page:
    """The rules, then the house readings under their heading."""
    page = Page()
    flow = Flow(page, min(width, TEXT_WIDTH))
    body_key = f"{game_id}.help.body"
    flow.text(t(body_key) if has_text(body_key) else t("ui.help.missing"))
    readings = house.shown_keys(game_id, language())
    legacy = f"{game_id}.help.house"  # one text for every reading (before the readings had keys)
    if readings or has_text(legacy):
        flow.gap(SECTION_GAP - PARAGRAPH_GAP)
        flow.text(t("ui.help.house_heading"), theme.LARGE, theme.FUTON, bold=True)
        flow.text(t("help.house.intro"), color=theme.INK_SOFT)
        if has_text(legacy):
            flow.text(t(legacy), color=theme.INK_SOFT)
        for key in readings:
            flow.text(t(key), color=theme.INK_SOFT, bullet=True)
    return finish(page, flow.y)


# ----- the picture pages ----------------------------------------------------------------------------
def setup_page(game_id: str, width: int) -> Page:
    """The table as set up for each player count, two to a row."""
    page = Page()
    intro = Flow(page, min(width, TEXT_WIDTH))
    intro.text(t("help.setup.intro"), color=theme.INK_SOFT)
    counts = list(player_counts(game_id))
    per_row = 1 if len(counts) == 1 else 2
    top = intro.y
    for start in range(0, len(counts), per_row):
        flows = columns(page, width if per_row > 1 else min(width, TEXT_WIDTH), per_row, top)
        for flow, players in zip(flows, counts[start:start + per_row]):
            flow.heading(t("help.setup.players", n=players))
            flow.picture(help_pictures.picture(game_id, f"setup-{players}"))
            note = f"help.{game_id}.setup.{players}"
            if has_text(note):
                flow.text(t(note), theme.SMALL + 2, theme.INK_SOFT)
        top = max(flow.y for flow in flows) + PARAGRAPH_GAP
    return finish(page, top)


def move_lines(game_id: str) -> tuple[str, str]:
    """What the legal move does, in the move log's words, and the table's refusal of the illegal one."""
    example = examples(game_id).move()
    match = example.recipe.build()
    events = match.apply(example.seat, example.legal)
    lines = [line for line in narrate_events(game_id, events, match.players, match.options) if line.kind == MOVE]
    said = line_text(lines[0], lambda seat: compact_name(seat, match)) if lines else ""
    return said, reason_text(game_id, example.reason, example.params)


def moves_page(game_id: str, width: int) -> Page:
    """The legal move and the illegal one (side by side, or one under the other for a game whose
    table is wide), each with what the table says."""
    page = Page()
    intro = Flow(page, min(width, TEXT_WIDTH))
    intro.text(t(f"help.{game_id}.moves.intro"), color=theme.INK_SOFT)
    said, refusal = move_lines(game_id)
    side_by_side = getattr(help_pictures.game_module(game_id), "MOVE_COLUMNS", 2) == 2
    if side_by_side:
        legal, illegal = columns(page, width, 2, intro.y)
        tallest = MOVE_PICTURE_HEIGHT
    else:
        legal = illegal = Flow(page, width, 0, intro.y)
        tallest = WIDE_PICTURE_HEIGHT
    legal.heading("✓ " + t("help.moves.legal"))
    legal.picture(help_pictures.picture(game_id, "move-legal"), tallest=tallest)
    legal.text(t(f"help.{game_id}.moves.legal"), theme.SMALL + 2)
    if said:
        legal.text(t("help.moves.played", line=said), theme.SMALL + 2, theme.INK_SOFT)
    if not side_by_side:
        illegal.gap(SECTION_GAP - PARAGRAPH_GAP)
    illegal.heading("× " + t("help.moves.illegal"))
    illegal.picture(help_pictures.picture(game_id, "move-illegal"), tallest=tallest)
    illegal.text(t(f"help.{game_id}.moves.illegal"), theme.SMALL + 2)
    illegal.text(t("help.moves.refused", reason=refusal), theme.SMALL + 2, theme.INK_SOFT)
    return finish(page, max(legal.y, illegal.y))


def score_sum(line: ScoreLine) -> str:
    """``4 (own stack) + 2 (cat) = 6`` in the current language."""
    parts = []
    for index, term in enumerate(line.terms):
        value = int(term.value) if float(term.value).is_integer() else term.value
        shown = t("help.score.term", label=t(term.key), value=number(abs(value)) if index else number(value))
        parts.append(shown if index == 0 else (" − " if value < 0 else " + ") + shown)
    total = int(line.total) if float(line.total).is_integer() else line.total
    return "".join(parts) + " = " + number(total)


def scoring_page(game_id: str, width: int) -> Page:
    """The table's score panel after the example's action, as large as the table shows it (never
    larger, at most the page's width: its figures are to be read), then each seat's sum."""
    page = Page()
    flow = Flow(page, width)
    flow.text(t(f"help.{game_id}.score.intro"), color=theme.INK_SOFT)
    image = help_pictures.picture(game_id, "score")
    beside = width - image.get_width() - COLUMN_GAP  # room for the sums next to the panel
    if beside >= SUMS_WIDTH:
        sums = Flow(page, beside, image.get_width() + COLUMN_GAP, flow.y)
        flow.width = image.get_width()
    flow.picture(image, min(width, image.get_width()), framed=False)
    if beside < SUMS_WIDTH:
        sums = Flow(page, min(width, TEXT_WIDTH), 0, flow.y + PARAGRAPH_GAP)
    example = examples(game_id).scoring()
    match = example.recipe.build()
    if example.heading:
        sums.heading(t(example.heading))
    for line in example.lines:
        sums.text(compact_name(line.seat, match), theme.BODY, theme.INK, bold=True, gap=0)
        sums.text(score_sum(line), theme.BODY, theme.INK_SOFT, gap=CAPTION_GAP)
    note = f"help.{game_id}.score.note"
    if has_text(note):
        sums.text(t(note), theme.SMALL + 2, theme.INK_SOFT)
    return finish(page, max(flow.y, sums.y) + PARAGRAPH_GAP)


# ----- the controls page ------------------------------------------------------------------------------
def key_rows(flow: Flow, text: str) -> None:
    """Lines "key<TAB>what it does" as two columns (a line without a tab spans both)."""
    for row in text.splitlines():
        key, _, what = row.partition("\t")
        if not what:
            flow.text(key, theme.SMALL + 2, theme.INK_SOFT, gap=CAPTION_GAP)
            continue
        top = flow.y
        keys = Flow(flow.page, KEY_COLUMN - 20, flow.x, top)
        keys.text(key, theme.SMALL + 2, theme.INK, bold=True, gap=0)
        words = Flow(flow.page, flow.width - KEY_COLUMN, flow.x + KEY_COLUMN, top)
        words.text(what, theme.SMALL + 2, theme.INK_SOFT, gap=0)
        flow.y = max(keys.y, words.y) + CAPTION_GAP


def controls_page(game_id: str, width: int) -> Page:
    """Mouse and touch on the left, keys on the right (this game's, then every table's)."""
    page = Page()
    pointer, keys = columns(page, width, 2, 0)
    for way in ("mouse", "touch"):
        pointer.heading(t(f"help.controls.{way}"))
        pointer.text(t(f"help.{game_id}.controls.{way}"), theme.SMALL + 2)
        pointer.gap(SECTION_GAP - PARAGRAPH_GAP)
    keys.heading(t("help.controls.keys"))
    key_rows(keys, t(f"help.{game_id}.controls.keys"))
    keys.gap(SECTION_GAP - CAPTION_GAP)
    keys.heading(t("help.controls.every_table"))
    key_rows(keys, t("help.controls.table_keys"))
    return finish(page, max(pointer.y, keys.y))


LAYOUTS: dict[str, Callable[[str, int], Page]] = {
    "rules": rules_page,
    "setup": setup_page,
    "moves": moves_page,
    "scoring": scoring_page,
    "controls": controls_page,
}


def lay_out(game_id: str, page: str, width: int) -> Page:
    """Page ``page`` of ``game_id``'s help for a view ``width`` wide."""
    return LAYOUTS[page](game_id, width)

