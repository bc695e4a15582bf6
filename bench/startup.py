"""Start-up time in Chromium: our table against a page that only runs loadPyodide().

    .venv/bin/python bench/startup.py [--runs 5] [--game kalah]

Builds dist/, serves it from a process of its own on a free localhost port with the same headers as Netlify (build.py's
handler; bench/ is served under /bench/ for this run only), and drives Debian's
/usr/bin/chromium with Playwright. For each run, in one fresh browser context (an empty cache):

  bare   bench/bare.html: a worker that imports dist's pyodide.mjs and runs loadPyodide(), nothing else
  play   play.html?game=<game>: the real table; worker.js loads Pyodide and our wheel

each loaded cold (first visit), then warm (the same URL again: HTTP cache, compiled wasm, and
whatever the service worker keeps; for the table, once its worker has stored Python's memory
snapshot, so the warm table is a return visit that boots from it). Then every game whose start
the build bakes (dist/starts/) is opened cold once a run, for its first move. Times are ms after
navigation start, the median over runs:

  first paint      the first paint entry (first-paint, else first-contentful-paint)
  engine ready     the worker's {type: "ready"} message reaching the page
  first move       the first element with [data-move] or [data-from] in the page (a legal move, or a piece to move, one can click)

Prints figures only; never asserts timings.
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

try:
    from playwright.sync_api import sync_playwright
except ImportError:
    sys.exit("bench/startup.py needs Playwright: run it with .venv/bin/python "
             "(`python3 build.py test -k pyodide` sets the .venv up)")

# Runs in every page before its own scripts: note when the engine is ready and when the first
# legal move can be clicked, without touching the page's code.
MARKERS = """
(() => {
  const marks = (window.__bench = { ready: null, move: null, worker: null });
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", ({ data }) => {
        if (data && data.type === "ready" && marks.ready === null) {
          marks.ready = performance.now();
          marks.worker = data;
        }
      });
    }
  };
  const observer = new MutationObserver(() => {
    if (marks.move === null && document.querySelector("[data-move], [data-from]")) {
      marks.move = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-move"] });
})();
"""

READ_MARKS = """
() => {
  const paints = Object.fromEntries(performance.getEntriesByType("paint").map((e) => [e.name, e.startTime]));
  return { ...window.__bench, paint: paints["first-paint"] ?? paints["first-contentful-paint"] ?? null };
}
"""


class BenchHandler(build.SiteHandler):
    """dist/ as usual, and bench/'s own pages under /bench/."""

    def translate_path(self, path: str) -> str:
        if path.startswith("/bench/"):
            saved, self.directory = self.directory, str(BENCH)
            try:
                return super().translate_path(path[len("/bench"):])
            finally:
                self.directory = saved
        return super().translate_path(path)




def serve() -> None:
    """Serves dist/ (and bench/) on a free port, which it prints first."""
    server = build.SiteServer(("127.0.0.1", 0), functools.partial(BenchHandler, directory=str(build.DIST)))
    print(server.server_address[1], flush=True)
    server.serve_forever()


def load(context: Any, url: str, wait_for_move: bool, timeout_ms: int, keep_snapshot: bool = False) -> dict[str, Any]:
    """The marks of one page load; with `keep_snapshot`, the page stays until its worker has
    stored Python's memory snapshot (untimed), so the next load is a return visit."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    # An arrow function, not a bare expression: Playwright evals expressions, which the CSP forbids.
    condition = "() => window.__bench.ready !== null" + (" && window.__bench.move !== null" if wait_for_move else "")
    try:
        page.wait_for_function(condition, timeout=timeout_ms, polling=50)
        marks = page.evaluate(READ_MARKS)
        if keep_snapshot:
            page.wait_for_selector("#table[data-snapshot='stored']", timeout=timeout_ms)
    except Exception as error:  # a page that never got ready: report it, go on measuring the rest
        marks = {"error": f"{type(error).__name__}: {errors or error}"}
    page.close()
    return marks


def median(values: list[float | None]) -> float | None:
    present = [value for value in values if value is not None]
    return statistics.median(present) if present else None


def show(value: float | None) -> str:
    return "-" if value is None else f"{value:8.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description="Start-up time of the built site in Chromium")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--game", default="kalah")
    parser.add_argument("--timeout", type=int, default=120, help="seconds to wait for one page")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)  # the server process
    options = parser.parse_args()

    if options.serve:
        return serve()
    manifest = build.build()
    # The server runs in a process of its own, as a real host would: in this one it shared the
    # interpreter lock with Playwright, and every file the page asked for waited on the bench.
    server = subprocess.Popen([sys.executable, __file__, "--serve"], stdout=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{server.stdout.readline().strip()}"
    pages = {
        "bare": (f"{base}/bench/bare.html?index=/{manifest['pyodide']}", False),
        "play": (f"{base}/play.html?game={options.game}", True),
    }
    results: dict[tuple[str, str], list[dict[str, Any]]] = {}
    baked = sorted(path.stem for path in (build.DIST / "starts").glob("*.json")
                   if json.loads(path.read_text())["start"] is not None)
    first_moves: dict[str, list[dict[str, Any]]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(build.CHROMIUM), args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"])
        print(f"Chromium {browser.version}, {options.runs} run(s), {base}", flush=True)
        for name, (url, wait_for_move) in pages.items():  # untimed: the first launch reads from disk
            context = browser.new_context()
            context.add_init_script(MARKERS)
            load(context, url, wait_for_move, options.timeout * 1000)
            context.close()
        for run in range(options.runs):
            for name, (url, wait_for_move) in pages.items():  # interleaved, so drift hits both alike
                context = browser.new_context()
                context.add_init_script(MARKERS)
                for cache in ("cold", "warm"):
                    marks = load(context, url, wait_for_move, options.timeout * 1000,
                                 keep_snapshot=name == "play" and cache == "cold")
                    results.setdefault((name, cache), []).append(marks)
                    if "error" in marks:
                        print(f"  run {run + 1} {name} {cache}: {marks['error']}", flush=True)
                context.close()
            for game in baked:
                context = browser.new_context()
                context.add_init_script(MARKERS)
                first_moves.setdefault(game, []).append(load(context, f"{base}/play.html?game={game}", True,
                                                             options.timeout * 1000))
                context.close()
            print(f"  run {run + 1} of {options.runs} done", flush=True)
        browser.close()
    server.terminate()

    print(f"\nms after navigation start, median of {options.runs}")
    print(f"{'page':<28}{'cache':<6}{'first paint':>12}{'engine ready':>14}{'first move':>12}")
    ready: dict[tuple[str, str], float | None] = {}
    for (name, cache), runs in results.items():
        label = "bare loadPyodide()" if name == "bare" else f"play.html?game={options.game}"
        ready[name, cache] = median([r.get("ready") for r in runs])
        move = median([r.get("move") for r in runs]) if name == "play" else None
        print(f"{label:<28}{cache:<6}{show(median([r.get('paint') for r in runs])):>12}"
              f"{show(ready[name, cache]):>14}{show(move):>12}")
    for cache in ("cold", "warm"):
        bare, play = ready.get(("bare", cache)), ready.get(("play", cache))
        if bare and play:
            print(f"engine ready / bare loadPyodide, {cache}: {play / bare:.2f}x")
    if ready.get(("bare", "cold")) and ready.get(("play", "warm")):
        print(f"return visit (from the snapshot) / bare loadPyodide, cold: "
              f"{ready['play', 'warm'] / ready['bare', 'cold']:.2f}x")
    booted = [bool(r["worker"].get("snapshot")) for r in results.get(("play", "warm"), []) if r.get("worker")]
    print(f"warm tables that booted from the snapshot: {sum(booted)} of {len(booted)}")
    for cache in ("cold", "warm"):
        stages = [r["worker"].get("stages", {}) for r in results.get(("play", cache), []) if r.get("worker")]
        if stages:
            names = list(stages[0])
            marks = ", ".join(f"{stage} {show(median([s.get(stage) for s in stages])).strip()}" for stage in names)
            print(f"worker stages, {cache} (ms after the worker started, when each began): {marks}")
    if first_moves:
        print(f"\nfirst visit, the baked start (ms after navigation start, median of {options.runs})")
        print(f"{'game':<28}{'first paint':>12}{'first move':>12}{'engine ready':>14}")
        for game, runs in first_moves.items():
            print(f"{game:<28}{show(median([r.get('paint') for r in runs])):>12}{show(median([r.get('move') for r in runs])):>12}"
                  f"{show(median([r.get('ready') for r in runs])):>14}")


if __name__ == "__main__":
    main()
