/* kozyr service worker: precaches the whole site so that, after the first visit, the table
 * loads with no network. scripts/build.py fills in the version and the file list.
 * Cache-first for everything it precached; everything else goes to the network. */
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
      const cache = await caches.open(CACHE);
      // the query string picks a game (?game=durak): the page itself is the same file
      const navigate = request.mode === "navigate";
      const hit = await cache.match(request, { ignoreSearch: navigate });
      if (hit) return hit;
      try {
        return await fetch(request);
      } catch (error) {
        if (navigate) {
          const page = await cache.match("./", { ignoreSearch: true });
          if (page) return page;
        }
        throw error;
      }
    })(),
  );
});
