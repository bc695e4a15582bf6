// Runs the built pygames_core wheel inside Pyodide under Node, the way worker.js does in a browser.
//
//   node tests/pyodide_runner.mjs [--dist DIR] < input.json > output.json
//
// Pyodide comes from node_modules/pyodide, offline, with dist's pyodide-lock.json; DIR's (default:
// dist/ beside tests/) pygames_core wheel is unpacked into site-packages, as worker.js does. Then, for the JSON object on stdin:
//   {"requests": [bridge request objects...], "scripts": [Python source...]}
// it prints one JSON object:
//   {"answers": [parsed bridge answers...], "results": [...], "timings": {stage: ms}}
// Each script runs with runPythonAsync in a fresh namespace; its result is the value of its last
// expression (a str is returned as it is, so a script that ends with json.dumps(...) hands back JSON).
// Any failure prints the error to stderr and exits with code 1.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const here = path.dirname(fileURLToPath(import.meta.url));

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString("utf8").trim();
  return text ? JSON.parse(text) : {};
}

async function main() {
  const flag = process.argv.indexOf("--dist");
  const dist = path.resolve(flag > 0 ? process.argv[flag + 1] : path.join(here, "..", "dist"));
  const manifest = JSON.parse(await readFile(path.join(dist, "manifest.json"), "utf8"));
  const input = await readStdin();
  const timings = {};
  let last = performance.now();
  const lap = (stage) => {
    const now = performance.now();
    timings[stage] = Math.round(now - last);
    last = now;
  };

  const pyodide = await loadPyodide({
    lockFileURL: path.join(dist, manifest.pyodide, "pyodide-lock.json"),
    stdout: (line) => process.stderr.write(`${line}\n`), // stdout carries the JSON answer only
    stderr: (line) => process.stderr.write(`${line}\n`),
  });
  lap("load_pyodide");
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  const wheel = new Uint8Array(await readFile(path.join(dist, manifest.wheel))); // not a Node Buffer
  pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  lap("install_wheel");
  const handle = pyodide.pyimport("pygames_core.bridge").handle;
  lap("import_bridge");

  const answers = (input.requests ?? []).map((request) => JSON.parse(handle(JSON.stringify(request))));
  lap("requests");
  const results = [];
  for (const source of input.scripts ?? []) {
    const namespace = pyodide.globals.get("dict")();
    let value = await pyodide.runPythonAsync(source, { globals: namespace });
    if (value && typeof value.toJs === "function") {
      const proxy = value;
      value = proxy.toJs({ dict_converter: Object.fromEntries });
      proxy.destroy();
    }
    namespace.destroy();
    results.push(value ?? null);
  }
  lap("scripts");
  process.stdout.write(JSON.stringify({ answers, results, timings }));
}

main().catch((error) => {
  process.stderr.write(`pyodide_runner: ${error?.stack ?? error}\n`);
  process.exit(1);
});
