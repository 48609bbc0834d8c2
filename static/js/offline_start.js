/* The new-match page: a match started offline (docs/offline-engine.md).

   Online, the service worker is asked to keep the draft screens of the game on the page, one per
   seating the engine allows (web/drafts.py). Offline, "Start the match" queues the match instead of
   posting the form: a "match" entry (offline_store.js) with the body of the records API's start by
   names (the form's fields: the names and their emojis, its options typed as the form types them) and an Idempotency-Key, under a
   client id, a negative number; then the kept draft opens with that id (offline_draft.js), to be dealt
   and played offline. A seating the engine refuses is said in its words, and nothing is queued. */
(function () {
  "use strict";

  function data() {
    var node = document.getElementById("offline-start");
    return node ? JSON.parse(node.textContent) : null;
  }

  function keepDrafts() {
    var start = data();
    if (!start || !navigator.onLine || !navigator.serviceWorker) return;
    navigator.serviceWorker.ready.then(function (registration) {
      if (!registration.active) return;
      Object.keys(start.seatings).forEach(function (key) {
        var path = start.seatings[key].draft;
        if (path) registration.active.postMessage({ type: "keep-page", path: path });
      });
    });
  }

  function say(form, message) {
    var shown = document.getElementById("offline-start-error");
    if (!shown) {
      shown = document.createElement("p");
      shown.id = "offline-start-error";
      shown.className = "alert error";
      shown.setAttribute("role", "alert");
      shown.tabIndex = -1;
      form.prepend(shown);
    }
    shown.textContent = message;
    shown.focus();
  }

  function newKey() {
    return (crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random()).replace(/-/g, "");
  }

  /* The records API's start by names, from the form as MatchForm reads it: the seats filled, in order;
     the preset's options with those chosen and the target or time limit laid over them. */
  function body(start, fields) {
    var names = [], emojis = [];
    for (var seat = 0; fields.has("seat_" + seat); seat += 1) {
      var name = String(fields.get("seat_" + seat)).trim();
      if (!name) continue;
      names.push(name);
      emojis.push(String(fields.get("emoji_" + seat) || "").trim());
    }
    var options = Object.assign({}, start.options);
    fields.forEach(function (value, field) {
      var key = field.slice("option_".length);
      if (field.indexOf("option_") === 0 && value !== "" && key in start.choices) options[key] = start.choices[key][value];
    });
    ["target", "time_limit_minutes"].forEach(function (key) {
      if (fields.get(key)) options[key] = Number(fields.get(key));
    });
    var made = { game: start.game, names: names, emojis: emojis, options: options, teams: fields.get("teams") === "on" };
    ["club", "season"].forEach(function (key) { if (fields.get(key)) made[key] = Number(fields.get(key)); });
    return made;
  }

  function queueMatch(form) {
    var start = data(), fields = new FormData(form);
    if (fields.get("variant") !== start.variant) return say(form, start.texts.variant);
    var made = body(start, fields);
    var seating = start.seatings[made.names.length + (made.teams ? "p" : "")] || {};
    if (!seating.draft) return say(form, seating.refused || start.texts.not_kept);
    return caches.match(seating.draft).then(function (kept) {
      if (!kept) return say(form, start.texts.not_kept);
      var client = -Date.now();
      var entry = { match: client, kind: "match", url: start.api, body: made, key: newKey() };
      return window.SkQueue.add(entry).then(function () { location.assign(seating.draft + "?match=" + client); });
    });
  }

  document.addEventListener("submit", function (event) {
    if (event.target.id !== "new-match" || navigator.onLine || !data() || !window.caches) return;
    event.preventDefault();
    queueMatch(event.target);
  });

  document.addEventListener("DOMContentLoaded", keepDrafts);
  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.target.id === "new-match-body") keepDrafts();  /* another game chosen */
  });
})();
