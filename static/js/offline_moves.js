/* Undo and Escoba challenges offline, with the rules engine in the phone (window.SkEngine), and what the
   server stored after a sync when it differs from what the phone showed. window.SkMoves, used by
   offline.js (the queue) and offline_view.js (the hand as the waiting entries leave it).

   An undo of a waiting play takes it back from the queue; an undo of a stored play, or a challenge
   (docs/rules/escoba.md 3.2(g), checked first by the engine's `play` call), waits in the queue as an
   entry of its own and is sent in order through the records API, as online: an undo with its
   expected_seq and expected_revision, a challenge with those and an Idempotency-Key. The hand they leave
   (its log: ``effective``) is drawn by offline_engine_view.js. Without the engine they need the network,
   as before. */
(function () {
  "use strict";

  var ui = window.SkView, conflict = window.SkConflict;
  var pending = null;     /* what the phone showed of a hand before its entries were sent */

  function engine() {
    var found = window.SkEngine;
    return found && found.state === "ready" ? found : null;
  }

  function texts() { return window.SkEngine ? window.SkEngine.texts() : null; }

  function usable(state) { return !!(state && state.setup && engine() && texts()); }

  function mine(state, entries) {
    return entries.filter(function (entry) { return entry.hand === state.hand; });
  }

  /* The hand's log as the waiting entries leave it, and its plays (each with the queue entry it waits
     in, or null when stored): a play adds itself, an undo drops the last play with its challenges, a
     challenge follows the play it names. */
  function effective(state, entries) {
    var log = state.log.slice();
    var plays = state.plays.map(function (play) {
      return { seq: play.seq, seat: play.seat, card: play.card, taken: play.taken, waiting: null };
    });
    mine(state, entries).forEach(function (entry) {
      if (entry.kind === "play") {
        log.push({ seat: entry.seat, card: entry.card, taken: entry.taken });
        plays.push({ seq: entry.seq, seat: entry.seat, card: entry.card, taken: entry.taken, waiting: entry.id });
      } else if (entry.kind === "undo" && plays.length) {
        plays.pop();
        var at = log.length - 1;
        while (at >= 0 && log[at].card === undefined) at -= 1;
        log = log.slice(0, Math.max(at, 0));
      } else if (entry.kind === "challenge") {
        var index = plays.map(function (play) { return play.seq; }).lastIndexOf(entry.play_seq);
        if (index >= 0) log.push({ seat: entry.seat, challenge_of: index });
      }
    });
    return { log: log, plays: plays };
  }

  function log(state, entries) { return effective(state, entries).log; }

  /* offline_view.js's projection, one undo or challenge further (false: not an entry of these kinds). */
  function step(view, entry) {
    if (entry.kind === "undo" && view.plays.length) {
      var undone = view.plays.pop();
      view.seq -= 1;
      view.seat = undone.seat;
      view.table = view.table.filter(function (card) { return card !== undone.card; }).concat(undone.taken);
      view.played = view.played.filter(function (card) { return card !== undone.card; });
      view.revision += 1;
      return true;
    }
    if (entry.kind === "challenge") {
      view.revision += 1;
      return true;
    }
    return false;
  }

  function payload(state, log) {
    return { game: state.game, options: state.options, setup: state.setup, log: log };
  }

  /* ---- The scorer taps undo or a challenge ---- */

  function handles(element) {
    return !!(element && element.matches && (element.matches("#play-undo") || element.matches("form[action$='/challenge/']")));
  }

  function newKey() {
    return (crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random()).replace(/-/g, "");
  }

  /* Undo: a waiting last play is taken back with what follows it; a stored one waits as an undo entry. */
  function undo(state, entries) {
    var plays = effective(state, entries).plays;
    var last = plays[plays.length - 1];
    if (!last) return Promise.resolve(false);
    if (last.waiting !== null) {
      var ids = mine(state, entries).filter(function (entry) { return entry.id >= last.waiting; }).map(function (entry) { return entry.id; });
      return window.SkQueue.remove(ids).then(function () { return true; });
    }
    var view = ui.project(state, entries);
    return window.SkQueue.add({
      match: state.match, hand: state.hand, kind: "undo", api: state.api, url: state.api + "plays/undo/",
      seq: view.seq, revision: view.revision, base: view.plays, undone: conflict.playOf(last)
    }).then(function () { return true; });
  }

  /* A challenge of the last play by ``seat``, checked by the engine after the log the queue leaves; a
     refused one is shown worded as the server words it, and not queued. */
  function challenge(state, entries, seat) {
    var found = effective(state, entries);
    var last = found.plays[found.plays.length - 1];
    if (!last) return Promise.resolve(false);
    var call = Object.assign(payload(state, found.log), { play: { seat: seat, challenge_of: found.plays.length - 1 } });
    return engine().call("play", call).then(function (answer) {
      if (answer && answer.accepted === false) {
        ui.showError(ui.escape(answer.error.text || answer.error.message));
        return false;
      }
      var view = ui.project(state, entries);
      return window.SkQueue.add({
        match: state.match, hand: state.hand, kind: "challenge", api: state.api, url: state.api + "challenges/",
        seat: seat, play_seq: last.seq, seq: view.seq, revision: view.revision, key: newKey()
      }).then(function () { return true; });
    });
  }

  /* The tapped undo or challenge (a form the server drew, or a button drawn here): true once queued.
     Without the engine it needs the network, as before. */
  function tap(element, entries) {
    var state = ui.hand();
    if (!usable(state)) {
      ui.showError(ui.text("needs-network"));
      return Promise.resolve(false);
    }
    ui.showError("");
    var seat = element.querySelector ? element.querySelector("[name=seat]") : null;
    var challenger = element.getAttribute("data-seat") || (seat && seat.value);
    var isUndo = element.matches("#play-undo") || element.getAttribute("data-offline-action") === "undo";
    return isUndo ? undo(state, entries) : challenge(state, entries, Number(challenger));
  }

  /* ---- Sending ---- */

  /* The body of an undo or a challenge (the records API takes a key for a challenge only). */
  function body(entry, headers) {
    var fields = { expected_seq: entry.seq, expected_revision: entry.revision };
    if (entry.kind === "challenge") {
      headers["Idempotency-Key"] = entry.key;
      fields.seat = entry.seat;
      fields.play_seq = entry.play_seq;
    }
    return JSON.stringify(fields);
  }

  /* An undo whose answer was lost is refused when sent again (the hand moved on): it is done when the
     hand now stands exactly one write after it, without the play it took back. A challenge another
     phone made first, by the same seat of the same play, is done too (nothing was played since). */
  function done(entry, refused) {
    var now = refused && refused.now;
    if (entry.kind === "challenge" && now) {
      var play = (now.challenged || []).filter(function (each) { return each.seq === entry.play_seq; })[0];
      return Boolean(play) && play.by.indexOf(entry.seat) >= 0 && now.seq === entry.seq;
    }
    if (entry.kind !== "undo" || !now || !entry.base) return false;
    var before = entry.base.slice(0, -1);
    return now.revision === entry.revision + 1 && now.seq === entry.seq - 1 && now.plays.length === before.length &&
      now.plays.every(function (play, at) { return play.seq === before[at].seq && play.card === before[at].card; });
  }

  /* A waiting undo or challenge, as the queue lists it. */
  function line(entry, seats) {
    if (entry.kind === "undo") {
      var undone = entry.undone || {};
      return ui.text("undo-waiting", { name: ui.escape(seats[undone.seat] || ""), card: ui.chips(undone.card ? [undone.card] : []) });
    }
    return ui.text("challenge-waiting", { name: ui.escape(seats[entry.seat] || "") });
  }

  /* ---- After a sync: what the server stored, against what the phone showed ---- */

  function summary(report) {
    return {
      table: report.table.slice().sort().join(" "),
      cards: report.sides.map(function (side) { return side.cards; }).join(" "),
      totals: report.sides.map(function (side) { return side.total; }),
      complete: !!report.complete,
      shown: report.table
    };
  }

  /* What the phone showed is kept in localStorage too (per match), so that a reload during the sync
     still compares with it rather than with the server's hand the reloaded page shows. */
  function keptKey() { return "sk-before-sync-" + ui.root().getAttribute("data-match"); }

  function loadKept() {
    try {
      return JSON.parse(window.localStorage.getItem(keptKey()) || "null");
    } catch (error) {
      return null;
    }
  }

  function saveKept(value) {
    try {
      if (value) window.localStorage.setItem(keptKey(), JSON.stringify(value));
      else window.localStorage.removeItem(keptKey());
    } catch (error) { /* no storage (private mode, full): kept in memory only */ }
  }

  function forget() {
    pending = null;
    saveKept(null);
  }

  /* Before the first entry of the hand is sent: the engine's report of the log the phone shows. */
  function remember(entries) {
    var state = ui.hand();
    var ids = entries.map(function (entry) { return entry.id; });
    pending = pending || loadKept();
    /* Kept until its entries are stored (a refusal fixed on the way); dropped ones make it stale. */
    if (pending && pending.ids.some(function (id) { return ids.indexOf(id) >= 0; })) return;
    forget();
    if (!usable(state)) return;
    var waiting = mine(state, entries).filter(function (entry) { return entry.kind !== "summary"; });
    if (!waiting.length) return;
    var kept = { hand: state.hand, api: state.api, ids: waiting.map(function (entry) { return entry.id; }) };
    kept.report = engine().call("hand", payload(state, effective(state, entries).log)).then(function (answer) {
      var shown = answer && answer.report ? summary(answer.report) : null;
      if (shown && pending === kept) saveKept(Object.assign({}, kept, { report: shown }));
      return shown;
    }, function () { return null; });
    pending = kept;
  }

  /* Once the hand's entries are all stored: the server's hand, and a plain note when it differs. */
  function compare(entries) {
    var kept = pending || loadKept();
    if (!kept || entries.some(function (entry) { return entry.hand === kept.hand; })) return Promise.resolve();
    forget();
    var stored = fetch(kept.api, { credentials: "same-origin" }).then(function (response) {
      return response.ok ? response.json() : null;
    });
    return Promise.all([kept.report, stored]).then(function (found) {
      var shown = found[0], hand = found[1];
      if (!shown || !hand || !hand.state || !hand.state.sides) return;
      var server = summary(hand.state);
      var same = server.table === shown.table && server.cards === shown.cards &&
        server.totals.join(" ") === shown.totals.join(" ");
      showDiffers(same ? null : { server: server, shown: shown });
    }, function () { return null; });
  }

  function label(card) {
    var input = document.getElementById("card-" + card);
    return input && input.nextElementSibling ? input.nextElementSibling.textContent : card;
  }

  function score(totals) {
    var sides = (texts() || {}).sides || [];
    return totals.map(function (total, side) { return ui.escape(sides[side] || "") + " " + total; }).join(", ");
  }

  function standing(found) {
    var table = found.shown.length ? ui.escape(found.shown.map(label).join(" ")) : ui.text("table-empty");
    return ui.text("differs-state", { table: table, score: score(found.totals) });
  }

  function showDiffers(found) {
    var note = document.getElementById("offline-differs");
    if (!note) return;
    note.hidden = !found;
    note.querySelector(".offline-differs-body").innerHTML = found ?
      "<p>" + ui.text("differs-server") + " " + standing(found.server) + "</p><p>" + ui.text("differs-phone") + " " + standing(found.shown) + "</p>" : "";
  }

  window.SkMoves = {
    effective: effective, log: log, step: step, handles: handles, tap: tap, body: body, done: done, line: line,
    remember: remember, compare: compare
  };
})();
