/* kozyr's interpreter, as PyScript loads it (pyscript.toml's `interpreter`): the vendored Pyodide,
 * started as soon as the page opens rather than when PyScript asks for it, and on a returning
 * visit restored from a memory snapshot instead of started and made to import kozyr again.
 *
 * The snapshot is Pyodide's wasm heap after a start and kozyr's imports, made in a Worker
 * (snapshot.mjs) a while after a visit that started afresh has its table up, and kept in the
 * service worker's cache of this version of the site under a key naming the version and Pyodide's
 * build: an updated page looks for another key in another cache, and the old cache goes with the
 * old version. index.html's head starts reading it as the page opens (window.kozyrSnapshot). It is
 * restored only if it is whole (its length and SHA-256 digest), made by this Pyodide build, and
 * made from the very standard library and kozyr zip this page loads (their digests): the heap
 * holds their tables of contents and the modules already imported, the filesystem (which the heap
 * does not hold) gets kozyr's zip again. Then `random` is seeded from the browser's entropy, not
 * the snapshot's state. Anything amiss (no snapshot, another build's, a short or altered one, a
 * restore that throws, a browser without the Cache API or module workers) falls back to the usual
 * start, quietly (a console warning at most); a snapshot that fails is deleted, to be made again.
 *
 * Pyodide's snapshot options (`_makeSnapshot`, `_loadSnapshot`) are private: this works with the
 * Pyodide build it was made for, which the build id in the key and in the snapshot pins. */
import { loadPyodide as load, version } from "./vendor/pyodide/pyodide.mjs";
import createPyodideModule from "./vendor/pyodide/pyodide.asm.mjs"; // Pyodide imports it too

export { version }; // PyScript reads the interpreter's version from its module

const INDEX = new URL("./vendor/pyodide/", import.meta.url).href;
const ZIP = "/home/pyodide/kozyr.zip"; // where the page's script imports kozyr from (index.html)
const HEADER = 48; // a Pyodide snapshot's header: magic, heap offset, sizes, build id (32 bytes)
const MAGIC = 1886286592;
const snapshot = globalThis.kozyrSnapshot || { found: Promise.resolve(null) };
const timings = (snapshot.timings = { started: performance.now() });

async function start() {
  const found = await snapshot.found.catch(() => null);
  snapshot.found = Promise.resolve(null); // read once: its bytes are not kept in the page
  if (found) {
    try {
      const py = await restore(found);
      // a table that does not come up from it: not from it again
      reaches("ready", "failed").then((state) => state === "failed" && forget());
      return py;
    } catch (error) {
      console.warn("kozyr: starting Python afresh, the saved interpreter did not restore:", error);
      await forget(); // and made again once the table is up
    }
  }
  timings.fresh = performance.now();
  const py = await load({ indexURL: INDEX });
  timings.loaded = performance.now();
  later(); // for the next visit
  return py;
}

const started = start();
started.catch(() => {}); // PyScript's call below gets the error and reports it

/** PyScript's loader call: the interpreter started above, with PyScript's output streams (the
 * only options it passes for kozyr's config, which names no packages). */
export async function loadPyodide(options = {}) {
  const py = await started;
  if (options.stdout) py.setStdout({ batched: options.stdout });
  if (options.stderr) py.setStderr({ batched: options.stderr });
  return py;
}

// --- a returning visit: the snapshot restored -----------------------------------------------

async function restore({ heap, body }) {
  timings.found = performance.now();
  const length = Number(heap.headers.get("x-kozyr-length"));
  const digest = (part) => heap.headers.get(`x-kozyr-${part}-sha256`);
  const bytes = quiet(bytesOf(body, length));
  const checked = quiet(bytes.then((b) => same(b, digest("heap"), "the snapshot")));
  const zip = quiet(Promise.resolve(globalThis.kozyrPython).then(async (buffer) => {
    const zipped = new Uint8Array(buffer);
    await same(zipped, digest("zip"), "kozyr's zip");
    return zipped;
  }));
  const py = await load({
    indexURL: INDEX,
    _loadSnapshot: bytes, // restored once the runtime is up, if the checks below pass
    async createPyodideModule(settings) {
      const [module] = await Promise.all([createPyodideModule(settings), checked, zip]);
      const [major, minor] = module.API.pyVersionTuple; // the library, as Pyodide just wrote it
      const library = module.FS.readFile(`/lib/python${major}${minor}.zip`);
      await same(library, digest("stdlib"), "the standard library");
      // the heap must hold the snapshot: Pyodide 314.0.7 does not size it (pyodide #6254)
      const snap = await bytes;
      const heapLength = snap.length - new Uint32Array(snap.buffer, 0, 2)[1];
      if (module.HEAP8.length < heapLength) module.growMemory(heapLength);
      timings.created = performance.now();
      return module;
    },
  });
  py.FS.writeFile(ZIP, await zip); // the page's script writes it too, as on any visit
  Object.assign(py._api.config, { _loadSnapshot: null, createPyodideModule: null }); // nor here
  py.runPython("import random; random.seed()"); // from the browser's entropy (os.urandom)
  timings.restored = performance.now();
  snapshot.restored = true;
  return py;
}

/** The snapshot deleted (the next visit starts afresh and makes another). */
function forget() {
  const { cache, key } = snapshot; // (never made again, if a newer version deleted it)
  return caches.has(cache).then((has) => has && caches.open(cache).then((c) => c.delete(key)))
    .catch(() => false);
}

/** <html data-kozyr> once it is one of `states` (the UI sets "ready", the watchdog "failed"). */
function reaches(...states) {
  const root = document.documentElement;
  return new Promise((ok) => {
    const observer = new MutationObserver(() => check());
    const check = () => {
      if (!states.includes(root.dataset.kozyr)) return false;
      observer.disconnect();
      ok(root.dataset.kozyr);
      return true;
    };
    if (!check()) observer.observe(root, { attributes: true, attributeFilter: ["data-kozyr"] });
  });
}

/** The snapshot's bytes, once read: checked for their length and for Pyodide's header, which
 * names the build that made them (its loader would refuse another build's, but only once the
 * runtime is up). */
async function bytesOf(body, length) {
  const bytes = new Uint8Array(await body);
  if (bytes.length !== length || length % 16) throw new Error("the snapshot's length is wrong");
  const words = new Uint32Array(bytes.buffer, 0, HEADER / 4);
  const build = Array.from(words.subarray(4, 12), (w) => w.toString(16).padStart(8, "0")).join("");
  if (words[0] !== MAGIC || build !== snapshot.pyodide) {
    throw new Error("not this Pyodide's snapshot");
  }
  timings.read = performance.now();
  return bytes;
}

/** Rejects unless `bytes` have the SHA-256 digest `expected` (hex). */
async function same(bytes, expected, what) {
  if ((await sha256(bytes)) !== expected) {
    throw new Error(`${what} is not the one the snapshot was made with`);
  }
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** `promise`, its failure left to whoever awaits it (index.html's watchdog would take an unhandled
 * one for a failed boot). */
function quiet(promise) {
  promise.catch(() => {});
  return promise;
}

// --- a visit that started afresh: the snapshot made, once the table is up ----------------------

const PAUSE_MS = 10_000; // after the table is up: the player's first moves come first

/** Once the table is up, the service worker holds the site and the player has had the table to
 * themselves for a while, snapshot.mjs (loaded from that cache then, not on the way to the
 * table) makes the snapshot for the next visit. */
async function later() {
  try {
    if (!snapshot.pyodide || !("serviceWorker" in navigator)) return; // no key, or no offline
    await reaches("ready");
    await navigator.serviceWorker.ready;
    await new Promise((ok) => setTimeout(ok, PAUSE_MS));
    const { make } = await import("./snapshot.mjs");
    snapshot.made = await make(snapshot);
  } catch (error) {
    console.warn("kozyr: no saved interpreter for the next visit:", error);
  }
}
