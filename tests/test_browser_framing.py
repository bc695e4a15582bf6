"""The site's policy on any host: every page carries it in a <meta>, and no page but
embed.html works inside another site's frame, with netlify.toml's headers and without.
"""

from __future__ import annotations

import functools
import http.server
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from servers import other_site, serving
from table import START_MS

import build

FRAMED = ["play.html?game=kalah", "index.html", "rules/kalah.html"]


@pytest.fixture(scope="module")
def bare_host(built_site: Path) -> Iterator[str]:
    """dist/ on a host that sends no headers of its own, as many static hosts do."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **build.MIME_TYPES}

        def log_message(self, *args: object) -> None:
            pass

    yield from serving(http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(built_site))))


@pytest.fixture(scope="module")
def framing_site() -> Iterator[tuple[str, dict[str, str]]]:
    """Another origin whose pages (set by the test, by path) frame ours."""
    yield from other_site()


def test_every_page_carries_the_policy(built_site: Path) -> None:
    policy = build.page_policy()
    assert "default-src 'self'" in policy and "frame-ancestors" not in policy  # a <meta> cannot say that
    pages = sorted(built_site.glob("**/*.html"))
    assert len(pages) >= 14
    for page in pages:
        head = page.read_text(encoding="utf-8").split("</head>", 1)[0]
        metas = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', head)
        assert metas == [policy.replace("'", "&#x27;")], page
        assert head.index("Content-Security-Policy") < min(
            (head.index(tag) for tag in ("<script", "<link") if tag in head), default=len(head)), page


def test_pages_but_the_embed_may_be_framed_only_by_the_site_itself() -> None:
    for path in ("/", "/index.html", "/play.html", "/rules/kalah.html"):
        assert "frame-ancestors 'self'" in build.headers_for(path)["Content-Security-Policy"], path
        assert build.headers_for(path)["X-Frame-Options"] == "SAMEORIGIN", path
    assert "frame-ancestors" not in build.headers_for("/embed.html")["Content-Security-Policy"]
    assert "X-Frame-Options" not in build.headers_for("/embed.html")


def frames_page(site: str, paths: list[str]) -> str:
    return "".join(f'<iframe src="{site}/{path}" width="600" height="400"></iframe>' for path in paths)


def test_another_site_cannot_frame_the_table(browser: Browser, site_url: str, bare_host: str,
                                             framing_site: tuple[str, dict[str, str]]) -> None:
    origin, pages = framing_site
    pages["/netlify"] = frames_page(site_url, FRAMED + ["embed.html?game=kalah"])
    pages["/bare"] = frames_page(bare_host, FRAMED[:2] + ["embed.html?game=kalah"])
    context = browser.new_context()  # refused frames log errors: this page's console is not checked
    page = context.new_page()
    page.set_default_timeout(START_MS)
    try:
        page.goto(f"{origin}/netlify")
        frames = page.frame_locator("iframe")
        expect(frames.nth(3).locator("#embed-root")).to_have_attribute("data-state", "shown")
        for index in range(3):  # the browser refused them: nothing of ours is in the frame
            expect(frames.nth(index).locator("body")).not_to_contain_text("pygames", timeout=2000)
            assert frames.nth(index).locator("#table, main, #board").count() == 0

        page.goto(f"{origin}/bare")  # no header says no: framing.js does
        expect(frames.nth(2).locator("#embed-root")).to_have_attribute("data-state", "shown")
        for index in range(2):
            link = frames.nth(index).locator("body > a")
            expect(link).to_have_text("Open pygames in its own tab")
            assert frames.nth(index).locator("body > *").count() == 1
    finally:
        context.close()


def test_the_policy_holds_on_a_host_without_headers(browser: Browser, bare_host: str) -> None:
    context = browser.new_context()  # the refusal below is logged as an error, on purpose
    page = context.new_page()
    page.set_default_timeout(START_MS)
    try:
        page.goto(f"{bare_host}/play.html?game=kalah")
        page.wait_for_selector("#table[data-state='ready']")
        with page.expect_console_message(lambda message: "Content Security Policy" in message.text):
            page.evaluate("""() => {
                const script = document.createElement('script');
                script.textContent = 'window.injected = true';
                document.body.append(script);
            }""")
        assert page.evaluate("() => window.injected") is None
    finally:
        context.close()
