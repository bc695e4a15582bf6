"""Rule-explainer pages: web/rules/<id>.md in, rules/<id>.html and rules/index.html out.

build.py calls `write_pages(WEB / "rules", <dist>/rules)`. This module sits at the repository
root, beside build.py and outside pygames_core, because it is site tooling: it needs
pygames_core (to replay every diagram) and the standard library, and build.py itself stays
standard library only.

Each source is a small subset of Markdown, written for people first:

    # Kalah                              the page title (the first line, once)
    ## The goal                          a section: h2, listed in the table of contents
    ### Sowing {#sowing}                 h3; ids come from the text unless given as {#id}
    Plain lines make paragraphs; a blank line ends one.
    - a list item                        "- " or "1. "; indented lines continue the item
    | a | b |                            a table: a header row, a |---| row, then rows
    **bold**, *italic*, `code`, [text](href)
    {options}                            the game's options, listed from its GameInfo

and diagram blocks, live boards embedded by ../embed.js:

    ```diagram kalah-capture             the id becomes the figure's anchor: keep it stable
    options: stones=4                    "name=value, ..." (defaults for the rest)
    players: 2                           default: the game's minimum
    seed: 0                              default 0
    moves: 5; 1; 1                       the game's notation, ";" between moves
    move: 2                              the move shown first: a number, or "end" (default)
    mode: replay                         "replay" (steps through the moves) or "view"
    caption: South's last stone ...      required; inline markup allowed
    illegal: 4                           optional: moves the engine must refuse in the position
    ```                                  shown, for a caption that says "not allowed here"

A key's value goes on over the following indented lines. Several diagrams can step through
one game: a ```record NAME``` block holds options, players, seed and moves, and a diagram
says `record: NAME` instead of giving its own.

Every diagram is replayed through pygames_core when the pages are built, and a move that does
not replay stops the build with the file, the line and the engine's reason, so the pages can
never drift from the rules. A diagram of a game with hidden information must replay to the end
of the game: a finished game gives nothing away, whatever move the diagram shows first.

The answers embed.html would ask Python for are written beside the pages
(rules/diagrams/<game>/<id>.json, read by web/baked.js): a reader sees every diagram at once,
and Python starts only if they step a replay more than BAKED_STEPS moves away.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pygames_core import (GameError, GameInfo, IllegalMoveError, InvalidMoveError, Record, RecordError,
                          State, bridge, games, get_game)

ROOT = Path(__file__).resolve().parent

MODES = ("replay", "view")
PAGE_IDS = ("top", "contents")  # ids the page template uses itself
DESCRIPTION_LENGTH = 160
TOC_MIN_SECTIONS = 4  # shorter pages need no table of contents
BAKED_STEPS = 3  # a replay's steps either side of its first move answered at build time; Python does the rest
EMBED_SCRIPT = '<script src="../embed.js" defer></script>'

_HEADING = re.compile(r"(#{1,3}) +(.+?)(?: +\{#([a-z0-9-]+)\})?$")
_LIST_ITEM = re.compile(r"(?:[-*]|(\d+)\.) +(.*)")
_FENCE = re.compile(r"```(diagram|record) +([a-z0-9-]+)$")
_KEY = re.compile(r"([a-z]+): *(.*)")
_INLINE = re.compile(r"`([^`]+)`|\*\*(.+?)\*\*|\*(.+?)\*|\[([^\]]+)\]\(([^()\s]+)\)")
_TABLE_RULE = re.compile(r"\|? *:?-+:? *(\| *:?-+:? *)*\|?$")


class SourceError(Exception):
    """A rules source that cannot become a page; the message names the file and line."""


@dataclass(frozen=True)
class Diagram:
    id: str
    record: Record
    move: int
    mode: str
    caption: str  # inline markup, not yet HTML


@dataclass(frozen=True)
class Page:
    info: GameInfo
    title: str
    description: str
    body: str  # HTML of everything below the title
    sections: tuple[tuple[str, str], ...]  # (id, text) of each h2, for the contents
    diagrams: tuple[Diagram, ...]


def shown_path(path: Path) -> str:
    """A source's path as the person at the terminal knows it: from the repository root."""
    return path.resolve().relative_to(ROOT).as_posix() if path.resolve().is_relative_to(ROOT) else str(path)


# ------------------------------------------------------------------------------ inline markup

def inline(text: str) -> str:
    """Inline markup to HTML; everything else is escaped."""
    parts = []
    position = 0
    for match in _INLINE.finditer(text):
        parts.append(html.escape(text[position:match.start()], quote=False))
        code, strong, emphasis, label, href = match.groups()
        if code is not None:
            parts.append(f"<code>{html.escape(code, quote=False)}</code>")
        elif strong is not None:
            parts.append(f"<strong>{inline(strong)}</strong>")
        elif emphasis is not None:
            parts.append(f"<em>{inline(emphasis)}</em>")
        else:
            parts.append(f'<a href="{html.escape(href)}">{inline(label)}</a>')
        position = match.end()
    parts.append(html.escape(text[position:], quote=False))
    return "".join(parts)


def plain(text: str) -> str:
    """Inline markup reduced to its words (for <title>, the description and the contents)."""
    return " ".join(_INLINE.sub(lambda match: next(group for group in match.groups()[:4] if group), text).split())


def shortened(text: str, length: int) -> str:
    """`text` cut at a word boundary to at most `length` characters."""
    if len(text) <= length:
        return text
    return text[: length - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", plain(text).lower()).strip("-")


# ------------------------------------------------------------------------------------ parsing

class _Parser:
    """Reads one source line by line into HTML blocks, diagrams and sections."""

    def __init__(self, path: Path, info: GameInfo) -> None:
        self.path = path
        self.info = info
        self.lines = path.read_text(encoding="utf-8").splitlines()
        self.index = 0
        self.blocks: list[str] = []
        self.sections: list[tuple[str, str]] = []
        self.ids: set[str] = set(PAGE_IDS)
        self.records: dict[str, Record] = {}
        self.diagrams: list[Diagram] = []
        self.title = ""
        self.description = ""

    def fail(self, message: str, line: int | None = None) -> SourceError:
        where = self.index if line is None else line
        return SourceError(f"{shown_path(self.path)}:{where}: {message}")

    def parse(self) -> Page:
        first = self.lines[0] if self.lines else ""
        if not first.startswith("# "):
            raise self.fail("the first line is the page title, '# <title>'", 1)
        self.title = first[2:].strip()
        self.index = 1
        while self.index < len(self.lines):
            line = self.lines[self.index]
            stripped = line.strip()
            if not stripped:
                self.index += 1
            elif stripped.startswith("```"):
                self.fence()
            elif stripped.startswith("#"):
                self.heading(stripped)
            elif stripped == "{options}":
                self.blocks.append(options_html(self.info))
                self.index += 1
            elif stripped.startswith("|"):
                self.table()
            elif _LIST_ITEM.match(stripped) and line == line.lstrip():
                self.list()
            else:
                self.paragraph()
        if self.info.options and options_html(self.info) not in self.blocks:
            raise self.fail(f"{self.info.title} has options: the page lists them with {{options}}", 1)
        return Page(self.info, self.title, self.description, "\n".join(self.blocks),
                    tuple(self.sections), tuple(self.diagrams))

    def new_id(self, wanted: str) -> str:
        if not wanted:
            raise self.fail("this heading gives no id; add {#an-id}", self.index + 1)
        if wanted in self.ids:
            raise self.fail(f"the id {wanted!r} is used twice on this page", self.index + 1)
        self.ids.add(wanted)
        return wanted

    def heading(self, stripped: str) -> None:
        match = _HEADING.match(stripped)
        if not match or len(match[1]) == 1:
            raise self.fail("a heading is '## text' or '### text' (the title is the only '#')", self.index + 1)
        level = len(match[1])
        anchor = self.new_id(match[3] or slug(match[2]))
        if level == 2:
            self.sections.append((anchor, plain(match[2])))
        self.blocks.append(f'<h{level} id="{anchor}">{inline(match[2])}</h{level}>')
        self.index += 1

    def paragraph(self) -> None:
        lines = []
        while self.index < len(self.lines):
            stripped = self.lines[self.index].strip()
            if not stripped or stripped.startswith(("```", "#", "|", "{options}")) or _LIST_ITEM.match(stripped):
                break
            lines.append(stripped)
            self.index += 1
        text = " ".join(lines)
        if not self.description:
            self.description = shortened(plain(text), DESCRIPTION_LENGTH)
        self.blocks.append(f"<p>{inline(text)}</p>")

    def list(self) -> None:
        ordered = _LIST_ITEM.match(self.lines[self.index].strip())[1] is not None  # type: ignore[index]
        items: list[list[str]] = []
        while self.index < len(self.lines):
            line = self.lines[self.index]
            match = _LIST_ITEM.match(line)
            if match and (match[1] is not None) == ordered:
                items.append([match[2].strip()])
            elif items and line.startswith(" ") and line.strip():
                items[-1].append(line.strip())
            else:
                break
            self.index += 1
        tag = "ol" if ordered else "ul"
        rows = "".join(f"<li>{inline(' '.join(item))}</li>\n" for item in items)
        self.blocks.append(f"<{tag}>\n{rows}</{tag}>")

    def table(self) -> None:
        start = self.index
        rows = []
        while self.index < len(self.lines) and self.lines[self.index].strip().startswith("|"):
            rows.append(self.lines[self.index].strip())
            self.index += 1
        if len(rows) < 3 or not _TABLE_RULE.match(rows[1]):
            raise self.fail("a table is a header row, a |---| row and at least one row", start + 1)

        def cells(row: str) -> list[str]:
            return [cell.strip() for cell in row.strip("|").split("|")]

        head = "".join(f'<th scope="col">{inline(cell)}</th>' for cell in cells(rows[0]))
        body = "".join(
            "<tr>" + "".join(f"<td>{inline(cell)}</td>" for cell in cells(row)) + "</tr>\n" for row in rows[2:]
        )
        self.blocks.append(f'<div class="table-scroll"><table>\n<thead><tr>{head}</tr></thead>\n'
                           f"<tbody>\n{body}</tbody>\n</table></div>")

    def fence(self) -> None:
        start = self.index + 1
        match = _FENCE.match(self.lines[self.index].strip())
        if not match:
            raise self.fail("a block opens with ```diagram <id> or ```record <name>", start)
        fields: dict[str, str] = {}
        self.index += 1
        key = None
        while True:
            if self.index >= len(self.lines):
                raise self.fail(f"the block opened on line {start} is never closed with ```", start)
            line = self.lines[self.index]
            self.index += 1
            if line.strip() == "```":
                break
            if not line.strip():
                continue
            if line[:1].isspace() and key:
                fields[key] += " " + line.strip()
                continue
            field = _KEY.match(line)
            if not field or field[1] in fields:
                raise self.fail(f"expected a new 'key: value' line, not {line.strip()!r}", self.index)
            key = field[1]
            fields[key] = field[2].strip()
        kind, name = match.groups()
        if kind == "record":
            if name in self.records:
                raise self.fail(f"there are two records named {name!r}", start)
            self.records[name] = self.record(fields, start, name)
            return
        self.diagram(name, fields, start)

    def record(self, fields: dict[str, str], line: int, name: str) -> Record:
        unknown = set(fields) - {"options", "players", "seed", "moves"}
        if unknown:
            raise self.fail(f"{name}: a record has no key {sorted(unknown)[0]!r}", line)
        try:
            options = dict(pair.split("=", 1) for pair in fields.get("options", "").replace(" ", "").split(",") if pair)
        except ValueError:
            raise self.fail(f"{name}: options are written 'name=value, name=value'", line) from None
        try:
            players = int(fields["players"]) if "players" in fields else None
            seed = int(fields.get("seed", "0"))
        except ValueError:
            raise self.fail(f"{name}: players and seed are whole numbers", line) from None
        moves = tuple(move.strip() for move in fields.get("moves", "").split(";") if move.strip())
        try:
            record = Record.start(self.info.id, options, players, seed)
        except GameError as error:
            raise self.fail(f"{name}: {error}", line) from None
        record = Record(record.game, record.options, record.players, record.seed, moves)
        try:
            final = record.replay()
        except RecordError as error:
            raise self.fail(f"{name}: {error}", line) from None
        if self.info.has_hidden_info and final.to_move is not None:
            raise self.fail(f"{name}: {self.info.title} has hidden information, so a diagram's game is played "
                            f"to its end ({len(moves)} moves do not finish it)", line)
        return record

    def diagram(self, name: str, fields: dict[str, str], line: int) -> None:
        identifier = self.new_id(name)
        extra = set(fields) - {"record", "options", "players", "seed", "moves", "move", "mode", "caption", "illegal"}
        if extra:
            raise self.fail(f"{name}: a diagram has no key {sorted(extra)[0]!r}", line)
        if "record" in fields:
            if set(fields) & {"options", "players", "seed", "moves"}:
                raise self.fail(f"{name}: give either 'record:' or the record's own keys, not both", line)
            if fields["record"] not in self.records:
                raise self.fail(f"{name}: no record {fields['record']!r} above this diagram", line)
            record = self.records[fields["record"]]
        else:
            record = self.record({key: value for key, value in fields.items()
                                  if key in ("options", "players", "seed", "moves")}, line, name)
        shown = fields.get("move", "end")
        if shown == "end":
            move = len(record.moves)
        elif shown.isdigit() and int(shown) <= len(record.moves):
            move = int(shown)
        else:
            raise self.fail(f"{name}: move is 'end' or a number from 0 to {len(record.moves)}, not {shown!r}", line)
        mode = fields.get("mode", "replay")
        if mode not in MODES:
            raise self.fail(f"{name}: mode is one of {', '.join(MODES)}, not {mode!r}", line)
        if not fields.get("caption"):
            raise self.fail(f"{name}: every diagram has a caption", line)
        self.check_illegal(name, record.prefix(move).replay(), fields.get("illegal", ""), line)
        diagram = Diagram(identifier, record, move, mode, fields["caption"])
        self.diagrams.append(diagram)
        self.blocks.append(diagram_html(diagram))


    def check_illegal(self, name: str, state: State, moves: str, line: int) -> None:
        """A caption that says "this move is not allowed here" is checked against the engine."""
        for move in (move.strip() for move in moves.split(";") if move.strip()):
            try:
                state.play(move)
            except IllegalMoveError:
                continue
            except InvalidMoveError as error:
                raise self.fail(f"{name}: {move!r} is not a move at all, so it shows no rule: {error}", line) from None
            raise self.fail(f"{name}: the caption's illegal move {move!r} is legal in the position shown", line)


# ----------------------------------------------------------------------------------- HTML

def diagram_html(diagram: Diagram) -> str:
    attributes = (f'data-pygames-game="{diagram.record.game}" data-record="{diagram.record.to_url()}" '
                  f'data-move="{diagram.move}" data-mode="{diagram.mode}" data-theme="auto" data-baked="{diagram.id}"')
    return (f'<figure class="rules-diagram" id="{diagram.id}">\n<div class="diagram" {attributes}></div>\n'
            f"<figcaption>{inline(diagram.caption)}</figcaption>\n</figure>")


def baked_answers(diagram: Diagram) -> dict[str, Any]:
    """The worker's answers to what embed.html asks for this diagram: the game's entry, the
    whole record's end, and the positions a few steps either side of the move shown first, as
    the worker hands them on (with hidden cards not yet all shown, the record as a spectator
    reads it)."""
    total = len(diagram.record.moves)
    near = range(diagram.move - BAKED_STEPS, diagram.move + BAKED_STEPS + 1) if diagram.mode == "replay" else ()
    plies = sorted({diagram.move, total} | {ply for ply in near if 0 <= ply <= total})
    answers = {"games": _ask({"op": "games", "game": diagram.record.game})}
    for ply in plies:
        answer = _ask({"op": "load", "record": diagram.record.prefix(ply).to_dict(), "seat": None})
        public = answer.pop("public")
        if public is not None:
            answer["record"] = public
        answers[f"load {ply}"] = answer
    return {"record": diagram.record.to_url(), "answers": answers}


def _ask(request: dict[str, Any]) -> dict[str, Any]:
    answer = json.loads(bridge.handle(json.dumps(request)))
    if not answer["ok"]:
        raise SourceError(f"the bridge refused {request['op']}: {answer['error']['message']}")
    return answer


def options_html(info: GameInfo) -> str:
    rows = []
    for option in info.options:
        labels = option.choice_labels or option.choices
        choices = "; ".join(
            html.escape(label) + (" <em>(default)</em>" if value == option.default else "")
            for value, label in zip(option.choices, labels)
        )
        rows.append(f"<dt>{html.escape(option.label)}</dt>\n<dd>{choices}</dd>\n")
    return f'<dl class="rules-options">\n{"".join(rows)}</dl>'


def players_text(info: GameInfo) -> str:
    if info.min_players == info.max_players:
        return f"{info.min_players} players"
    return f"{info.min_players} to {info.max_players} players"


def _document(title: str, description: str, header: str, main: str, embeds: bool) -> str:
    return (
        "<!doctype html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n"
        f'<meta name="description" content="{html.escape(description)}">\n'
        '<link rel="icon" href="../icon.svg" type="image/svg+xml">\n'
        '<link rel="stylesheet" href="../style.css">\n'
        + (EMBED_SCRIPT + "\n" if embeds else "")
        + "</head>\n"
        '<body class="rules-page">\n<header class="top">\n'
        '  <a class="home" href="../index.html">← All games</a>\n'
        f"  {header}\n</header>\n"
        f'<main class="rules" id="top">\n{main}\n</main>\n</body>\n</html>\n'
    )


def page_html(page: Page) -> str:
    info = page.info
    summary = (f'<p class="rules-lead"><span>{players_text(info)}</span>'
               f'<a class="rules-play" href="../play.html?game={info.id}">Play {html.escape(info.title)}</a>'
               f'<a href="index.html">Rules of other games</a></p>')
    body = page.body
    if len(page.sections) >= TOC_MIN_SECTIONS:  # the contents go between the introduction and the first section
        entries = "".join(f'<li><a href="#{anchor}">{html.escape(text)}</a></li>\n' for anchor, text in page.sections)
        toc = (f'<nav class="rules-toc" aria-labelledby="contents">\n<h2 id="contents">Contents</h2>\n'
               f"<ol>\n{entries}</ol>\n</nav>\n")
        first = body.find("<h2 ")
        body = body[:first] + toc + body[first:]
    parts = [summary, body]
    parts.append(f'<p class="rules-end"><a href="#top">Back to the top</a>'
                 f'<a class="rules-play" href="../play.html?game={info.id}">Play {html.escape(info.title)}</a></p>')
    return _document(f"{plain(page.title)}: how to play · pygames", page.description,
                     f"<h1>How to play {inline(page.title)}</h1>", "\n".join(parts), embeds=bool(page.diagrams))


def index_html(pages: list[Page]) -> str:
    entries = "".join(
        f'<li><img src="../games/{page.info.id}.svg" alt="" width="88" height="60">\n'
        f'<div><h2><a href="{page.info.id}.html">{html.escape(page.info.title)}</a></h2>\n'
        f'<p>{html.escape(page.info.summary)}</p>\n'
        f'<p class="muted">{players_text(page.info)} · <a href="../play.html?game={page.info.id}">Play</a></p></div></li>\n'
        for page in pages
    )
    main = ('<p class="rules-lead">How each game is played, in plain words, with live boards that step '
            f"through the rules.</p>\n<ul class=\"rules-index\">\n{entries}</ul>")
    return _document("Rules of the games · pygames", "How to play each game of pygames, with live boards.",
                     "<h1>Rules of the games</h1>", main, embeds=False)


# ------------------------------------------------------------------------------------- build

def read_pages(sources: Path) -> list[Page]:
    """Every source parsed and its diagrams replayed, in catalogue order."""
    registered = {info.id: info for info in games()}
    paths = sorted(sources.glob("*.md"))
    for path in paths:
        if path.stem not in registered:
            raise SourceError(f"{shown_path(path)}: there is no registered game {path.stem!r}")
    found = {path.stem: path for path in paths}
    return [_Parser(found[game_id], get_game(game_id).info).parse() for game_id in registered if game_id in found]


def write_pages(sources: Path, target: Path) -> list[Page]:
    """Writes rules/<id>.html for each source and rules/index.html into `target`, and removes
    any copy of the sources there (the site ships the pages, not the Markdown)."""
    pages = read_pages(sources)
    target.mkdir(parents=True, exist_ok=True)
    for copied in target.glob("*.md"):
        copied.unlink()
    for page in pages:
        (target / f"{page.info.id}.html").write_text(page_html(page), encoding="utf-8")
        baked = target / "diagrams" / page.info.id
        baked.mkdir(parents=True, exist_ok=True)
        for diagram in page.diagrams:
            text = json.dumps(baked_answers(diagram), separators=(",", ":"))
            (baked / f"{diagram.id}.json").write_text(text, encoding="utf-8")
    (target / "index.html").write_text(index_html(pages), encoding="utf-8")
    return pages
