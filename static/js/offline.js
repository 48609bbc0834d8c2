/* Offline-first recording at the table.

   Every page registers the service worker (templates/pwa/sw.js) and shows a notice while the phone is
   offline or the server cannot be reached. On the match screen, a play (or a quick end-of-hand entry)
   made offline, or while earlier ones still wait, goes into a queue in IndexedDB (offline_store.js);
   the screen shows the table as the waiting plays leave it. Back online, the queue is sent in order
   through the records API, each play with its seat, Idempotency-Key, expected_seq and expected_revision,
   so a retry never records twice and a play made against a hand another phone has changed (even by an
   undo and a new play) is refused. A refused play (400: against the rules; 409: another phone recorded
   first) stops the queue and is shown with what would fix it (offline_conflict.js: where each waiting
   play would be stored after the other phone's); nothing is dropped, and no play is stored under
   another seat, without the scorer asking; a close, a start or a challenge that another phone made
   first, the same, is done, and the entries after it go on. Online, a write that fails (no answer, a
   timeout, a 5xx) is said so, and a play is kept in the queue to retry. */
(function () {
  "use strict";

  var TIMEOUT_MS = 15000, RETRY_MS = 10000;
  var queue = window.SkQueue, ui = window.SkView, conflict = window.SkConflict, moves = window.SkMoves;
  var root = ui.root, hand = ui.hand, text = ui.text, nextSeat = conflict.nextSeat, playOf = conflict.playOf;
  var setStatus = ui.setStatus, showError = ui.showError;
  var script = document.currentScript;
  var unreachable = false;
  var entries = [];   /* the match's queue, oldest first, as last read */
  var syncing = false, retry = null;

  if ("serviceWorker" in navigator && script) {
    navigator.serviceWorker.register(script.getAttribute("data-worker"), { scope: "/" }).catch(function () { return null; });
  }

  function offline() { return !navigator.onLine || unreachable; }

  function showNotice() {
    var notice = document.getElementById("offline-notice");
    if (!notice) return;
    if (!notice.hasAttribute("data-offline")) notice.setAttribute("data-offline", notice.textContent);
    notice.textContent = notice.getAttribute(navigator.onLine ? "data-unreachable" : "data-offline");
    notice.hidden = !offline();
    document.documentElement.classList.toggle("offline", offline());  /* forms that need the network hide (app.css) */
  }

  function reachable(yes) {
    if (unreachable === !yes) return;
    unreachable = !yes;
    showNotice();
  }

  /* ---- The queue ---- */

  function render() {
    ui.render(entries, queueing());
    if (window.SkHandEnd) window.SkHandEnd.render(entries);  /* a hand scored or started offline (offline_hand_end.js) */
  }

  function matchId() { return Number(root().getAttribute("data-match")); }

  function reload() {
    return queue.list(matchId()).then(function (found) { entries = found; render(); });
  }

  function newKey() {
    return (crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random()).replace(/-/g, "");
  }

  /* A play from the play form's fields (card, capture or ticked cards), after the waiting ones. It keeps
     the seat it was played by (``player``) and the plays it follows (``base``), to tell, if another phone
     records first, what that phone changed and where this play would then be stored. */
  function playEntry(state, data, key) {
    var card = data.get("card");
    var capture = data.get("capture") || "";
    var taken = capture === "trail" ? [] : (capture ? capture.split(" ") : data.getAll("taken"));
    var view = ui.project(state, entries);
    var last = entries[entries.length - 1];
    var follows = last && last.kind === "play" && last.hand === state.hand && view.applied < entries.length;
    var seat = follows ? nextSeat(state, last.seat) : view.seat;
    return {
      match: state.match, hand: state.hand, kind: "play", url: state.api + "plays/", card: card, taken: taken,
      seq: follows ? last.seq + 1 : view.seq,
      revision: follows ? (last.revision === undefined ? undefined : last.revision + 1) : view.revision,
      seat: seat, player: seat,
      base: follows ? (last.base && last.base.concat([playOf(last)])) : view.plays,
      key: key || newKey()
    };
  }

  function queuePlay(data, key) {
    var state = hand();
    if (!state || !data.get("card")) return Promise.resolve();
    var entry = playEntry(state, data, key);
    return checked(state, entry).then(function (accepted) {
      if (!accepted) return null;
      showError("");  /* an earlier refusal is answered */
      return queue.add(entry).then(reload).then(function () {
        ui.drawChoices("", entries, data.get("one_tap") === "1" ? entry.card : "");  /* its undo there, as online */
        var turn = document.querySelector("#match-live .turn");
        if (turn) turn.focus({ preventScroll: true });
        if (window.SkTable) window.SkTable.fit();  /* as after a play online: the last play and its challenges in view */
        sync();
      });
    });
  }

  /* With the engine in the phone (SkEngine ready: static/js/engine.js), a play is checked before it is
     queued, after the hand's standing plays and the waiting ones, as the server checks it: a refused
     play is not queued, and its refusal is worded as the server words it (by the engine), with the
     captures the card could have made. Without the engine every play is queued unchecked. */
  function checked(state, entry) {
    var engine = window.SkEngine;
    var texts = engine && engine.texts();
    if (!engine || engine.state !== "ready" || !texts || !state.setup) return Promise.resolve(true);
    var log = moves.log(state, entries);  /* the standing plays, then the waiting plays, undos and challenges */
    var payload = {
      game: state.game, options: state.options, setup: state.setup, log: log,
      play: { seat: entry.seat, card: entry.card, taken: entry.taken }
    };
    return engine.call("play", payload).then(function (answer) {
      if (!answer || answer.accepted !== false) return true;
      showError(refusalHtml(answer.error, texts));
      return false;
    }, function () { return true; });  /* the engine failed: queued unchecked, as without it */
  }

  /* The refusal as the server shows it (its words, and the rule that explains it), then what the card
     could have taken. Escaped: names are typed by people. */
  function refusalHtml(error, texts) {
    var html = ui.escape(error.text || error.message);
    var url = error.rule && (texts.rule_urls || {})[error.code];
    if (url) html += ' <a class="rule-link" href="' + ui.escape(url) + '">' + text("rule", { rule: ui.escape(error.rule) }) + "</a>";
    var alternatives = (error.alternatives || []).map(function (cards) {
      return cards.map(function (card) { return texts.cards[card] || card; }).join(" ");
    });
    return alternatives.length ? html + " " + text("could-take") + " " + ui.escape(alternatives.join("; ")) : html;
  }

  /* A quick end-of-hand entry: the form's fields, sent to the form's own address. */
  function queueSummary(form, data) {
    var state = hand();
    if (!state) return Promise.resolve();
    var fields = [];
    data.forEach(function (value, name) { if (name !== "csrfmiddlewaretoken") fields.push([name, value]); });
    var entry = { match: state.match, hand: state.hand, kind: "summary", url: form.getAttribute("action"), fields: fields };
    var check = window.SkHandEnd ? window.SkHandEnd.checkSummary(state, fields) : Promise.resolve(true);
    return check.then(function (accepted) { return accepted ? queue.add(entry).then(reload).then(sync) : null; });
  }

  /* The end of a hand (its close, the next hand's start: offline_hand_end.js), after the waiting entries. */
  function queueHandEnd(element, data) {
    return window.SkHandEnd.entry(element, data).then(function (entry) {
      return entry ? queue.add(entry).then(reload).then(sync) : null;
    });
  }

  function csrf() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (error) { return ""; }
  }

  function request(entry) {
    var headers = { "X-CSRFToken": csrf() };
    var body;
    if (entry.kind === "play" || entry.body) {
      headers["Content-Type"] = "application/json";
      headers["Idempotency-Key"] = entry.key;
      body = JSON.stringify(entry.body || {
        seat: entry.seat, card: entry.card, taken: entry.taken, expected_seq: entry.seq, expected_revision: entry.revision
      });
    } else if (entry.kind === "undo" || entry.kind === "challenge") {
      headers["Content-Type"] = "application/json";
      body = moves.body(entry, headers);
    } else {
      headers["HX-Request"] = "true";
      body = new URLSearchParams(entry.fields);
    }
    var options = timed({ method: "POST", headers: headers, body: body, credentials: "same-origin" });
    return fetch(entry.url, options).then(function (response) {
      var type = response.headers.get("Content-Type") || "";
      var read = type.indexOf("json") >= 0 ? response.json() : response.text().then(function (html) { return { html: html }; });
      return read.then(function (answer) { return { status: response.status, answer: answer }; });
    });
  }

  /* Why the server refused: the API's envelope, or the web form's error (a quick entry). */
  function refusal(entry, result) {
    var answer = result.answer;
    if (answer.html !== undefined) {
      var page = new DOMParser().parseFromString(answer.html, "text/html");
      var alert = page.querySelector(".alert.error");
      return {
        status: result.status,
        message: alert && alert.querySelector("p") ? alert.querySelector("p").textContent : String(result.status),
        problems: alert ? Array.prototype.map.call(alert.querySelectorAll("li"), function (item) { return item.textContent; }) : []
      };
    }
    return { status: result.status, code: answer.code, message: answer.message, details: answer.details || {} };
  }

  function timed(options) {
    if (window.AbortSignal && AbortSignal.timeout) options.signal = AbortSignal.timeout(TIMEOUT_MS);
    return options;
  }

  /* Another phone recorded first: the hand as the server now has it, read once (its plays, number,
     revision and turn), and what changed since ``entry`` was queued. No answer: rejects, to try again. */
  function catchUp(entry, refused) {
    return fetch(entry.api || entry.url.replace(/plays\/$/, ""), timed({ credentials: "same-origin" })).then(function (response) {
      if (!response.ok) return refused;  /* shown as a plain refusal, to drop */
      return response.json().then(function (found) {
        refused.now = {
          plays: found.plays.map(playOf), seq: found.next_seq, revision: found.revision,
          seat: found.is_open ? found.state.next_seat : null,
          challenged: found.plays.map(function (play) { return { seq: play.seq, by: play.challenged_by || [] }; })
        };
        var changed = conflict.changes(entry, refused.now);
        refused.gone = changed.gone;
        refused.theirs = changed.theirs;
        return refused;
      });
    });
  }

  /* The play after ``entry`` follows the play as stored (a fix or a retry's answer may differ from the queued one). */
  function followOn(entry, stored) {
    var after = entries[entries.indexOf(entry) + 1];
    if (!stored || !entry.base || !after || after.kind !== "play" || after.hand !== entry.hand) return Promise.resolve();
    after.base = entry.base.concat([playOf(stored)]);
    return queue.put(after);
  }

  function failed(html) {
    setStatus(html);
    clearTimeout(retry);
    retry = setTimeout(sync, RETRY_MS);
  }

  /* A refused entry with nothing left to send: an undo whose answer was lost (offline_moves.js), a
     close or start another phone made first (offline_hand_end.js). */
  function settled(entry, refused) {
    if (moves.done(entry, refused)) return Promise.resolve(true);
    return window.SkHandEnd ? window.SkHandEnd.settled(entry, refused) : Promise.resolve(false);
  }

  /* Send the waiting entries in order, until the queue is empty, one is refused or the network fails. */
  function sync() {
    if (syncing || !root() || !navigator.onLine) return Promise.resolve();
    syncing = true;
    clearTimeout(retry);
    moves.remember(entries);  /* what the phone shows, to tell after the sync whether the server differs */
    var changed = false;
    function next() {
      return queue.list(matchId()).then(function (found) {
        entries = found;
        var entry = entries[0];
        if (!entry || entry.refused) return null;
        setStatus(text("sending"));
        return request(entry).then(function (result) {
          reachable(true);
          if (result.status < 300 && entry.kind === "match") return window.SkDraft.stored(entry, result.answer);
          if (result.status < 300) {
            changed = true;
            return followOn(entry, result.answer.play).then(function () { return queue.remove([entry.id]); }).then(next);
          }
          if (result.status >= 500 || result.status === 429) return failed(text("server-error", { status: result.status }));
          var refused = refusal(entry, result);
          var caught = refused.code === "hand.out_of_sync" ? catchUp(entry, refused) : Promise.resolve(refused);
          return caught.then(function (shown) {
            changed = true;
            return settled(entry, shown).then(function (done) {
              if (done) return queue.remove([entry.id]).then(next);
              entry.refused = shown;
              return queue.put(entry);
            });
          });
        }).catch(function () {
          reachable(false);
          failed(text("unsent"));
        });
      });
    }
    return next().then(function () {
      syncing = false;
      if (!entries.length || (entries[0] && entries[0].refused)) setStatus("");
      return changed ? refresh().then(function () { return moves.compare(entries); }) : reload();
    }, function () { syncing = false; });
  }

  /* Redraw the live region from the server (after a sync), then lay the waiting plays over it. Its
     request comes from the page, not the region (htmx:confirm lets it through): while it is under way the
     region's poll and the play forms stay the queue's, so no second redraw lands on a tap in the panel. */
  function refresh() {
    return queue.list(matchId()).then(function (found) {
      entries = found;
      return window.htmx.ajax("GET", root().getAttribute("data-live"), { target: "#match-live", swap: "outerHTML" });
    }).catch(function () { return reload(); });
  }

  /* Keep the screen as it now stands for offline use (the service worker stores it for this address). */
  function keepPage() {
    if (entries.length || offline() || !navigator.serviceWorker || root().hasAttribute("data-draft")) return;
    var html = "<!doctype html>\n" + document.documentElement.outerHTML;
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage({ type: "keep-page", path: location.pathname, html: html });
    });
  }

  /* ---- What the scorer taps in the queue's panels ---- */

  function dropFrom(entry) {
    var dropped = entries.slice(entries.indexOf(entry));
    var ids = dropped.map(function (each) { return each.id; });
    if (window.SkDraft && window.SkDraft.matchEntry(dropped)) {  /* a match started offline, dropped whole */
      return queue.remove(ids).then(function () { return window.SkDraft.leave(root().getAttribute("data-new")); });
    }
    return queue.remove(ids).then(refresh);
  }

  function ids(listed) { return listed.split(" ").map(Number); }

  function byId(id) { return entries.filter(function (entry) { return entry.id === id; })[0]; }

  /* The other phone recorded these same plays: drop mine. The waiting plays after them stay shown
     against the other phone's, to add after theirs or drop. */
  function dropSame(refused, dropped) {
    var rest = entries.slice(entries.indexOf(refused)).filter(function (entry) {
      return dropped.indexOf(entry.id) < 0 && entry.kind === "play" && entry.hand === refused.hand;
    });
    var kept = Promise.resolve();
    if (dropped.indexOf(refused.id) >= 0 && rest.length) {
      rest[0].refused = refused.refused;
      kept = queue.put(rest[0]);
    }
    if (!rest.length) return kept.then(function () { return queue.remove(dropped); }).then(refresh);
    return kept.then(function () { return queue.remove(dropped); }).then(reload).then(function () {
      /* The tapped button is gone with the plays it dropped: the choice that is left takes the focus. */
      var choice = document.querySelector("#offline-refusal .offline-refusal-actions button");
      if (choice) choice.focus();
    });
  }

  /* Add mine after theirs exactly as the screen showed them ("id:seq:revision:seat" each): the server
     stores a play only under the seat sent, so none lands under a seat the scorer was not shown. */
  function afterTheirs(refused, plan) {
    var base = refused.refused.now.plays.slice();
    var steps = plan.split(" ").map(function (step) { return step.split(":").map(Number); });
    if (steps.some(function (step) { return !byId(step[0]); })) return reload();
    var mine = steps.map(function (step) {
      var entry = byId(step[0]);
      entry.player = conflict.queuedSeat(entry);
      entry.seq = step[1];
      entry.revision = step[2];
      entry.seat = step[3];
      entry.base = base.slice();
      entry.key = newKey();
      delete entry.refused;
      base.push(playOf(entry));
      return entry;
    });
    return Promise.all(mine.map(queue.put)).then(sync);
  }

  /* Undo or a challenge tapped while queueing (offline_moves.js): queued, then sent when it can be. */
  function moved(element) {
    return moves.tap(element, entries).then(function (queued) { return queued ? reload().then(sync) : null; });
  }

  function act(action, target) {
    var refused = entries.filter(function (entry) { return entry.refused; })[0];
    if (action === "take-back" && entries.length) return queue.remove([entries[entries.length - 1].id]).then(reload);
    if (action === "undo" || action === "challenge") return moved(target);
    if (action === "send") {
      /* A refusal of the sender, not of the play (signed out meanwhile): send again once signed in. */
      if (refused && (refused.refused.status === 401 || refused.refused.status === 403)) {
        delete refused.refused;
        return queue.put(refused).then(sync);
      }
      return sync();
    }
    if (!refused) return Promise.resolve();
    if (action === "drop-from") return dropFrom(refused);
    if (action === "fix") {
      var taken = target.getAttribute("data-taken");
      refused.taken = taken ? taken.split(" ") : [];
      refused.key = newKey();
      delete refused.refused;
      return queue.put(refused).then(sync);
    }
    if (action === "drop-same") return dropSame(refused, ids(target.getAttribute("data-ids")));
    if (action === "after-theirs") return afterTheirs(refused, target.getAttribute("data-plan"));
    if (action === "edit-counts") {
      var form = document.querySelector("#match-live .summary-entry form");
      return queue.remove([refused.id]).then(reload).then(function () {
        if (!form) return;
        refused.fields.forEach(function (pair) {
          var field = form.querySelector('[name="' + pair[0] + '"]' + (form.querySelector('[name="' + pair[0] + '"][type=radio]') ? '[value="' + pair[1] + '"]' : ""));
          if (!field) return;
          if (field.type === "radio" || field.type === "checkbox") field.checked = true; else field.value = pair[1];
        });
        form.closest("details").open = true;
        form.querySelector("input:not([type=hidden])").focus();
      });
    }
    return Promise.resolve();
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest && event.target.closest("[data-offline-action]");
    if (target) act(target.getAttribute("data-offline-action"), target);
  });

  /* ---- htmx: offline or with plays waiting, the phone answers; online failures are never silent ---- */

  function queueing() { return offline() || entries.length > 0; }

  function isPlayForm(element) { return element.matches && element.matches(".play-form"); }
  function isSummaryForm(element) { return element.closest && element.closest(".summary-entry") && element.tagName === "FORM"; }

  document.addEventListener("htmx:confirm", function (event) {
    var detail = event.detail, element = detail.elt;
    if (!root() || !queueing()) return;
    var submitter = detail.triggeringEvent && detail.triggeringEvent.submitter;
    if (element.id === "match-live") {
      event.preventDefault();  /* a poll would draw the server's state over the waiting plays */
    } else if (detail.verb === "get" && element.closest(".play-form")) {
      event.preventDefault();
      var changed = detail.triggeringEvent && detail.triggeringEvent.target;
      if (changed && changed.name === "card") ui.drawChoices(changed.value, entries);  /* not a ticked taken card */
    } else if (isPlayForm(element)) {
      event.preventDefault();
      queuePlay(new FormData(element, submitter || undefined));
    } else if (isSummaryForm(element)) {
      event.preventDefault();
      queueSummary(element, new FormData(element));
    } else if (moves.handles(element)) {
      event.preventDefault();
      moved(element);
    } else if (window.SkHandEnd && window.SkHandEnd.handles(element)) {
      event.preventDefault();
      queueHandEnd(element, new FormData(element));
    } else if (detail.verb !== "get" && element.closest("#match-live")) {
      event.preventDefault();
      /* A hand started or scored before the phone's engine has loaded: it will be done offline, soon. */
      var engine = window.SkEngine, loading = engine && (engine.state === "loading" || engine.state === "off");
      showError(text(loading && element.matches(".hand-new, .hand-finish") ? "engine-loading" : "needs-network"));
    }
  });

  document.addEventListener("sk-engine", function (event) {
    var shown = document.getElementById("offline-error");
    if (event.detail.state === "ready" && shown && shown.textContent === text("engine-loading")) showError("");
  });

  document.addEventListener("htmx:configRequest", function (event) {
    if (!event.detail.timeout) event.detail.timeout = TIMEOUT_MS;
  });

  function writeFailed(event) {
    var detail = event.detail, element = detail.elt, config = detail.requestConfig || {};
    if (event.type !== "htmx:responseError") reachable(false);
    if (!root() || config.verb === "get") return;
    if (isPlayForm(element) && config.formData) {
      var data = config.formData;
      queuePlay(data, data.get("key"));
      failed(event.type === "htmx:responseError" ? text("server-error", { status: detail.xhr.status }) : text("unsent"));
    } else if (isSummaryForm(element) && config.formData) {
      queueSummary(element, config.formData);
      failed(event.type === "htmx:responseError" ? text("server-error", { status: detail.xhr.status }) : text("unsent"));
    } else {
      showError(text("write-failed"));
    }
  }
  ["htmx:sendError", "htmx:timeout", "htmx:responseError"].forEach(function (name) {
    document.addEventListener(name, writeFailed);
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful) {
      reachable(true);
      showError("");
    }
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.target.id !== "match-live") return;
    keepPage();
    render();
  });

  document.addEventListener("sk:drawn", keepPage);  /* a play drawn by the engine (offline_engine_view.js) */

  window.addEventListener("online", function () { unreachable = false; showNotice(); sync().then(function () { if (!entries.length && root()) refresh(); }); });
  window.addEventListener("offline", showNotice);

  /* Any other page the worker keeps (the start page): kept from its first load, which the worker,
     registered by that load, did not see; so offline it opens as last seen, not as never opened. */
  function keepOtherPage() {
    if (offline() || !navigator.serviceWorker) return;
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage({ type: "keep-page", path: location.pathname });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    showNotice();
    if (!root()) { keepOtherPage(); return; }
    (window.SkDraft ? window.SkDraft.ready : Promise.resolve()).then(reload).then(function () {
      keepPage();
      if (entries.length) sync();
    });
  });
})();
