// The table app's service worker (docs/table-app.md "Offline"): FILES and VERSION (prepended by
// /t/sw.js: the static files' URLs and a hash of their content) are kept so that the app opens with
// no network; the API is never cached here (the app keeps what it needs, and its queue).
const CACHE = `table-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k)))).then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin || url.pathname.startsWith("/api/")) return;
  if (url.pathname === "/t/" || url.pathname === "/t") {
    // The page: the kept copy at once (a later load waits for no network, docs/table-app.md
    // "Offline"), fetched again behind it for the next load; the network when none is kept. A
    // release changes VERSION, so the new worker's cache starts with the new page and its files.
    event.respondWith(
      caches.open(CACHE).then(async (cache) => {
        const kept = await cache.match("/t/");
        const fresh = fetch(event.request).then((response) => {
          if (response.ok) cache.put("/t/", response.clone());
          return response;
        });
        if (!kept) return fresh;
        event.waitUntil(fresh.catch(() => undefined));
        return kept;
      }),
    );
    return;
  }
  event.respondWith(caches.match(event.request).then((kept) => kept || fetch(event.request)));
});
