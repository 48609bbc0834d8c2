/* Scorekeeper's service worker: the app shell from the cache, pages from the network, and the match
   screens this phone has opened from the cache when there is no network. Served by web/views/pwa.py.
   The offline page and the manifest are kept once per language, and shown in the reader's: the
   language of the last page from the network, or the one chosen in the menu while offline. */
"use strict";

const VERSION = "{{ version }}";
const SHELL = {{ shell|safe }};
const OFFLINE_PAGES = {{ offline|safe }};  /* language code -> the offline page in it */
const LANGUAGES = {{ languages|safe }};  /* settings.LANGUAGES' codes, the default first */
const SET_LANGUAGE = {{ set_language|safe }};
const MANIFEST = {{ manifest|safe }};
const LOGOUT = {{ logout|safe }};
const STATIC_URL = {{ static_url|safe }};
const STATIC_CACHE = "sk-static-" + VERSION;
const PAGE_CACHE = "sk-pages-" + VERSION;
/* The engine in the phone (static/engine/, started by static/js/engine.js): a cache of its own for each
   engine version, named for its manifest's, so a deploy that does not change the engine keeps it. */
const ENGINE = STATIC_URL + "engine/";
const ENGINE_MANIFEST = ENGINE + "manifest.json";
const ENGINE_CACHE = "sk-engine-";
/* The reader's language, and a choice made offline that the server has not heard of yet. */
const SETTINGS_CACHE = "sk-settings";
const SETTINGS = "/sk-settings";
/* Pages kept for offline use: the start page, match screens (own or shared), the new-match page and
   the draft screens it asks to keep, for a match started offline (web/drafts.py). */
const KEPT_PAGE = /^\/(?:|matches\/\d+\/|shared\/[^/]+\/|matches\/new\/|matches\/draft\/[\w-]+\/\d+\/(?:pairs\/)?)$/;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC_CACHE).then(function (cache) { return cache.addAll(SHELL); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  /* A new version replaces the old shell, and the pages that point at its files. */
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return ![STATIC_CACHE, PAGE_CACHE, SETTINGS_CACHE].includes(name) && !name.startsWith(ENGINE_CACHE);
    })
      .map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

let settings = null;

async function loadSettings() {
  if (!settings) {
    const kept = await caches.match(SETTINGS, { cacheName: SETTINGS_CACHE });
    settings = kept ? await kept.json() : { language: null, pending: null };
  }
  return settings;
}

async function saveSettings(change) {
  settings = Object.assign({}, await loadSettings(), change);
  const cache = await caches.open(SETTINGS_CACHE);
  await cache.put(SETTINGS, new Response(JSON.stringify(settings), { headers: { "Content-Type": "application/json" } }));
}

/* The code of LANGUAGES that a language tag names ("sr-Latn-RS" -> "sr-latn"), or null. */
const BY_LENGTH = LANGUAGES.slice().sort(function (a, b) { return b.length - a.length; });
function known(tag) {
  const lower = (tag || "").toLowerCase();
  return BY_LENGTH.find(function (code) { return lower === code || lower.startsWith(code + "-"); }) || null;
}

/* The reader's language: as last seen or chosen, else the phone's, else the default. */
async function language() {
  const chosen = (await loadSettings()).language;
  const phone = (self.navigator.languages || []).map(known).find(Boolean);
  return chosen || phone || LANGUAGES[0];
}

/* A page from the network says which language the server speaks to this reader now. */
async function heard(response) {
  const code = known(response.headers.get("Content-Language"));
  if (code && response.ok && !(await loadSettings()).pending) await saveSettings({ language: code });
}

/* A language chosen offline is told to the server (the same form, its CSRF token with it) before the
   next page is asked for, so that the page comes in it. */
async function tellLanguage() {
  const pending = (await loadSettings()).pending;
  if (!pending || !self.navigator.onLine) return;
  const body = new URLSearchParams(pending);
  try {
    await fetch(SET_LANGUAGE, { method: "POST", body: body, credentials: "same-origin", redirect: "manual" });
    await saveSettings({ pending: null });
  } catch (error) { /* still offline: told on a later page */ }
}

/* The language menu offline: the choice is kept, and the reader goes back to where they were (the
   offline page's own form names the offline page as its next). */
async function setLanguage(request) {
  const form = await request.clone().formData();
  try {
    return await fetch(request);
  } catch (error) {
    const code = known(form.get("language"));
    if (code) await saveSettings({ language: code, pending: new URLSearchParams(form).toString() });
    const next = String(form.get("next") || "/");
    const local = next.startsWith("/") && !next.startsWith("//") ? next : "/";
    const back = local.startsWith(OFFLINE_PAGES[LANGUAGES[0]].split("?")[0]) && request.referrer
      ? new URL(request.referrer).pathname : local;
    return Response.redirect(back, 303);
  }
}

/* The manifest from the network, kept per language; offline, the reader's. */
async function manifest(request) {
  const cache = await caches.open(STATIC_CACHE);
  try {
    const response = await fetch(request);
    const code = known(response.headers.get("Content-Language"));
    if (response.ok && code) await cache.put(MANIFEST + "?language=" + code, response.clone());
    return response;
  } catch (error) {
    return (await cache.match(MANIFEST + "?language=" + (await language()))) || (await cache.match(MANIFEST)) || Response.error();
  }
}

/* Network first; without a network, the page as last seen (also when the server is slow to answer:
   a club room's Wi-Fi without internet hangs rather than fails), else the offline page. */
const NETWORK_WAIT_MS = 5000;

async function page(request) {
  const path = new URL(request.url).pathname;
  const kept = function () { return caches.match(path, { cacheName: PAGE_CACHE }); };
  await tellLanguage();
  const network = fetch(request).then(async function (response) {
    await heard(response);
    if (response.ok && !response.redirected && KEPT_PAGE.test(path)) {
      const cache = await caches.open(PAGE_CACHE);
      await cache.put(path, response.clone());
    }
    return response;
  });
  network.catch(function () { return null; });  /* handled below; not an unhandled rejection */
  const slow = new Promise(function (resolve) { setTimeout(resolve, NETWORK_WAIT_MS); }).then(kept);
  try {
    return (await Promise.race([network, slow])) || (await network);
  } catch (error) {
    return (await kept()) || (await caches.match(OFFLINE_PAGES[await language()])) || Response.error();
  }
}

/* Static files have content-hashed names: the cache answers at once and refreshes in the background. */
async function asset(request) {
  const cache = await caches.open(STATIC_CACHE);
  const cached = await cache.match(request);
  const fresh = fetch(request).then(function (response) {
    if (response.ok) cache.put(request, response.clone());
    return response;
  });
  if (cached) {
    fresh.catch(function () { return null; });
    return cached;
  }
  return fresh;
}

/* The engine's files. Not precached at install: the first match screen that starts the engine asks for
   its manifest, which comes from the network when there is one (an engine changed on the server is
   seen at the next match screen) and starts filling the cache of its version in the background; the
   runtime's own requests are answered from that cache, each file fetched once. Once every file is
   kept, the manifest is kept last (a cache holding its manifest is complete) and older engines'
   caches are deleted. Without a network, the engine kept last. */
const ENGINE_WAIT_MS = 4000;
let engineVersion = null;  /* the version of the manifest last answered */
const engineFetches = {};

function engineFiles(manifest) {
  const core = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json"];
  return core.map(function (name) { return ENGINE + manifest.index + name; })
    .concat([ENGINE + manifest.stdlib, ENGINE + manifest.engine]);
}

/* ``path`` as kept for engine ``version``: fetched once (however many ask at once), then from the cache.
   Every file but the manifest is named for its content (Pyodide's in a folder named so): one an older
   engine kept is the same file, taken from its cache rather than downloaded again. */
function engineFile(version, path) {
  const key = version + " " + path;
  if (!engineFetches[key]) {
    engineFetches[key] = caches.open(ENGINE_CACHE + version).then(async function (cache) {
      if (await cache.match(path)) return;
      const response = (await caches.match(path)) || (await fetch(path, { credentials: "same-origin" }));
      if (!response.ok) throw new Error(path + ": " + response.status);
      await cache.put(path, response);
    }).finally(function () { delete engineFetches[key]; });
  }
  return engineFetches[key].then(function () { return caches.match(path, { cacheName: ENGINE_CACHE + version }); });
}

async function keptEngine() {
  const names = (await caches.keys()).filter(function (name) { return name.startsWith(ENGINE_CACHE); });
  for (const name of names) {
    const manifest = await caches.match(ENGINE_MANIFEST, { cacheName: name });
    if (manifest) return manifest;
  }
  return null;
}

/* Kept: the manifest's files, and the memory snapshot the worker made of them (engine_worker.js). */
function engineKeeps(manifest, path) {
  const snapshot = ENGINE + ["snapshot", manifest.pyodide, manifest.stdlib, manifest.engine].join("-");
  return path === ENGINE_MANIFEST || path.startsWith(snapshot) || engineFiles(manifest).includes(path);
}

async function fillEngine(manifest, response) {
  const name = ENGINE_CACHE + manifest.version;
  const cache = await caches.open(name);
  const kept = await cache.match(ENGINE_MANIFEST);
  const files = engineFiles(manifest);
  if (kept && String(engineFiles(await kept.json())) === String(files)) return;
  await Promise.all(files.map(function (path) { return engineFile(manifest.version, path); }));
  await cache.put(ENGINE_MANIFEST, response);
  /* An earlier build of the same engine (another Pyodide, another standard library) goes, file by file. */
  const stale = (await cache.keys()).filter(function (request) {
    return !engineKeeps(manifest, new URL(request.url).pathname);
  });
  await Promise.all(stale.map(function (request) { return cache.delete(request); }));
  const names = await caches.keys();
  await Promise.all(names.filter(function (other) { return other.startsWith(ENGINE_CACHE) && other !== name; })
    .map(function (other) { return caches.delete(other); }));
}

async function engineManifest(event) {
  const network = fetch(event.request.url, { cache: "no-cache", credentials: "same-origin" })
    .then(function (answer) { return answer.ok ? answer : null; }, function () { return null; });
  const slow = new Promise(function (resolve) { setTimeout(resolve, ENGINE_WAIT_MS); });
  const response = (await Promise.race([network, slow])) || (await keptEngine());
  if (!response) return Response.error();
  const manifest = await response.clone().json();
  engineVersion = manifest.version;
  event.waitUntil(fillEngine(manifest, response.clone()).catch(function () { return null; }));
  return response;
}

async function engine(event) {
  const path = new URL(event.request.url).pathname;
  if (path === ENGINE_MANIFEST) return engineManifest(event);
  if (engineVersion) {
    try {
      return await engineFile(engineVersion, path);
    } catch (error) {
      return Response.error();
    }
  }
  return (await caches.match(path)) || fetch(event.request);
}

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && url.pathname === LOGOUT) {
    /* Signing out forgets the pages kept for this account. */
    event.waitUntil(caches.delete(PAGE_CACHE));
    return;
  }
  if (request.method === "POST" && url.pathname === SET_LANGUAGE) {
    event.respondWith(setLanguage(request));
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.startsWith(ENGINE)) event.respondWith(engine(event));
  else if (request.mode === "navigate") event.respondWith(page(request));
  else if (url.pathname === MANIFEST) event.respondWith(manifest(request));
  else if (SHELL.includes(url.pathname) || url.pathname.startsWith(STATIC_URL)) event.respondWith(asset(request));
});

/* Headers that describe the body as it came over the network, not the screen kept in its place. */
const BODY_HEADERS = ["content-length", "content-encoding", "etag", "last-modified"];

/* The match screen sends itself after each change, so that it opens offline as last seen, not as it was
   first loaded. It is kept with the headers its page came with (its Content-Security-Policy among them);
   a page not yet kept (opened before this worker ran: a match screen, or the start page, which asks
   without its html) is fetched, to be kept as the server sent it. */
async function keep(path, html) {
  const cache = await caches.open(PAGE_CACHE);
  const earlier = await cache.match(path);
  if (!earlier) {
    const response = await fetch(path, { credentials: "same-origin" });
    if (response.ok && !response.redirected) await cache.put(path, response);
    return;
  }
  if (!html) return;  /* kept already: every load through this worker refreshes it */
  const headers = new Headers(earlier.headers);
  BODY_HEADERS.forEach(function (name) { headers.delete(name); });
  await cache.put(path, new Response(html, { status: earlier.status, statusText: earlier.statusText, headers: headers }));
}

self.addEventListener("message", function (event) {
  const data = event.data || {};
  if (data.type !== "keep-page" || !KEPT_PAGE.test(data.path)) return;
  event.waitUntil(keep(data.path, data.html).catch(function () { return null; }));
});
