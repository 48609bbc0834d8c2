/* The rules engine (games/rules/) in Pyodide, in a module Web Worker started by engine.js.

   The first message, {base}, names the engine's folder (static/engine/, built by `make engine-web`):
   its manifest.json names the Pyodide folder, the trimmed standard library and the engine's zip, all
   from this origin (the service worker keeps them, templates/pwa/sw.js); no package is fetched. Once
   games.rules (every game registered) and games.rules.browser are imported, the worker posts
   {ready: version}, or {failed: message}; then each message {id, name, payload} is answered
   {id, result} or {id, error} through browser.answer(name, payload as JSON). */
"use strict";

let answer = null;
let started = null;

async function load(base) {
  const folder = new URL(base, self.location.href);
  const manifest = await (await fetch(new URL("manifest.json", folder), { cache: "no-cache" })).json();
  const indexURL = new URL(manifest.index, folder).href;
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  const pyodide = await loadPyodide({
    indexURL: indexURL,
    stdLibURL: new URL(manifest.stdlib, folder).href,
    packages: [],
    fullStdLib: false,
    stdout: function () { return null; },
    stderr: function () { return null; }
  });
  const zip = await fetch(new URL(manifest.engine, folder));
  if (!zip.ok) throw new Error("engine zip: HTTP " + zip.status);
  pyodide.unpackArchive(await zip.arrayBuffer(), "zip");
  pyodide.pyimport("games.rules");
  answer = pyodide.pyimport("games.rules.browser").answer;
  return manifest.version;
}

self.addEventListener("message", function (event) {
  const data = event.data || {};
  if (data.base !== undefined) {
    if (started) return;
    started = load(data.base).then(
      function (version) { self.postMessage({ ready: version }); },
      function (error) { console.error(error); self.postMessage({ failed: String(error && error.message || error) }); }
    );
    return;
  }
  started.then(function () {
    if (!answer) throw new Error("the engine did not load");
    return JSON.parse(answer(data.name, JSON.stringify(data.payload === undefined ? {} : data.payload)));
  }).then(
    function (result) { self.postMessage({ id: data.id, result: result }); },
    function (error) { self.postMessage({ id: data.id, error: String(error && error.message || error) }); }
  );
});
