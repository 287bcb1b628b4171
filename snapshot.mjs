/* kozyr's memory snapshot, made for the next visit (boot.mjs restores it). In the page, boot.mjs
 * imports this module a while after a visit that started afresh has its table up and the
 * service worker holds the site; `make` waits for an idle moment, then runs this same module as
 * a Worker. There, the vendored Pyodide is started with `_makeSnapshot`, kozyr's engine, every
 * game's AI and the UI's modules are imported (ui.app: everything but ui.main, which needs the
 * page), and the wasm heap is stored in the service worker's cache of this version of the site,
 * under the key the page reads (index.html), with its length and SHA-256 digest.
 *
 * The heap holds the tables of contents of the standard library's zip and kozyr's and the
 * modules imported from them: their digests are stored beside it, and a page restores it only
 * with the same files. kozyr's zip is the page's own, handed over; everything else the Worker
 * loads is what the visit loaded, from the service worker's cache. Nothing in it touches the page: a DOM-free interpreter holds no JavaScript
 * object, which a snapshot cannot carry. Storage is asked politely: the snapshot is skipped
 * when it would crowd the quota, and the browser is asked once, never waited for, to keep the
 * site's storage. `make` resolves {stored: true, bytes} or {stored: false, reason}. */

const WORKER = typeof WorkerGlobalScope === "function" && self instanceof WorkerGlobalScope;

/** In the page: the snapshot made in a Worker, unless this version's cache already holds it. */
export async function make(snapshot) {
  if (typeof Worker !== "function") return { stored: false, reason: "no workers" };
  if ((navigator.deviceMemory || 4) < 2) return { stored: false, reason: "little memory" };
  await new Promise((ok) => ("requestIdleCallback" in window
    ? requestIdleCallback(ok, { timeout: 10000 }) : setTimeout(ok, 0)));
  if (!(await caches.has(snapshot.cache))) {
    return { stored: false, reason: "not this version's cache" };
  }
  if (await caches.match(snapshot.key, { cacheName: snapshot.cache })) {
    return { stored: false, reason: "made already" }; // by another tab
  }
  const zip = await globalThis.kozyrPython; // kozyr's zip as this visit imported it (index.html)
  const made = await new Promise((ok) => {
    const worker = new Worker(import.meta.url, { type: "module" });
    const done = (result) => {
      worker.terminate();
      ok(result);
    };
    worker.onmessage = ({ data }) => done(data);
    worker.onerror = (event) => {
      event.preventDefault();
      done({ stored: false, reason: String(event.message || "the worker failed") });
    };
    worker.postMessage({ cache: snapshot.cache, key: snapshot.key, zip });
  });
  if (made.stored) askToKeep();
  return made;
}

/** The snapshot is worth keeping: ask once that the site's storage be kept, never waiting. */
function askToKeep() {
  const storage = navigator.storage;
  if (!storage || !storage.persist || !storage.persisted) return;
  try {
    if (localStorage.getItem("kozyr.persist-asked")) return;
    localStorage.setItem("kozyr.persist-asked", "1");
  } catch (error) {
    return;
  }
  storage.persisted().then((kept) => kept || storage.persist()).catch(() => {});
}

// --- in the Worker --------------------------------------------------------------------------

const IMPORTS = `
import importlib, sys
sys.path.insert(0, "/home/pyodide/kozyr.zip")
import ui.app
from kozyr import ai
for path in ai.PATHS.values():
    importlib.import_module(path)
`;

async function snapshotInWorker(name, key, zipped) {
  if (!(await caches.has(name))) return { stored: false, reason: "no cache of this version" };
  const { loadPyodide } = await import("./vendor/pyodide/pyodide.mjs");
  const quiet = () => {};
  const py = await loadPyodide({
    indexURL: new URL("./vendor/pyodide/", import.meta.url).href,
    _makeSnapshot: true, stdout: quiet, stderr: quiet,
  });
  const zip = new Uint8Array(zipped);
  py.FS.writeFile("/home/pyodide/kozyr.zip", zip);
  py.runPython(IMPORTS);
  const heap = py.makeMemorySnapshot();
  const [major, minor] = py._api.pyVersionTuple; // the library, as Pyodide wrote it
  const stdlib = py.FS.readFile(`/lib/python${major}${minor}.zip`);
  const { quota, usage } = navigator.storage && navigator.storage.estimate
    ? await navigator.storage.estimate() : {};
  if (quota !== undefined && quota - usage < 2 * heap.length) {
    return { stored: false, reason: "quota" };
  }
  const headers = {
    "content-type": "application/octet-stream",
    "x-kozyr-length": String(heap.length),
    "x-kozyr-heap-sha256": await sha256(heap),
    "x-kozyr-stdlib-sha256": await sha256(stdlib),
    "x-kozyr-zip-sha256": await sha256(zip),
  };
  // the version may have been replaced (and its cache deleted) meanwhile: never recreate it
  if (!(await caches.has(name))) return { stored: false, reason: "the version was replaced" };
  try {
    await (await caches.open(name)).put(key, new Response(heap, { headers }));
  } catch (error) {
    if (error && error.name === "QuotaExceededError") return { stored: false, reason: "quota" };
    throw error;
  }
  return { stored: true, bytes: heap.length };
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

if (WORKER) {
  self.onmessage = async ({ data }) => {
    let reply;
    try {
      reply = await snapshotInWorker(data.cache, data.key, data.zip);
    } catch (error) {
      reply = { stored: false, reason: String((error && error.message) || error) };
    }
    self.postMessage(reply);
  };
}
