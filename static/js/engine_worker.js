/* The rules engine (games/rules/) in Pyodide, in a module Web Worker started by engine.js.

   The first message, {base}, names the engine's folder (static/engine/, built by `make engine-web`):
   its manifest.json names the Pyodide folder, the trimmed standard library and the engine's zip, all
   from this origin (the service worker keeps them, templates/pwa/sw.js); no package is fetched. Once
   games.rules (every game registered) and games.rules.browser are imported, the worker posts
   {ready: version, snapshot}, or {failed: message}; then each message {id, name, payload, texts} is
   answered {id, result} or {id, error} through browser.answer(name, payload as JSON, texts: the page's
   texts as JSON, to word the answer with).

   After its first start the worker keeps a memory snapshot of itself, the engine imported (Pyodide's
   experimental _makeSnapshot and _loadSnapshot), gzipped in the engine's cache (sk-engine-<version>,
   templates/pwa/sw.js): the next starts restore it and skip Python's start-up and the engine's import
   ({snapshot: true}). One that fails to restore is dropped, and the worker starts as the first time. */
"use strict";

const SNAPSHOT_DELAY_MS = 3000;  /* after the first answers, not in their way */
let answer = null;
let started = null;

/* Where the snapshot of this engine, standard library and Pyodide is kept. */
function snapshotPlace(folder, manifest) {
  const name = ["snapshot", manifest.pyodide, manifest.stdlib, manifest.engine].join("-") + ".gz";
  return { cache: "sk-engine-" + manifest.version, key: new URL(name, folder).href };
}

const canKeep = Boolean(self.caches && self.CompressionStream && self.DecompressionStream);

async function keptSnapshot(place) {
  const kept = canKeep ? await caches.match(place.key, { cacheName: place.cache }) : null;
  if (!kept) return null;
  return new Uint8Array(await new Response(kept.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
}

async function keepSnapshot(place, snapshot) {
  const zipped = await new Response(new Blob([snapshot]).stream().pipeThrough(new CompressionStream("gzip"))).blob();
  await (await caches.open(place.cache)).put(place.key, new Response(zipped));
}

async function forgetSnapshot(place) {
  await (await caches.open(place.cache)).delete(place.key);
}

async function load(base) {
  const folder = new URL(base, self.location.href);
  const manifest = await (await fetch(new URL("manifest.json", folder), { cache: "no-cache" })).json();
  const indexURL = new URL(manifest.index, folder).href;
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  const options = {
    indexURL: indexURL,
    stdLibURL: new URL(manifest.stdlib, folder).href,
    packages: [],
    fullStdLib: false,
    stdout: function () { return null; },
    stderr: function () { return null; }
  };
  const place = snapshotPlace(folder, manifest);
  let kept = await keptSnapshot(place).catch(function () { return null; });
  let pyodide = null;
  if (kept) {
    /* Pyodide keeps its options for good: the restored snapshot (30 MB) is handed over through a
       thenable that lets go of it once read, so it is not kept beside the memory it was copied into. */
    const once = { then: function (resolve) { resolve(kept); kept = null; } };
    pyodide = await loadPyodide(Object.assign({ _loadSnapshot: once }, options)).catch(function () { return null; });
    if (!pyodide) await forgetSnapshot(place).catch(function () { return null; });
  }
  const restored = Boolean(pyodide);
  if (!restored) pyodide = await loadPyodide(Object.assign({ _makeSnapshot: canKeep }, options));
  const zip = await fetch(new URL(manifest.engine, folder));
  if (!zip.ok) throw new Error("engine zip: HTTP " + zip.status);
  pyodide.unpackArchive(await zip.arrayBuffer(), "zip");  /* restored too: what the engine imports later */
  pyodide.pyimport("games.rules");
  answer = pyodide.pyimport("games.rules.browser").answer;
  if (!restored && canKeep) {
    setTimeout(function () {
      keepSnapshot(place, pyodide.makeMemorySnapshot()).catch(function () { return null; });
    }, SNAPSHOT_DELAY_MS);
  }
  return { version: manifest.version, snapshot: restored };
}

self.addEventListener("message", function (event) {
  const data = event.data || {};
  if (data.base !== undefined) {
    if (started) return;
    started = load(data.base).then(
      function (loaded) { self.postMessage({ ready: loaded.version, snapshot: loaded.snapshot }); },
      function (error) { console.error(error); self.postMessage({ failed: String(error && error.message || error) }); }
    );
    return;
  }
  started.then(function () {
    if (!answer) throw new Error("the engine did not load");
    return JSON.parse(answer(data.name, JSON.stringify(data.payload === undefined ? {} : data.payload), data.texts || ""));
  }).then(
    function (result) { self.postMessage({ id: data.id, result: result }); },
    function (error) { self.postMessage({ id: data.id, error: String(error && error.message || error) }); }
  );
});
