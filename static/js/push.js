/* Push (docs/architecture.md, "Push"): a live region marked data-push (the match screen's, an event's)
   listens to its server-sent events. Each message is a version of what the region shows ("" when the
   server does not know it: ask); one that differs from the region's data-version makes the region's own
   poll ask once ("push" in its hx-trigger), so it is drawn where every poll is drawn. A match's stream
   may carry the region itself (event "region", its version as the event's id), drawn as a poll's answer
   is if it is newer than the one shown, once no request of the region is under way; to the phone that
   made the write it sends nothing (its answer drew that version). A phone whose engine is ready says
   so (its stream's "draws"): its stream sends a play another phone made as the play itself (event
   "change"), which the engine draws (offline_engine_view.js) or, where it cannot, the region asks for;
   and its own play is answered with the play alone (X-SK-Draws), drawn the same way. While the stream
   is open the timed poll is skipped but for one every SAFETY_MS (a timed match keeps its poll: its clock
   is part of its version); when the stream fails the poll runs as before, and the stream is opened again.
   A stream refused three times running (a server without push answers 204) is left closed until the
   phone wakes. A phone back from sleep or back online opens it again: its first message is the version
   now. */
(function () {
  "use strict";
  var SAFETY_MS = 60000, RETRY_MS = [3000, 10000, 30000], AGAIN_MS = [1000, 2000, 4000];
  /* This page's name for itself: its stream's "phone", and the X-SK-Phone of its region's requests, so
     that the stream of the phone that wrote sends it nothing (its answer draws the region). */
  var PHONE = Date.now().toString(36) + "-" + Math.random().toString(36).slice(2);
  var state = null;  /* {url, source, live, latest, tries, waiting, asked, failures, polled, carried, draws} */
  var pending = new Set();

  function region() { return document.querySelector("[data-push]"); }
  function isRegion(element) { return Boolean(element && element.hasAttribute && element.hasAttribute("data-push")); }
  /* A request of the region or of a form in it (a play: its answer draws the region at the new version). */
  function ofRegion(element) { return Boolean(element && element.closest && element.closest("[data-push]")); }

  function differs(element, version) {
    var shown = element.getAttribute("data-version") || "";
    return version === "" || (version !== shown && version !== shown.split("-")[0]);
  }

  /* The region asks for what the last message said, unless a request of it is under way: each answer
     is checked when it ends. A version still not shown after an answer (a 204 from a server busy
     computing it, or an older message come late) is asked for again after 1, 2 and 4 s, then left to
     the safety poll; "" is asked for once. */
  function ask() {
    var element = region();
    if (!element || !state || pending.size || state.latest === null) return;
    if (!differs(element, state.latest) || state.tries > AGAIN_MS.length) { state.latest = null; return; }
    if (state.tries > 0) {
      if (state.waiting) return;
      state.waiting = setTimeout(function () { state.waiting = null; trigger(); }, AGAIN_MS[state.tries - 1]);
    } else {
      trigger();
    }
  }

  function trigger() {
    var element = region();
    if (!element || !state || state.latest === null) return;
    if (state.latest === "") state.latest = null;
    state.tries += 1;
    state.asked = true;
    window.htmx.trigger(element, "push");
  }

  /* The region the stream carried ({version, html}), drawn unless the one shown is as new; it waits
     while a request of the region is under way (its answer may be newer: checked when it ends). */
  function draw() {
    var element = region(), carried = state && state.carried;
    if (!element || !carried || pending.size) return;
    state.carried = null;
    var shown = parseInt(element.getAttribute("data-version") || "", 10);
    if (parseInt(carried.version, 10) <= shown) return;
    element.dispatchEvent(new CustomEvent("sk:beforeSwap", { bubbles: true, detail: { target: element } }));
    window.htmx.swap(element, carried.html, { swapStyle: "outerHTML" });
  }

  function open(url) {
    if (state && state.source) state.source.close();
    var previous = state;
    if (state && state.waiting) clearTimeout(state.waiting);
    var draws = drawing();
    var named = url + (url.indexOf("?") < 0 ? "?" : "&") + "phone=" + PHONE + (draws ? "&draws=1" : "");
    state = { url: url, source: new EventSource(named), live: false, latest: null, tries: 0, waiting: null, asked: false,
      failures: previous && previous.url === url ? previous.failures : 0, polled: Date.now(), carried: null, draws: draws };
    var mine = state;
    function heard() {
      mine.live = true;
      mine.failures = 0;
      mine.tries = 0;
    }
    mine.source.onmessage = function (event) {
      if (state !== mine) return;
      heard();
      mine.latest = event.data;
      ask();
    };
    mine.source.addEventListener("region", function (event) {
      if (state !== mine) return;
      heard();
      mine.latest = null;
      mine.carried = { version: event.lastEventId, html: event.data };
      draw();
    });
    mine.source.addEventListener("change", function (event) {
      if (state !== mine) return;
      heard();
      var view = window.SkEngineView;
      if (!pending.size && view && view.drawPushed(event.lastEventId, JSON.parse(event.data))) {
        mine.latest = null;
        return;
      }
      mine.latest = event.lastEventId;
      ask();
    });
    mine.source.onerror = function () {
      if (state !== mine) return;
      mine.live = false;  /* the timed poll runs again */
      if (mine.source.readyState !== EventSource.CLOSED) return;  /* the browser connects again itself */
      if (mine.failures >= RETRY_MS.length) return;  /* refused each time (no push here): the poll stays */
      var wait = RETRY_MS[mine.failures];
      mine.failures += 1;
      setTimeout(function () { if (state === mine) open(url); }, wait);
    };
  }

  /* Whether the phone's engine can draw a pushed play (static/js/engine.js). */
  function drawing() { return Boolean(window.SkEngine && window.SkEngine.state === "ready" && window.SkEngineView); }

  function start() {
    var element = region();
    var url = element && element.getAttribute("data-push");
    if (!url || !window.EventSource) {
      if (state && state.source) state.source.close();
      state = null;
      return;
    }
    if (!state || state.url !== url) open(url);
  }

  document.addEventListener("DOMContentLoaded", start);
  document.addEventListener("htmx:confirm", function (event) {
    var element = event.detail.elt;
    if (!state || !isRegion(element)) return;
    if (state.asked) { state.asked = false; return; }  /* the push's own request */
    var timed = (element.getAttribute("data-version") || "").indexOf("-") >= 0;
    if (state.live && !timed && Date.now() - state.polled < SAFETY_MS) event.preventDefault();
  });
  document.addEventListener("htmx:configRequest", function (event) {
    var element = event.detail.elt;
    if (!ofRegion(element)) return;
    event.detail.headers["X-SK-Phone"] = PHONE;
    /* A play this phone's engine can draw: answered with the play alone (web/views/hands.py). */
    var view = window.SkEngineView;
    if (element.matches(".play-form") && drawing() && view.drawable()) event.detail.headers["X-SK-Draws"] = "1";
  });

  /* A play's answer that is the play alone (X-SK-Change): drawn by the engine, else the region asked for. */
  function drawAnswer(detail) {
    var xhr = detail.xhr, change = xhr.getResponseHeader("X-SK-Change");
    if (!change || !detail.successful) return;
    var version = xhr.getResponseHeader("X-SK-Version"), data = (detail.requestConfig || {}).formData;
    var tapped = data && data.get("one_tap") === "1" ? data.get("card") : "";
    if (window.SkEngineView.drawPushed(version, JSON.parse(change), tapped)) {
      var turn = document.querySelector("#match-live .turn");
      if (turn) turn.focus({ preventScroll: true });  /* as after a redraw (app.js) */
      if (window.SkTable) window.SkTable.fit();
    } else if (state) {
      state.latest = version;
      state.tries = 0;
    } else {
      window.htmx.trigger(region(), "push");
    }
  }
  /* The requests of the region under way, by their XMLHttpRequest (a swapped region's last events name
     another element). */
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!state || !ofRegion(event.detail.elt)) return;
    pending.add(event.detail.xhr);
    state.polled = Date.now();
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var ours = pending.delete(event.detail.xhr);
    drawAnswer(event.detail);
    if (ours) { draw(); ask(); }
  });
  document.addEventListener("htmx:afterSettle", function () { start(); ask(); });
  function wake() {
    if (!state || document.visibilityState !== "visible") return;
    state.failures = 0;
    open(state.url);
  }
  document.addEventListener("visibilitychange", wake);
  /* The engine is ready: the stream is opened again, to be sent the plays themselves. */
  document.addEventListener("sk-engine", function () { if (state && state.draws !== drawing()) open(state.url); });
  window.addEventListener("online", wake);
})();
