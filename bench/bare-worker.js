// Only loadPyodide(): no wheel, no import. Posts {type: "ready", ms} like worker.js.
const index = new URL(self.location.href).searchParams.get("index");
const indexURL = new URL(index, self.location.origin).href;
try {
  const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
  await loadPyodide({ indexURL });
  postMessage({ type: "ready", ms: Math.round(performance.now()) });
} catch (error) {
  postMessage({ type: "error", message: String(error?.message ?? error) });
}
