// Two ways of running our package in Pyodide under Node that the table's own path does not show.
//
//   node tests/pyodide_extras.mjs micropip --dist DIR --site URL   > output.json
//   node tests/pyodide_extras.mjs snapshot --dist DIR < games.json > output.json
//
// micropip: a Pyodide of someone else's page (dist's pinned runtime and micropip, nothing of the
// table's) installs pygames-core from the site's simple index (URL/simple) and plays a Kalah
// game to its end; prints {version, plies, outcome}.
// snapshot: what worker.js does on a first visit (the wheel unpacked, every module imported with
// the bridge's "preload", a memory snapshot made), then a second Python booted from that snapshot
// alone plays, through the bridge, a random game of each game named on stdin (["kalah", ...]);
// prints {modules, files, answers} (files: whether our package's files are on the booted Python's
// file system; the games must play from memory).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { loadPyodide } from "pyodide";

const argument = (name) => process.argv[process.argv.indexOf(name) + 1];
const quiet = { stdout: (line) => process.stderr.write(`${line}\n`), stderr: (line) => process.stderr.write(`${line}\n`) };

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString("utf8") || "null");
}

async function micropip(dist, manifest) {
  const pyodide = await loadPyodide({ lockFileURL: path.join(dist, manifest.pyodide, "pyodide-lock.json"), ...quiet });
  await pyodide.loadPackage("micropip");
  const result = await pyodide.runPythonAsync(`
import json, micropip
await micropip.install("pygames-core", index_urls=[${JSON.stringify(argument("--site") + "/simple")}])
from importlib.metadata import version
from pygames_core import get_game
state = get_game("kalah").new(2)
plies = 0
while not state.is_over():
    state = state.play(state.legal_moves()[0])
    plies += 1
json.dumps({"version": version("pygames_core"), "plies": plies, "outcome": state.outcome().to_dict()})
`);
  return JSON.parse(result);
}

async function snapshot(dist, manifest) {
  const games = await readStdin();
  const lockFileURL = path.join(dist, manifest.pyodide, "pyodide-lock.json");
  const first = await loadPyodide({ lockFileURL, _makeSnapshot: true, ...quiet });
  const sitePackages = first.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  first.unpackArchive(new Uint8Array(await readFile(path.join(dist, manifest.wheel))), "wheel", { extractDir: sitePackages });
  const preload = JSON.parse(first.pyimport("pygames_core.bridge").handle('{"op": "preload"}'));
  const image = first.makeMemorySnapshot();

  const booted = await loadPyodide({ lockFileURL, _loadSnapshot: image, ...quiet });
  const handle = booted.pyimport("pygames_core.bridge").handle;
  const files = booted.runPython(`
import os, sysconfig
os.path.exists(os.path.join(sysconfig.get_paths()["purelib"], "pygames_core"))`);
  const answers = {};
  for (const game of games) {
    let answer = JSON.parse(handle(JSON.stringify({ op: "new", game, seed: 5 })));
    for (let move = 0; move < 40 && answer.ok && !answer.outcome; move++) {
      answer = JSON.parse(handle(JSON.stringify({ op: "computer_move", record: answer.record, player: "random", seed: move })));
    }
    const formats = JSON.parse(handle(JSON.stringify({ op: "games", game })));
    answers[game] = { ok: answer.ok, error: answer.error ?? null, ply: answer.ply ?? null, formats: formats.games?.[0]?.formats ?? null };
  }
  return { modules: preload.modules, files, answers };
}

async function main() {
  const dist = path.resolve(argument("--dist"));
  const manifest = JSON.parse(await readFile(path.join(dist, "manifest.json"), "utf8"));
  const run = { micropip, snapshot }[process.argv[2]];
  if (!run) throw new Error(`unknown run ${process.argv[2]}`);
  process.stdout.write(JSON.stringify(await run(dist, manifest)));
}

main().catch((error) => {
  process.stderr.write(`pyodide_extras: ${error?.stack ?? error}\n`);
  process.exit(1);
});
