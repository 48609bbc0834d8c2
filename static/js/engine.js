/* The rules engine in the phone (window.SkEngine): games/rules/ in Pyodide, in a Web Worker
   (engine_worker.js), started on a match screen only, after the first paint and when the phone is idle,
   so it never delays a paint or a tap. Online nothing waits for it: plays go to the server as before.

   SkEngine.state is "off", "loading", "ready" or "failed" (with SkEngine.reason: "no-webassembly",
   "low-memory", "load-failed" or "timeout"); each change dispatches `sk-engine` on document.
   SkEngine.call(name, payload) answers a promise of the engine's decoded answer (games/rules/browser.py),
   worded in the reader's language by the server's own wording (games/rules/wording.py) from the page's
   texts (#offline-engine-texts, web/offline.py), as they are at the call: a refusal's and each problem's
   `text`, each breakdown row's `worded` row, each event's `text`. SkEngine.texts() is those texts, read.
   Without the engine the phone keeps today's queue (offline.js), and the match screen says so while
   offline (the texts in templates/web/matches/_offline.html). */
(function () {
  "use strict";

  var MIN_MEMORY_GB = 1;       /* navigator.deviceMemory below this: the engine's ~100 MB would not fit */
  var LOAD_TIMEOUT_MS = 60000; /* a runtime that has not answered by then is given up */
  var script = document.currentScript;
  var worker = null, waiting = {}, lastId = 0, timer = null;
  var settle = {};

  var engine = {
    state: "off",
    reason: "",
    version: "",
    snapshot: false,  /* started from the memory snapshot the worker kept (engine_worker.js) */
    ready: new Promise(function (resolve, reject) { settle = { resolve: resolve, reject: reject }; }),
    start: start,
    call: call,
    texts: texts
  };
  engine.ready.catch(function () { return null; });  /* a fallback, not an unhandled rejection */

  function change(state, reason) {
    engine.state = state;
    engine.reason = reason || "";
    document.dispatchEvent(new CustomEvent("sk-engine", { detail: { state: state, reason: engine.reason } }));
    note();
  }

  function fail(reason) {
    if (engine.state === "failed") return;
    clearTimeout(timer);
    if (worker) worker.terminate();
    worker = null;
    Object.keys(waiting).forEach(function (id) { waiting[id].reject(new Error(reason)); });
    waiting = {};
    change("failed", reason);
    settle.reject(new Error(reason));
  }

  /* Why this phone cannot run the engine, or "" when it can. */
  function unsupported() {
    if (typeof WebAssembly !== "object" || !window.Worker) return "no-webassembly";
    if (navigator.deviceMemory && navigator.deviceMemory < MIN_MEMORY_GB) return "low-memory";
    return "";
  }

  function received(event) {
    var data = event.data || {};
    if (data.ready !== undefined) {
      clearTimeout(timer);
      engine.version = data.ready;
      engine.snapshot = Boolean(data.snapshot);
      change("ready");
      settle.resolve(engine);
    } else if (data.failed !== undefined) {
      fail("load-failed");
    } else if (waiting[data.id]) {
      var call = waiting[data.id];
      delete waiting[data.id];
      if (data.error !== undefined) call.reject(new Error(data.error)); else call.resolve(data.result);
    }
  }

  function start() {
    if (engine.state !== "off") return engine.ready;
    var why = unsupported();
    if (why) { fail(why); return engine.ready; }
    change("loading");
    try {
      worker = new Worker(script.getAttribute("data-worker"), { type: "module" });
    } catch (error) {
      fail("load-failed");
      return engine.ready;
    }
    worker.addEventListener("message", received);
    worker.addEventListener("error", function () { fail("load-failed"); });
    timer = setTimeout(function () { fail("timeout"); }, LOAD_TIMEOUT_MS);
    worker.postMessage({ base: script.getAttribute("data-engine") });
    return engine.ready;
  }

  /* The page's texts for the engine's words, as JSON text ("" on a page without them). */
  function textsJson() {
    var node = document.getElementById("offline-engine-texts");
    return node ? node.textContent : "";
  }

  function texts() {
    var found = textsJson();
    return found ? JSON.parse(found) : null;
  }

  function call(name, payload) {
    return start().then(function () {
      return new Promise(function (resolve, reject) {
        lastId += 1;
        waiting[lastId] = { resolve: resolve, reject: reject };
        worker.postMessage({ id: lastId, name: name, payload: payload === undefined ? {} : payload, texts: textsJson() });
      });
    });
  }

  /* Offline without the engine, the match screen says the plays wait to be checked, and why. */
  function note() {
    var element = document.getElementById("engine-fallback");
    var texts = document.getElementById("offline-texts");
    if (!element || !texts) return;
    var shown = engine.state === "failed" && !navigator.onLine;
    var found = texts.content.querySelector('[data-text="engine-' + engine.reason + '"]');
    if (shown && found) element.textContent = found.textContent.trim();
    element.hidden = !shown;
  }

  window.addEventListener("online", note);
  window.addEventListener("offline", note);

  /* On a match screen: after the first paint, when idle (or within 2 s at the latest). */
  function later() {
    if (!document.getElementById("offline-queue-root")) return;
    var idle = window.requestIdleCallback || function (run) { return setTimeout(run, 200); };
    requestAnimationFrame(function () { setTimeout(function () { idle(start, { timeout: 2000 }); }, 0); });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", later); else later();

  window.SkEngine = engine;
})();
