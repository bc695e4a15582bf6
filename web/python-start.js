// What each of our Pythons does once Pyodide is loaded (worker.js, helper.js, snapshot-maker.js).

/** The bytes at `url`; rejects on an HTTP error. */
export async function download(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Unpacks our wheel straight into site-packages: it has no dependencies to resolve, and
    importing micropip alone cost 0.8-1.1 s of a 4-5 s start. */
export function unpackWheel(python, bytes) {
  const sitePackages = python.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  python.unpackArchive(bytes, 'wheel', {extractDir: sitePackages});
}
