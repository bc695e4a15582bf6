"""The rule-explainer pages in dist/rules/: one per game, and every diagram a record that replays.

build.py writes them with site_rules.py from web/rules/<id>.md. These tests read what it wrote,
as a browser would get it, and replay each diagram's record through the engine, so a change to
the rules that breaks a diagram fails here even if nobody rebuilds the pages by hand.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

import pygames_core
import site_rules
from pygames_core import Record, RecordError, bridge

ROOT = Path(__file__).resolve().parent.parent

# The diagrams issue 7 asks for, by the figure id each page gives them.
REQUIRED_DIAGRAMS = {
    "kalah": ("kalah-capture",),
    "bobail": ("bobail-trap",),
    "pylos": ("pylos-square",),
    "lits": ("lits-illegal-2x2",),
    "isaac": ("isaac-scoring-line",),
    "one": ("one-jump-chain",),
    "go": ("go-ko", "go-superko"),
    "backgammon": ("backgammon-bar-entry", "backgammon-bear-off"),
    "lostcities": ("lostcities-scoring",),
    "nautilus": ("nautilus-kraken", "nautilus-fishbone", "nautilus-anchor", "nautilus-eye",
                 "nautilus-diving-module", "nautilus-harpoon"),
    "flamingpyramids": ("fp-collapse", "fp-cascade", "fp-explosion", "fp-fire", "fp-curse", "fp-fire-die"),
    "cacao": ("cc-two-owners", "cc-market", "cc-temples", "cc-overbuild"),
    "evolution": ("ev-cooperation", "ev-defences", "ev-pack-hunting", "ev-scavenger", "ev-extinction"),
}


@dataclass
class Parsed:
    """What the tests need from one page."""

    lang: str = ""
    title: str = ""
    ids: set[str] = field(default_factory=set)
    links: list[tuple[str, str]] = field(default_factory=list)  # (tag, href or src)
    diagrams: list[dict[str, str]] = field(default_factory=list)  # attributes, plus "figure": its figure's id
    inline_code: list[str] = field(default_factory=list)  # what a strict CSP would block
    scripts: list[dict[str, str]] = field(default_factory=list)
    sections: int = 0  # h2 headings in <main>, the contents box's own excluded
    toc_links: list[str] = field(default_factory=list)
    text: str = ""


class PageParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Parsed()
        self._figure = ""
        self._in_title = False
        self._in_toc = False
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        page = self.page
        if tag == "html":
            page.lang = attributes.get("lang", "")
        if "id" in attributes:
            page.ids.add(attributes["id"])
        for name in attributes:
            if name == "style" or name.startswith("on"):
                page.inline_code.append(f"<{tag} {name}=...>")
        for name in ("href", "src"):
            if name in attributes:
                page.links.append((tag, attributes[name]))
        if tag == "style":
            page.inline_code.append("<style>")
        if tag == "script":
            page.scripts.append(attributes)
            self._in_script = True
        if tag == "title":
            self._in_title = True
        if tag == "nav" and "rules-toc" in attributes.get("class", ""):
            self._in_toc = True
        if tag == "a" and self._in_toc:
            page.toc_links.append(attributes.get("href", ""))
        if tag == "h2" and not self._in_toc:
            page.sections += 1
        if tag == "figure":
            self._figure = attributes.get("id", "")
        if tag == "div" and "diagram" in attributes.get("class", "").split():
            page.diagrams.append({**attributes, "figure": self._figure})

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        elif tag == "nav":
            self._in_toc = False
        elif tag == "figure":
            self._figure = ""
        elif tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.page.title += data
        if self._in_script and data.strip():
            self.page.inline_code.append("<script> with a body")
        self.page.text += data


def parse(path: Path) -> Parsed:
    parser = PageParser()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.page


@pytest.fixture(scope="module")
def rules_dir(built_site: Path) -> Path:
    return built_site / "rules"


@pytest.fixture(scope="module")
def pages(rules_dir: Path) -> dict[str, Parsed]:
    """Every page in dist/rules/, by file name without .html (the index is "index")."""
    return {path.stem: parse(path) for path in sorted(rules_dir.glob("*.html"))}


def test_every_registered_game_has_a_rules_page_listed_in_the_index(pages: dict[str, Parsed]) -> None:
    index_links = {href for tag, href in pages["index"].links if tag == "a"}
    for info in pygames_core.games():
        assert info.id in pages, f"rules/{info.id}.html is missing (write web/rules/{info.id}.md)"
        assert f"{info.id}.html" in index_links, f"rules/index.html does not link {info.id}.html"
        assert info.title in pages[info.id].title


def test_only_pages_ship_not_their_sources(rules_dir: Path) -> None:
    assert sorted(path.name for path in rules_dir.iterdir() if path.suffix != ".html") == ["diagrams"]
    assert {path.suffix for path in (rules_dir / "diagrams").rglob("*") if path.is_file()} == {".json"}


def test_every_diagram_replays_through_the_engine(pages: dict[str, Parsed]) -> None:
    checked = 0
    for name, page in pages.items():
        for diagram in page.diagrams:
            where = f"rules/{name}.html#{diagram['figure']}"
            try:
                record = Record.from_url(diagram["data-record"])
                states = list(record.states())
            except RecordError as error:
                pytest.fail(f"{where}: {error}")
            assert record.game == diagram["data-pygames-game"] == name, where
            assert diagram["data-move"].isdigit() and 0 <= int(diagram["data-move"]) <= len(record.moves), where
            assert diagram["data-mode"] in ("view", "replay"), where
            if pygames_core.get_game(name).info.has_hidden_info:
                assert states[-1].outcome() is not None, f"{where}: a game with hidden cards is shown finished"
            checked += 1
    assert checked >= 2 * len(REQUIRED_DIAGRAMS)


def test_every_diagram_has_its_answers_baked(rules_dir: Path, pages: dict[str, Parsed]) -> None:
    """What embed.html asks for in view and replay is in rules/diagrams/<game>/<id>.json, and
    it is what the bridge answers (web/baked.js then starts no Python)."""
    for name, page in pages.items():
        for diagram in page.diagrams:
            where = f"rules/{name}.html#{diagram['figure']}"
            assert diagram["data-baked"] == diagram["figure"], where
            baked = json.loads((rules_dir / "diagrams" / name / f"{diagram['data-baked']}.json").read_text())
            assert baked["record"] == diagram["data-record"], where
            record = Record.from_url(diagram["data-record"])
            move, total = int(diagram["data-move"]), len(record.moves)
            answers = baked["answers"]
            assert {"games", f"load {move}", f"load {total}"} <= set(answers), where
            for key, answer in answers.items():
                if key == "games":
                    assert answer["games"][0]["id"] == name, where
                    continue
                ply = int(key.split()[1])
                fresh = json.loads(bridge.handle(json.dumps(
                    {"op": "load", "record": record.prefix(ply).to_dict(), "seat": None})))
                assert answer["view"] == fresh["view"] and answer["ply"] == ply, f"{where} at move {ply}"
                assert answer["record"] == (fresh["public"] or fresh["record"]), f"{where}: hidden cards at move {ply}"


def test_the_diagrams_the_issue_asks_for_are_there(pages: dict[str, Parsed]) -> None:
    for game, wanted in REQUIRED_DIAGRAMS.items():
        figures = {diagram["figure"] for diagram in pages[game].diagrams}
        for figure in wanted:
            assert figure in figures, f"rules/{game}.html has no diagram #{figure}"


def test_no_page_has_inline_styles_or_scripts(pages: dict[str, Parsed]) -> None:
    for name, page in pages.items():
        assert page.inline_code == [], f"rules/{name}.html: {page.inline_code}"
        for script in page.scripts:
            assert script.get("src"), f"rules/{name}.html has a script without src"


def test_pages_are_complete_documents(pages: dict[str, Parsed]) -> None:
    for name, page in pages.items():
        assert page.lang == "en", name
        assert page.title.strip(), name
        assert ("link", "../style.css") in page.links, name
        embeds = [script for script in page.scripts if script.get("src") == "../embed.js"]
        if page.diagrams:
            assert len(embeds) == 1 and "defer" in embeds[0], f"rules/{name}.html needs ../embed.js, deferred"
        if name != "index":
            assert ("a", "../index.html") in page.links, f"rules/{name}.html does not lead back to the catalogue"
            assert ("a", f"../play.html?game={name}") in page.links, f"rules/{name}.html does not lead to its table"


def test_long_pages_have_a_table_of_contents(pages: dict[str, Parsed]) -> None:
    for name, page in pages.items():
        if name != "index" and page.sections >= site_rules.TOC_MIN_SECTIONS:
            assert len(page.toc_links) == page.sections, f"rules/{name}.html: contents and sections differ"
            for href in page.toc_links:
                assert href[1:] in page.ids, f"rules/{name}.html: the contents link {href} leads nowhere"


def test_every_option_is_on_its_page(pages: dict[str, Parsed]) -> None:
    for info in pygames_core.games():
        for option in info.options:
            assert option.label in pages[info.id].text, f"rules/{info.id}.html does not mention {option.label!r}"


def test_every_internal_link_resolves(built_site: Path, pages: dict[str, Parsed]) -> None:
    registered = {info.id for info in pygames_core.games()}
    ids = {f"rules/{name}.html": page.ids for name, page in pages.items()}
    for name, page in pages.items():
        for tag, link in page.links:
            where = f"rules/{name}.html <{tag}> {link!r}"
            parts = urlsplit(link)
            if parts.scheme or parts.netloc:
                assert tag == "a", f"{where}: a page loads nothing from another site"
                continue
            target = (built_site / "rules" / parts.path).resolve() if parts.path else built_site / "rules" / f"{name}.html"
            assert target.is_file(), f"{where}: no such file in dist/"
            relative = target.relative_to(built_site.resolve()).as_posix()
            if parts.fragment:
                assert parts.fragment in ids.get(relative, set()), f"{where}: no element with that id"
            if relative == "play.html" and parts.query:
                assert parse_qs(parts.query).get("game", [""])[0] in registered, f"{where}: no such game"


# ------------------------------------------------------------------------- the generator itself

def write_source(folder: Path, text: str) -> Path:
    folder.mkdir()
    (folder / "kalah.md").write_text(text, encoding="utf-8")
    return folder


KALAH_PAGE = """# Kalah

Sow and capture.

## Options

{{options}}

```diagram {name}
moves: {moves}
caption: A diagram.{extra}
```
"""


def test_the_sources_in_web_build(tmp_path: Path) -> None:
    pages = site_rules.write_pages(ROOT / "web" / "rules", tmp_path)
    assert [page.info.id for page in pages] == [info.id for info in pygames_core.games()
                                                if (ROOT / "web" / "rules" / f"{info.id}.md").exists()]


def test_a_diagram_that_does_not_replay_stops_the_build(tmp_path: Path) -> None:
    sources = write_source(tmp_path / "web", KALAH_PAGE.format(name="bad", moves="3; 7", extra=""))
    with pytest.raises(site_rules.SourceError, match=r"kalah\.md:9: bad: move 2 does not replay"):
        site_rules.write_pages(sources, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_a_move_said_to_be_illegal_must_be_illegal(tmp_path: Path) -> None:
    page = KALAH_PAGE.format(name="claim", moves="3", extra="\nillegal: 1")  # South moves again: pit 1 is legal
    sources = write_source(tmp_path / "web", page)
    with pytest.raises(site_rules.SourceError, match="illegal move '1' is legal"):
        site_rules.write_pages(sources, tmp_path / "out")
    fixed = write_source(tmp_path / "fixed", page.replace("illegal: 1", "illegal: 3"))  # pit 3 is empty now
    assert [diagram.id for diagram in site_rules.write_pages(fixed, tmp_path / "out")[0].diagrams] == ["claim"]


def test_the_generated_page_escapes_text_and_lists_options(tmp_path: Path) -> None:
    page = KALAH_PAGE.format(name="one", moves="3", extra="").replace("Sow and capture.", "Sow <b>&</b> *capture*.")
    site_rules.write_pages(write_source(tmp_path / "web", page), tmp_path / "out")
    text = (tmp_path / "out" / "kalah.html").read_text(encoding="utf-8")
    assert "Sow &lt;b&gt;&amp;&lt;/b&gt; <em>capture</em>." in text
    assert "<dt>Stones per pit</dt>" in text
    assert not (tmp_path / "out" / "kalah.md").exists()
    assert 'href="kalah.html"' in (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
