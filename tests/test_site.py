"""The built site agrees with the registry: one truth for what games exist.

build.py writes the catalogue into dist/index.html from pygames_core.games(), so it
paints before Python starts; these tests check what it wrote, and that every game has
a renderer and a thumbnail.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

import pygames_core

WEB = Path(__file__).resolve().parent.parent / "web"


class Catalogue(HTMLParser):
    """Collects (id, href, title, summary) from each <li data-game> of the catalogue."""

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[dict[str, str]] = []
        self._field: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "li" and "data-game" in attributes:
            self.entries.append({"id": attributes["data-game"] or "", "href": "", "title": "", "summary": "",
                                 "players": ""})
        elif self.entries and tag == "a" and not self.entries[-1]["href"]:
            self.entries[-1]["href"] = attributes.get("href") or ""
        elif self.entries and tag == "h2":
            self._field = "title"
        elif self.entries and tag == "p":
            self._field = "players" if attributes.get("class") == "players" else "summary"

    def handle_endtag(self, tag: str) -> None:
        if tag in ("h2", "p"):
            self._field = None

    def handle_data(self, data: str) -> None:
        if self._field and self.entries:
            self.entries[-1][self._field] += data


@pytest.fixture(scope="module")
def catalogue(built_site: Path) -> list[dict[str, str]]:
    parser = Catalogue()
    parser.feed((built_site / "index.html").read_text(encoding="utf-8"))
    return parser.entries


def test_catalogue_lists_every_registered_game_in_order(catalogue: list[dict[str, str]]) -> None:
    listed = [(entry["id"], entry["title"].strip()) for entry in catalogue]
    registered = [(info.id, info.title) for info in pygames_core.games()]
    assert listed == registered


def test_catalogue_entries_come_from_the_registry(catalogue: list[dict[str, str]]) -> None:
    entries = {entry["id"]: entry for entry in catalogue}
    for info in pygames_core.games():
        assert " ".join(entries[info.id]["summary"].split()) == info.summary
        assert entries[info.id]["href"] == f"play.html?game={info.id}"
        assert str(info.min_players) in entries[info.id]["players"]


def test_every_game_has_a_renderer_and_a_thumbnail() -> None:
    for info in pygames_core.games():
        assert (WEB / "games" / f"{info.id}.js").is_file(), f"web/games/{info.id}.js is missing"
        assert (WEB / "games" / f"{info.id}.svg").is_file(), f"web/games/{info.id}.svg is missing"


def test_pages_use_no_network_resources() -> None:
    """No CDN, no external font: every src and href in our pages is relative."""
    for page in WEB.glob("*.html"):
        text = page.read_text(encoding="utf-8")
        for marker in ('src="http', "src='http", 'href="http', "href='http", "@import", "//fonts."):
            assert marker not in text, f"{page.name} loads {marker!r}"


def test_each_table_has_its_first_position_baked_where_every_visitor_shares_it(built_site: Path) -> None:
    """starts/<id>.json (site_starts.py): the catalogue entry, and the start itself only where
    nothing in it depends on a seed or is hidden, and the first seat (a person's) is to move.
    Battle of LITS has no chance in play but draws its default board from the seed: no start."""
    import json

    from pygames_core import bridge

    for info in pygames_core.games():
        baked = json.loads((built_site / "starts" / f"{info.id}.json").read_text(encoding="utf-8"))
        entry = json.loads(bridge.handle(json.dumps({"op": "games", "game": info.id})))["games"][0]
        assert baked["info"] == entry, info.id
        if info.has_chance or info.has_hidden_info or info.id == "lits":
            assert baked["start"] is None, f"{info.id}: a baked deal would be every visitor's deal"
            continue
        start = baked["start"]
        assert start["to_move"] == 0 and start["ply"] == 0 and start["legal_moves"], info.id
        for seed in (1, 99):  # the same start whatever the seed: nothing in it was drawn
            fresh = json.loads(bridge.handle(json.dumps({"op": "new", "game": info.id, "seed": seed, "humans": [0]})))
            assert fresh["view"] == start["view"] and fresh["legal_moves"] == start["legal_moves"], info.id


@pytest.mark.parametrize("name", ["play.html", "index.html", "embed.html"])
def test_each_page_names_every_module_its_scripts_import_for_preloading(built_site: Path, name: str) -> None:
    """build.py's <link rel="modulepreload">: every module reached through static imports from
    the page's scripts, each once, each a file of the build, after the scripts themselves."""
    import re

    text = (built_site / name).read_text(encoding="utf-8")
    scripts = re.findall(r'<script type="module" src="([^"]+)"', text)
    preloads = re.findall(r'<link rel="modulepreload" href="([^"]+)">', text)
    reached: set[str] = set()
    waiting = list(scripts)
    while waiting:  # follow the imports as the browser would, by reading the built files
        source = (built_site / waiting.pop()).read_text(encoding="utf-8")
        for target in re.findall(r"^import .*?'\./([\w-]+\.js)';$", source, re.MULTILINE):
            if target not in reached:
                reached.add(target)
                waiting.append(target)
    assert scripts and reached, name
    assert sorted(preloads) == sorted(reached - set(scripts)), name
    assert len(preloads) == len(set(preloads)), f"{name} preloads a module twice"
    assert text.index("modulepreload") > text.rindex('<script type="module"'), "the scripts are asked for first"
