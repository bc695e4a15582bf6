// The baseline for bench/startup.py: a worker that only runs loadPyodide() from the built site,
// as worker.js does before it unpacks our wheel. ?index= names dist's Pyodide folder.
const index = new URLSearchParams(location.search).get("index") ?? "/pyodide/";
const worker = new Worker(new URL(`bare-worker.js?index=${encodeURIComponent(index)}`, import.meta.url),
                          { type: "module" });
worker.onmessage = ({ data }) => {
  document.getElementById("status").textContent =
    data.type === "ready" ? `Pyodide ready after ${data.ms} ms` : `Failed: ${data.message}`;
};
