/* kozyr service worker: precaches the table so that, after the first visit, it loads with no
 * network. scripts/build.py fills in the version and the file list: the table's files but
 * those it loads when first used (the packs of py/ui/packs/, the sounds, ...), which are kept
 * in the same cache when first fetched. Cache-first; what is not cached goes to the network. */
"use strict";

const VERSION = "__KOZYR_VERSION__";
const PRECACHE = [] /* __KOZYR_PRECACHE__ */;

// Cache names are per origin, not per scope: include the scope so that two copies of kozyr
// served from different sub-paths of one origin never delete each other's cache.
const PREFIX = `kozyr:${self.registration.scope}:`;
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // "no-cache": revalidate with the server (cheap 304s) so a stale HTTP cache entry
      // never ends up in a new version's precache.
      await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "no-cache" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(
    (async () => {
      // the query string picks a game (?game=durak): the page itself is the same file
      const navigate = request.mode === "navigate";
      const hit = await caches.match(request, { cacheName: CACHE, ignoreSearch: navigate });
      if (hit) return hit;
      try {
        if (navigate) return await fetch(request);
        // revalidated, so that a stale copy in the HTTP cache never enters this version's cache
        const response = await fetch(new Request(request, { cache: "no-cache" }));
        if (response.status === 200 && response.type === "basic") {
          event.waitUntil(keep(request, response.clone()).catch(() => {}));
        }
        return response;
      } catch (error) {
        if (navigate) {
          const page = await caches.match("./", { cacheName: CACHE, ignoreSearch: true });
          if (page) return page;
        }
        throw error;
      }
    })(),
  );
});

// The page asks to keep a file it fetched before this worker took it over (a pack fetched
// as it opened, index.html's kozyrKeep): kept, revalidated, unless it is already.
self.addEventListener("message", (event) => {
  const url = event.data && event.data.kozyr === "keep" ? String(event.data.url) : "";
  if (!url.startsWith(self.registration.scope)) return;
  event.waitUntil(
    (async () => {
      if (await caches.match(url, { cacheName: CACHE })) return;
      const response = await fetch(new Request(url, { cache: "no-cache" }));
      if (response.status === 200) await keep(url, response);
    })().catch(() => {}),
  );
});

/** A file kept in this version's cache, unless a newer version has replaced it meanwhile (and
 * deleted this cache, with the memory snapshot it held: caches.open would make it again, and
 * an old worker still running would fill it). */
async function keep(request, response) {
  if (await caches.has(CACHE)) await (await caches.open(CACHE)).put(request, response);
}
