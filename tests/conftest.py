"""Fixtures shared by the test files: the built site, a local server for it, and Chromium.

  built_site   (session) dist/ as a Path, built once by `python3 build.py` when it is missing or
               older than any source (web/, pygames_core/, build.py, site_rules.py, pyproject.toml,
               package files)
  site_url     (session) "http://127.0.0.1:<free port>", no trailing slash: dist/ served in a
               background thread by build.py's own handler, with the MIME types and the
               netlify.toml headers (CSP, caching) that Netlify sends
  node         (session) the path of the node executable
  browser_type_launch_args   pytest-playwright launches Debian's /usr/bin/chromium
  browser_context_args       its pages run without service workers, but for a test marked
                             browser_context_args(service_workers="allow") (test_browser_offline)
  no_page_errors             (autouse) a test with a `page` fails on any console error, and plays
                             the computer at the fast pace unless marked normal_pace

Nothing here skips: a missing node, dist/ that will not build, or a missing Chromium fails the
tests that need them, with the reason.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # noqa: E402  (build.py at the repository root: standard library only)
from servers import serving  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _newest_source_time() -> float:
    sources = [ROOT / "build.py", ROOT / "site_rules.py", ROOT / "pyproject.toml", ROOT / "package-lock.json",
               ROOT / "netlify.toml"]
    for folder in (ROOT / "web", ROOT / "pygames_core"):
        sources.extend(path for path in folder.rglob("*") if "__pycache__" not in path.parts)
    return max((path.stat().st_mtime for path in sources if path.is_file()), default=0.0)


@pytest.fixture(scope="session")
def built_site() -> Path:
    manifest = build.DIST / "manifest.json"
    if not manifest.exists() or manifest.stat().st_mtime < _newest_source_time():
        result = subprocess.run([sys.executable, str(ROOT / "build.py")], cwd=ROOT,
                                capture_output=True, text=True)
        if result.returncode != 0:
            pytest.fail(f"python3 build.py failed:\n{result.stdout}{result.stderr}", pytrace=False)
    return build.DIST


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    yield from serving(build.make_server(built_site, port=0))


@pytest.fixture(scope="session")
def node() -> str:
    path = shutil.which("node")
    if path is None:
        pytest.fail("node is not installed: the Pyodide tests run the wheel under Node 20 or later",
                    pytrace=False)
    return path


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's launch arguments, pointed at Debian's Chromium."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package "
                    "(`python3 build.py test` does so when run as root)", pytrace=False)
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """No service worker in the `page` fixture's contexts: in each fresh one it would install the
    whole build (16 MB, Pyodide included) beside the test. test_browser_offline, which is about
    that worker, makes contexts of its own or marks its tests to allow it, and it runs as on the site."""
    return {**browser_context_args, "service_workers": "block"}


FAST_PACE = "try { localStorage.setItem('pygames.pace', 'fast'); } catch {}"


@pytest.fixture(autouse=True)
def no_page_errors(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every browser test also checks the console: no script error, CSP violation or failed load.
    Its page plays the computer at the fast pace (web/pace.js: the pauses that let a person follow
    its turns were most of the suite's time), unless the test is marked normal_pace."""
    if "page" not in request.fixturenames:
        yield
        return
    page = request.getfixturevalue("page")
    if request.node.get_closest_marker("normal_pace") is None:
        page.add_init_script(FAST_PACE)
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield
    assert errors == [], errors


@pytest.fixture(scope="session", autouse=True)
def patient_expectations() -> None:
    """`expect(...)` waits as long as any other wait (table.START_MS), not Playwright's 5 s: a
    board that needs Python's start on a loaded machine is slow, not wrong. A test that means a
    short wait says so itself."""
    from playwright.sync_api import expect
    from table import START_MS

    expect.set_options(timeout=START_MS)
