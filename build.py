#!/usr/bin/env python3
"""Build, serve and test the pygames site. Standard library only (Python 3.11+).

    python3 build.py                      build dist/
    python3 build.py serve [--port 8000]  build, then serve dist/ on http://127.0.0.1:PORT
    python3 build.py test [pytest args]   set up .venv, node_modules and Chromium, build, run pytest

dist/ holds:
  everything in web/ (worker.js gets the build's paths written into it, see BUILD_INFO below)
  pyodide/<pyodide version>/   the runtime files loadPyodide fetches, and a pyodide-lock.json that
                               lists no packages (we ship none of Pyodide's)
  wheels/<hash>/pygames_core-<version>-py3-none-any.whl   our package, built here with zipfile
  manifest.json                every file with its sha256 and size, and a `build` hash over them

Both pyodide/ and wheels/ carry a version or a content hash in their path, so netlify.toml can
cache them for a year as immutable; HTML, sw.js and manifest.json are never cached.
"""

from __future__ import annotations

import argparse
import ast
import base64
import fnmatch
import functools
import hashlib
import html
import http.server
import json
import os
import shutil
import subprocess
import sys
import tokenize
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
PACKAGE = ROOT / "pygames_core"
NODE_PYODIDE = ROOT / "node_modules" / "pyodide"
VENV = ROOT / ".venv"
CHROMIUM = Path("/usr/bin/chromium")

# What loadPyodide fetches from indexURL (read from pyodide.mjs): the module pyodide.asm.mjs,
# pyodide.asm.wasm, python_stdlib.zip and pyodide-lock.json. pyodide.mjs is what we import.
PYODIDE_RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")

# worker.js holds `/*BUILD_INFO*/ {...} /*END_BUILD_INFO*/`; the build writes the real paths there,
# so the worker knows where Pyodide and the wheels are without fetching anything first.
BUILD_INFO_START, BUILD_INFO_END = "/*BUILD_INFO*/", "/*END_BUILD_INFO*/"
CATALOGUE_MARK = "<!--CATALOGUE-->"

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".whl": "application/octet-stream",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
}

# A fixed time for every zip entry (the earliest a zip can hold), so a wheel depends only on its files.
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


class BuildError(Exception):
    """A failure with a message for the person at the terminal."""


def run(command: list[str], what: str, cwd: Path = ROOT) -> None:
    print(f"build.py: {what}: {' '.join(command)}", flush=True)
    try:
        subprocess.run(command, cwd=cwd, check=True)
    except FileNotFoundError:
        raise BuildError(f"{what} failed: {command[0]} is not installed") from None
    except subprocess.CalledProcessError as error:
        raise BuildError(f"{what} failed (exit code {error.returncode})") from None


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def read_json(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise BuildError(f"cannot read {path.relative_to(ROOT)}: {error}") from None


# ---------------------------------------------------------------------------------------- npm

def npm_stamp() -> Path:
    return ROOT / "node_modules" / ".pygames-package-lock.sha256"


def ensure_node_modules(force_check: bool = False) -> None:
    """`npm ci` when node_modules/pyodide is missing or (with force_check) package-lock.json changed."""
    lock_hash = sha256_file(ROOT / "package-lock.json")
    installed = (NODE_PYODIDE / "pyodide.mjs").exists()
    if installed and not force_check:
        return
    if installed and npm_stamp().exists():
        if npm_stamp().read_text().strip() == lock_hash:
            return
    elif installed:
        # No stamp yet (installed by hand): accept it when the pinned Pyodide is what is there.
        pinned = read_json(ROOT / "package-lock.json").get("packages", {}).get("node_modules/pyodide", {})
        if pinned.get("version") == read_json(NODE_PYODIDE / "package.json").get("version"):
            npm_stamp().write_text(lock_hash + "\n")
            return
    run(["npm", "ci", "--no-audit", "--no-fund"], "installing the Pyodide npm package")
    npm_stamp().write_text(lock_hash + "\n")


# -------------------------------------------------------------------------------------- wheel

def project_metadata() -> dict:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8")).get("project", {})
    if "name" not in project or "version" not in project:
        raise BuildError("pyproject.toml needs project.name and project.version")
    return project


def record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def shipped_source(source: str) -> str:
    """Python source without its comments and docstrings, for the wheel: they are a third of
    its bytes, and every table downloads the wheel. Each statement stays on its own line, so a
    traceback from the browser names the line of the file in the repository."""
    lines = source.splitlines(keepends=True)
    for token in tokenize.generate_tokens(iter(lines).__next__):
        if token.type == tokenize.COMMENT:
            row, column = token.start
            lines[row - 1] = lines[row - 1][:column].rstrip() + "\n"
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            # A string on its own is a docstring or a no-op; an empty one keeps the statement.
            first = node.lineno - 1
            lines[first] = lines[first][: node.col_offset] + '""\n'
            for row in range(first + 1, node.end_lineno):  # type: ignore[operator]
                lines[row] = "\n"
    return "".join(line if line.strip() else "\n" for line in lines)


def build_wheel(out_dir: Path) -> Path:
    """pygames_core as a pure-Python wheel, byte-for-byte the same for the same sources."""
    project = project_metadata()
    name = project["name"].replace("-", "_")
    version = project["version"]
    dist_info = f"{name}-{version}.dist-info"
    files: list[tuple[str, bytes]] = []
    for path in sorted(PACKAGE.rglob("*")):
        relative = path.relative_to(ROOT)
        if path.is_dir() or "__pycache__" in relative.parts or path.suffix in (".pyc", ".pyo"):
            continue
        if any(part.startswith(".") for part in relative.parts):
            continue
        data = path.read_bytes()
        files.append((relative.as_posix(), shipped_source(data.decode()).encode() if path.suffix == ".py" else data))
    if not any(arcname == "pygames_core/bridge.py" for arcname, _ in files):
        raise BuildError("pygames_core/bridge.py is missing: nothing to build")

    fields = {"Metadata-Version": "2.1", "Name": project["name"], "Version": version,
              "Summary": project.get("description"), "Requires-Python": project.get("requires-python"),
              "License": (project.get("license") or {}).get("text")}
    metadata = "".join(f"{key}: {value}\n" for key, value in fields.items() if value)
    files.append((f"{dist_info}/METADATA", metadata.encode()))
    files.append((f"{dist_info}/WHEEL", (
        "Wheel-Version: 1.0\nGenerator: pygames build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    ).encode()))
    record = "".join(f"{arcname},{record_hash(data)},{len(data)}\n" for arcname, data in files)
    files.append((f"{dist_info}/RECORD", (record + f"{dist_info}/RECORD,,\n").encode()))

    out_dir.mkdir(parents=True, exist_ok=True)
    wheel = out_dir / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for arcname, data in files:  # package files sorted, then METADATA, WHEEL, RECORD last
            info = zipfile.ZipInfo(arcname, date_time=ZIP_TIME)
            info.external_attr = 0o644 << 16
            info.create_system = 3
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data, compresslevel=9)
    return wheel


# ------------------------------------------------------------------------------------ pyodide

def copy_pyodide(target: Path) -> None:
    """The runtime files, and a lock file that lists no packages: we ship none of Pyodide's, and
    the lock is fetched on every start, so it should not promise wheels that are not in dist/."""
    target.mkdir(parents=True)
    for name in PYODIDE_RUNTIME[:-1]:
        source = NODE_PYODIDE / name
        if not source.exists():
            raise BuildError(f"node_modules/pyodide/{name} is missing: run `npm ci`")
        shutil.copy2(source, target / name)
    lock = read_json(NODE_PYODIDE / "pyodide-lock.json")
    shipped = {"info": lock["info"], "packages": {}}
    (target / "pyodide-lock.json").write_text(json.dumps(shipped, indent=1, sort_keys=True) + "\n")


# -------------------------------------------------------------------------------------- build

def build(quiet: bool = False) -> dict:
    """Builds dist/ and returns its manifest."""
    if not WEB.is_dir():
        raise BuildError("web/ is missing")
    ensure_node_modules()
    pyodide_version = read_json(NODE_PYODIDE / "package.json")["version"]
    CACHE.mkdir(exist_ok=True)  # staging sits in .cache/ (ignored by git), on dist's file system
    staging = CACHE / f"dist-building-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    try:
        shutil.copytree(WEB, staging, ignore=shutil.ignore_patterns(".*", "__pycache__", "*~"))
        pyodide_dir = f"pyodide/{pyodide_version}/"
        copy_pyodide(staging / pyodide_dir)
        wheel_tmp = build_wheel(staging / "wheels")
        wheel_dir = staging / "wheels" / sha256_file(wheel_tmp)[:16]
        wheel_dir.mkdir()
        wheel = wheel_tmp.rename(wheel_dir / wheel_tmp.name)
        info = {
            "pyodide": pyodide_dir,
            "pyodide_version": pyodide_version,
            "wheel": wheel.relative_to(staging).as_posix(),
        }
        write_build_info(staging / "worker.js", info)
        write_catalogue(staging / "index.html")
        manifest = write_manifest(staging, info)
        old = CACHE / f"dist-old-{os.getpid()}"
        if DIST.exists():
            DIST.rename(old)
        staging.rename(DIST)
        shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    if not quiet:
        size = sum(entry["size"] for entry in manifest["files"].values())
        print(f"build.py: built dist/ ({len(manifest['files'])} files, {size / 1e6:.1f} MB, "
              f"build {manifest['build'][:12]}, {manifest['wheel']})", flush=True)
    return manifest


def write_build_info(worker: Path, info: dict) -> None:
    text = worker.read_text(encoding="utf-8")
    start, end = text.find(BUILD_INFO_START), text.find(BUILD_INFO_END)
    if start < 0 or end < start:
        raise BuildError(f"web/worker.js has no {BUILD_INFO_START} ... {BUILD_INFO_END} to fill in")
    filled = json.dumps(info, sort_keys=True)
    worker.write_text(text[: start + len(BUILD_INFO_START)] + " " + filled + " " + text[end:], encoding="utf-8")


def write_catalogue(index: Path) -> None:
    """Fills index.html's catalogue from the registry: one truth for what games exist, and a
    list that paints without Python."""
    sys.path.insert(0, str(ROOT))
    from pygames_core import games  # standard library only, like this script

    entries = []
    for info in games():
        if not (WEB / "games" / f"{info.id}.svg").is_file():
            raise BuildError(f"web/games/{info.id}.svg is missing: every game has a thumbnail")
        players = (f"{info.min_players} players" if info.min_players == info.max_players
                   else f"{info.min_players}-{info.max_players} players")
        entries.append(
            f'    <li data-game="{info.id}">\n'
            f'      <a href="play.html?game={info.id}">\n'
            f'        <img src="games/{info.id}.svg" alt="" width="88" height="60">\n'
            f'        <div>\n'
            f'          <h2>{html.escape(info.title)}</h2>\n'
            f'          <p>{html.escape(info.summary)}</p>\n'
            f'          <p class="players">{players}</p>\n'
            f'        </div>\n'
            f'      </a>\n'
            f'    </li>\n')
    text = index.read_text(encoding="utf-8")
    if CATALOGUE_MARK not in text:
        raise BuildError(f"web/index.html has no {CATALOGUE_MARK} for the catalogue")
    index.write_text(text.replace(CATALOGUE_MARK + "\n", "".join(entries)), encoding="utf-8")


def write_manifest(site: Path, info: dict) -> dict:
    files = {}
    for path in sorted(site.rglob("*")):
        if path.is_file():
            files[path.relative_to(site).as_posix()] = {"sha256": sha256_file(path), "size": path.stat().st_size}
    listing = "".join(f"{name} {entry['sha256']}\n" for name, entry in files.items())
    manifest = {"build": hashlib.sha256(listing.encode()).hexdigest(), **info, "files": files}
    (site / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    return manifest


# -------------------------------------------------------------------------------------- serve

@functools.cache
def netlify_headers() -> list[tuple[str, dict[str, str]]]:
    """The [[headers]] of netlify.toml, so the dev server sends what Netlify sends."""
    path = ROOT / "netlify.toml"
    if not path.exists():
        return []
    rules = tomllib.loads(path.read_text(encoding="utf-8")).get("headers", [])
    return [(rule["for"], {k: " ".join(str(v).split()) for k, v in rule.get("values", {}).items()})
            for rule in rules]


def headers_for(url_path: str) -> dict[str, str]:
    """Every rule whose pattern matches adds its headers (`*` matches across slashes, as on
    Netlify); a header set by two rules gets both values, comma-joined."""
    headers: dict[str, str] = {}
    for pattern, values in netlify_headers():
        if fnmatch.fnmatchcase(url_path, pattern):
            for key, value in values.items():
                headers[key] = f"{headers[key]}, {value}" if key in headers else value
    headers.setdefault("Cache-Control", "public, max-age=0, must-revalidate")  # Netlify's default
    return headers


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a directory with the right MIME types and netlify.toml's headers, quietly."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    protocol_version = "HTTP/1.1"  # keep-alive, as a real host: the page fetches a dozen files

    def end_headers(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        for key, value in headers_for(path).items():
            if key.lower() != "content-type":  # the MIME map above already sent it
                self.send_header(key, value)
        super().end_headers()

    def log_request(self, code: object = "-", size: object = "-") -> None:
        if str(code)[:1] in ("4", "5"):  # quiet: only failed requests are worth a line
            sys.stderr.write(f"serve: {code} {self.requestline}\n")

    def log_message(self, format: str, *args: object) -> None:
        pass


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):  # browsers hang up
            super().handle_error(request, client_address)


def make_server(directory: Path = DIST, port: int = 0, host: str = "127.0.0.1") -> SiteServer:
    """A server for `directory` (port 0: a free port); call serve_forever() on it."""
    return SiteServer((host, port), functools.partial(SiteHandler, directory=str(directory)))


def serve(port: int) -> None:
    build()
    try:
        server = make_server(DIST, port)
    except OSError as error:
        raise BuildError(f"cannot listen on 127.0.0.1:{port}: {error.strerror}") from None
    print(f"build.py: serving dist/ on http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# --------------------------------------------------------------------------------------- test

def ensure_venv() -> Path:
    python = VENV / "bin" / "python"
    if not python.exists():
        run([sys.executable, "-m", "venv", str(VENV)], "creating .venv")
    stamp = VENV / ".pygames-pyproject.sha256"
    wanted = sha256_file(ROOT / "pyproject.toml")
    if not stamp.exists() or stamp.read_text().strip() != wanted:
        run([str(python), "-m", "pip", "install", "--quiet", "-e", ".[test]"], "installing the test dependencies")
        stamp.write_text(wanted + "\n")
    return python


def ensure_chromium() -> None:
    if CHROMIUM.exists():
        return
    if os.geteuid() != 0:
        raise BuildError(f"{CHROMIUM} is missing: install Debian's chromium package "
                         "(sudo apt-get install chromium) and run again")
    run(["apt-get", "update"], "updating the Debian package lists")
    run(["apt-get", "install", "-y", "chromium"], "installing Chromium")
    if not CHROMIUM.exists():
        raise BuildError(f"apt-get installed chromium but {CHROMIUM} is still missing")


def test(pytest_args: list[str]) -> int:
    python = ensure_venv()
    ensure_node_modules(force_check=True)
    ensure_chromium()
    build()
    print(f"build.py: running pytest {' '.join(pytest_args)}", flush=True)
    return subprocess.call([str(python), "-m", "pytest", *pytest_args], cwd=ROOT)


# --------------------------------------------------------------------------------------- main

def main(argv: list[str]) -> int:
    if argv[:1] == ["test"]:  # everything after `test` goes to pytest untouched
        command, rest = "test", argv[1:]
    else:
        parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
        parser.add_argument("command", nargs="?", default="build", choices=["build", "serve", "test"])
        parser.add_argument("--port", type=int, default=8000, help="port for serve (default 8000)")
        options = parser.parse_args(argv)
        command, rest = options.command, [str(options.port)]
    try:
        if command == "build":
            build()
        elif command == "serve":
            serve(int(rest[0]))
        else:
            return test(rest)
    except BuildError as error:
        print(f"build.py: error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
