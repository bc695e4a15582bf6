"""The static site agrees with the registry: one truth for what games exist.

The catalogue (web/index.html) is static HTML so it paints before Python starts; these
tests keep its list equal to pygames_core.games(), and check that every game has a renderer.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

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
            self.entries.append({"id": attributes["data-game"] or "", "href": "", "title": "", "summary": ""})
        elif self.entries and tag == "a" and not self.entries[-1]["href"]:
            self.entries[-1]["href"] = attributes.get("href") or ""
        elif self.entries and tag in ("h2", "p"):
            self._field = "title" if tag == "h2" else "summary"

    def handle_endtag(self, tag: str) -> None:
        if tag in ("h2", "p"):
            self._field = None

    def handle_data(self, data: str) -> None:
        if self._field and self.entries:
            self.entries[-1][self._field] += data


def catalogue() -> list[dict[str, str]]:
    parser = Catalogue()
    parser.feed((WEB / "index.html").read_text(encoding="utf-8"))
    return parser.entries


def test_catalogue_lists_every_registered_game_in_order() -> None:
    listed = [(entry["id"], entry["title"].strip()) for entry in catalogue()]
    registered = [(info.id, info.title) for info in pygames_core.games()]
    assert listed == registered


def test_catalogue_summaries_are_the_registry_summaries() -> None:
    summaries = {entry["id"]: " ".join(entry["summary"].split()) for entry in catalogue()}
    for info in pygames_core.games():
        assert summaries[info.id] == info.summary


def test_catalogue_links_to_each_table() -> None:
    for entry in catalogue():
        assert entry["href"] == f"play.html?game={entry['id']}"


def test_every_game_has_a_renderer() -> None:
    for info in pygames_core.games():
        assert (WEB / "games" / f"{info.id}.js").is_file(), f"web/games/{info.id}.js is missing"


def test_pages_use_no_network_resources() -> None:
    """No CDN, no external font: every src and href in our pages is relative."""
    for page in WEB.glob("*.html"):
        text = page.read_text(encoding="utf-8")
        for marker in ('src="http', "src='http", 'href="http', "href='http", "@import", "//fonts."):
            assert marker not in text, f"{page.name} loads {marker!r}"
