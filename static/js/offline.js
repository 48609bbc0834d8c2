/* Offline-first recording at the table.

   Every page registers the service worker (templates/pwa/sw.js) and shows a notice while the phone is
   offline or the server cannot be reached. On the match screen, a play (or a quick end-of-hand entry)
   made offline, or while earlier ones still wait, goes into a queue in IndexedDB (offline_store.js);
   the screen shows the table as the waiting plays leave it. Back online, the queue is sent in order
   through the records API, each play with its Idempotency-Key and expected_seq, so a retry never
   records twice. A refused play (400: against the rules; 409: another phone recorded first) stops the
   queue and is shown with what would fix it; nothing is dropped without the scorer asking. Online, a
   write that fails (no answer, a timeout, a 5xx) is said so, and a play is kept in the queue to retry. */
(function () {
  "use strict";

  var TIMEOUT_MS = 15000, RETRY_MS = 10000;
  var queue = window.SkQueue;
  var script = document.currentScript;
  var unreachable = false;
  var entries = [];   /* the match's queue, oldest first, as last read */
  var syncing = false, refreshing = false, retry = null;

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
  }

  function reachable(yes) {
    if (unreachable === !yes) return;
    unreachable = !yes;
    showNotice();
  }

  /* ---- The match screen's hooks ---- */

  function root() { return document.getElementById("offline-queue-root"); }
  function matchId() { return Number(root().getAttribute("data-match")); }

  /* The open hand as the server last drew it (web/offline.py), or null between hands. */
  function hand() {
    var element = document.querySelector("#match-live [data-offline]");
    return element ? JSON.parse(element.getAttribute("data-offline")) : null;
  }

  function text(name, values) {
    var found = document.getElementById("offline-texts").content.querySelector('[data-text="' + name + '"]');
    var html = found ? found.innerHTML.trim() : name;
    Object.keys(values || {}).forEach(function (key) { html = html.split("{" + key + "}").join(values[key]); });
    return html;
  }

  function escape(value) {
    var span = document.createElement("span");
    span.textContent = String(value);
    return span.innerHTML;
  }

  function waitingText(count) {
    var form = { one: 1, few: 2 }[new Intl.PluralRules(document.documentElement.lang || "en").select(count)] || 5;
    return text("waiting-" + form, { n: count });
  }

  /* A card as the screen draws it (its label and colour from the card grid), e.g. 7♥. */
  function chip(card) {
    var input = document.getElementById("card-" + card);
    var face = input && input.nextElementSibling;
    var name = input ? input.getAttribute("aria-label") : card;
    var label = face ? face.textContent : card;
    var colour = face && face.classList.contains("red") ? "red" : "black";
    return '<span class="card-chip ' + colour + '" title="' + escape(name) + '"><span aria-hidden="true">' +
      escape(label) + '</span><span class="visually-hidden">' + escape(name) + "</span></span>";
  }

  function chips(cards) { return cards.map(chip).join(" "); }

  /* The API names cards as stored (KS); the scorer reads them as the card grid labels them (K♠, Д♠). */
  function labelled(message) {
    return message.replace(/\b(?:10|[2-9AJQK])[CDHS]\b/g, function (card) {
      var input = document.getElementById("card-" + card);
      return input && input.nextElementSibling ? input.nextElementSibling.textContent : card;
    });
  }

  function playLine(entry, seats) {
    var values = { name: escape(seats[entry.seat] || ""), card: chip(entry.card), taken: chips(entry.taken) };
    return text(entry.taken.length ? "played-took" : "played-nothing", values);
  }

  function nextSeat(state, seat) {
    var count = state.seats.length;
    return ((seat + state.direction) % count + count) % count;
  }

  /* The hand as the waiting plays leave it: those that follow on from the server's state in order. */
  function project(state) {
    var view = { table: state.table.slice(), seat: state.seat, seq: state.seq, played: [], applied: 0 };
    entries.forEach(function (entry) {
      if (entry.kind !== "play" || entry.hand !== state.hand || entry.seq !== view.seq || view.applied < entries.indexOf(entry)) return;
      view.table = view.table.filter(function (card) { return entry.taken.indexOf(card) < 0; });
      if (!entry.taken.length) view.table.push(entry.card);
      view.played.push(entry.card);
      view.seat = nextSeat(state, entry.seat);
      view.seq += 1;
      view.applied += 1;
    });
    return view;
  }

  /* ---- Drawing ---- */

  function render() {
    if (!root()) return;
    var panel = document.getElementById("offline-queue");
    panel.hidden = entries.length === 0;
    var state = hand();
    var seats = state ? state.seats : [];
    var summary = entries.filter(function (entry) { return entry.kind === "summary"; })[0];
    document.getElementById("offline-queue-title").innerHTML = summary ?
      text("counts-waiting", { number: summary.hand }) : waitingText(entries.length);
    var list = panel.querySelector(".offline-plays");
    list.innerHTML = "";
    entries.forEach(function (entry) {
      var item = document.createElement("li");
      item.innerHTML = entry.kind === "play" ? playLine(entry, seats) : text("counts-waiting", { number: entry.hand });
      if (entry.refused) item.classList.add("refused");
      list.appendChild(item);
    });
    panel.querySelector('[data-offline-action="take-back"]').hidden = !entries.length || entries[entries.length - 1].kind !== "play";
    if (state) drawHand(state);
    drawRefusal(state);
  }

  /* The hand section as the waiting plays leave it. */
  function drawHand(state) {
    var section = document.querySelector("#match-live [data-offline]");
    var view = project(state);
    var waiting = entries.length > 0;
    section.classList.toggle("offline-waiting", waiting);
    var lastPlay = section.querySelector(".last-play");
    if (lastPlay) lastPlay.hidden = waiting;
    var summary = section.querySelector(".summary-entry");
    if (summary) summary.hidden = waiting;
    var chosen = section.querySelector(".play-form input[name=card]:checked");
    if (queueing() && !chosen) drawChoices("");  /* the server's choices are for its table, not this one */
    if (!view.applied) return;
    var turn = section.querySelector("[data-offline-turn]");
    if (turn && view.seat !== null) turn.innerHTML = text("to-play", { name: escape(state.seats[view.seat]) });
    var table = section.querySelector(".table-cards p");
    if (table) table.innerHTML = view.table.length ? chips(view.table) : '<span class="muted">' + text("table-empty") + "</span>";
    view.played.forEach(function (card) {
      var input = document.getElementById("card-" + card);
      if (input) { input.checked = false; input.disabled = true; }
    });
  }

  /* The card just tapped, without the engine: tick the cards it took, or take nothing. */
  function drawChoices(card) {
    var state = hand();
    var box = document.getElementById("play-options");
    if (!state || !box) return;
    var html = '<p class="muted">' + text("unchecked") + "</p>";
    if (!card) {
      box.innerHTML = html + '<p class="muted">' + text("tap-card") + "</p>";
      return;
    }
    if (!state.captures) {
      box.innerHTML = html + '<button type="submit" name="capture" value="trail" class="wide">' + text("record-card", { card: chip(card) }) + "</button>";
      return;
    }
    var table = project(state).table;
    if (table.length) {
      html += '<fieldset class="card-grid" id="taken-grid"><legend>' + text("cards-taken") + '</legend><div class="suit-row">';
      table.forEach(function (each) {
        var name = escape(document.getElementById("card-" + each).getAttribute("aria-label"));
        html += '<label class="card-tile" title="' + name + '"><input class="card-input" type="checkbox" name="taken" value="' +
          each + '" id="taken-' + each + '" aria-label="' + name + '">' + chip(each).replace("card-chip", "face") + "</label>";
      });
      html += '</div></fieldset><button type="submit" name="capture" value="">' + text("record-these") + "</button>";
    }
    box.innerHTML = html + '<button type="submit" name="capture" value="trail" class="secondary wide">' + text("take-nothing") + "</button>";
  }

  function setStatus(html) {
    var status = document.querySelector("#offline-queue .offline-status");
    if (status) status.innerHTML = html || "";
  }

  function showError(html) {
    var error = document.getElementById("offline-error");
    if (!error) return;
    error.innerHTML = html || "";
    error.hidden = !html;
    if (html) error.scrollIntoView({ block: "center" });
  }

  function button(label, action, extra) {
    return '<button type="button" class="secondary" data-offline-action="' + action + '"' + (extra || "") + ">" + label + "</button>";
  }

  /* The first refused entry: why, and what would fix it. */
  function drawRefusal(state) {
    var panel = document.getElementById("offline-refusal");
    var refused = entries.filter(function (entry) { return entry.refused; })[0];
    panel.hidden = !refused;
    if (!refused) return;
    var reason = refused.refused;
    var body = "", actions = "";
    panel.querySelector(".offline-refusal-message").textContent = labelled(reason.message || "");
    if (refused.kind === "summary") {
      body = (reason.problems || []).map(function (problem) { return "<p>" + escape(problem) + "</p>"; }).join("");
      actions = button(text("edit-counts"), "edit-counts") + button(text("drop-counts"), "drop-from");
    } else if (reason.code === "hand.out_of_sync") {
      body = "<p>" + text("meanwhile") + '</p><ol class="play-log">' + (reason.theirs || []).map(function (play) {
        return "<li>" + playLine(play, state ? state.seats : []) + "</li>";
      }).join("") + "</ol>";
      actions = button(text("after-theirs"), "after-theirs") + button(text("drop-all"), "drop-from");
    } else {
      body = "<p>" + text("refused-play") + " " + playLine(refused, state ? state.seats : []) + "</p>";
      var alternatives = (reason.details && reason.details.alternatives) || [];
      if (alternatives.length) {
        body += "<p>" + text("could-take") + "</p>";
        actions = alternatives.map(function (cards) {
          return button(text("take", { cards: chips(cards) }), "fix", " data-taken=\"" + cards.join(" ") + "\"");
        }).join("");
      }
      if (refused.taken.length && state && state.captures && !(state.compulsory && alternatives.length)) {
        actions += button(text("take-nothing"), "fix", ' data-taken=""');
      }
      actions += button(text("drop-from"), "drop-from");
    }
    panel.querySelector(".offline-refusal-body").innerHTML = body;
    panel.querySelector(".offline-refusal-actions").innerHTML = actions;
  }

  /* ---- The queue ---- */

  function reload() {
    return queue.list(matchId()).then(function (found) { entries = found; render(); });
  }

  function newKey() {
    return (crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random()).replace(/-/g, "");
  }

  /* A play from the play form's fields (card, capture or ticked cards), after the waiting ones. */
  function queuePlay(data, key) {
    var state = hand();
    var card = data.get("card");
    if (!state || !card) return Promise.resolve();
    var capture = data.get("capture") || "";
    var taken = capture === "trail" ? [] : (capture ? capture.split(" ") : data.getAll("taken"));
    var view = project(state);
    var last = entries[entries.length - 1];
    var follows = last && last.kind === "play" && last.hand === state.hand && view.applied < entries.length;
    var entry = {
      match: state.match, hand: state.hand, kind: "play", url: state.api + "plays/", card: card, taken: taken,
      seq: follows ? last.seq + 1 : view.seq,
      seat: follows ? nextSeat(state, last.seat) : view.seat,
      key: key || newKey()
    };
    return queue.add(entry).then(reload).then(function () {
      drawChoices("");
      var turn = document.querySelector("#match-live .turn");
      if (turn) turn.focus({ preventScroll: true });
      sync();
    });
  }

  /* A quick end-of-hand entry: the form's fields, sent to the form's own address. */
  function queueSummary(form, data) {
    var state = hand();
    if (!state) return Promise.resolve();
    var fields = [];
    data.forEach(function (value, name) { if (name !== "csrfmiddlewaretoken") fields.push([name, value]); });
    var entry = { match: state.match, hand: state.hand, kind: "summary", url: form.getAttribute("action"), fields: fields };
    return queue.add(entry).then(reload).then(sync);
  }

  function csrf() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (error) { return ""; }
  }

  function request(entry) {
    var headers = { "X-CSRFToken": csrf() };
    var body;
    if (entry.kind === "play") {
      headers["Content-Type"] = "application/json";
      headers["Idempotency-Key"] = entry.key;
      body = JSON.stringify({ seat: entry.seat, card: entry.card, taken: entry.taken, expected_seq: entry.seq });
    } else {
      headers["HX-Request"] = "true";
      body = new URLSearchParams(entry.fields);
    }
    var options = { method: "POST", headers: headers, body: body, credentials: "same-origin" };
    if (window.AbortSignal && AbortSignal.timeout) options.signal = AbortSignal.timeout(TIMEOUT_MS);
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

  /* The plays another phone recorded from ``entry``'s number on. */
  function theirPlays(entry) {
    return fetch(entry.url.replace(/plays\/$/, ""), { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.json() : { plays: [] }; })
      .then(function (found) { return found.plays.filter(function (play) { return play.seq >= entry.seq; }); })
      .catch(function () { return []; });
  }

  function failed(html) {
    setStatus(html);
    clearTimeout(retry);
    retry = setTimeout(sync, RETRY_MS);
  }

  /* Send the waiting entries in order, until the queue is empty, one is refused or the network fails. */
  function sync() {
    if (syncing || !root() || !navigator.onLine) return Promise.resolve();
    syncing = true;
    clearTimeout(retry);
    var changed = false;
    function next() {
      return queue.list(matchId()).then(function (found) {
        entries = found;
        var entry = entries[0];
        if (!entry || entry.refused) return null;
        setStatus(text("sending"));
        return request(entry).then(function (result) {
          reachable(true);
          if (result.status < 300) {
            changed = true;
            return queue.remove([entry.id]).then(next);
          }
          if (result.status >= 500 || result.status === 429) return failed(text("server-error", { status: result.status }));
          changed = true;
          entry.refused = refusal(entry, result);
          var theirs = entry.refused.code === "hand.out_of_sync" ? theirPlays(entry) : Promise.resolve(null);
          return theirs.then(function (plays) {
            if (plays) entry.refused.theirs = plays;
            return queue.put(entry);
          });
        }, function () {
          reachable(false);
          failed(text("unsent"));
        });
      });
    }
    return next().then(function () {
      syncing = false;
      if (!entries.length || (entries[0] && entries[0].refused)) setStatus("");
      return changed ? refresh() : reload();
    }, function () { syncing = false; });
  }

  /* Redraw the live region from the server (after a sync), then lay the waiting plays over it. */
  function refresh() {
    refreshing = true;
    return queue.list(matchId()).then(function (found) {
      entries = found;
      return window.htmx.ajax("GET", root().getAttribute("data-live"), { target: "#match-live", swap: "outerHTML" });
    }).then(function () { refreshing = false; }, function () { refreshing = false; reload(); });
  }

  /* Keep the screen as it now stands for offline use (the service worker stores it for this address). */
  function keepPage() {
    if (entries.length || offline() || !navigator.serviceWorker) return;
    var html = "<!doctype html>\n" + document.documentElement.outerHTML;
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage({ type: "keep-page", path: location.pathname, html: html });
    });
  }

  /* ---- What the scorer taps in the queue's panels ---- */

  function dropFrom(entry) {
    var ids = entries.slice(entries.indexOf(entry)).map(function (each) { return each.id; });
    return queue.remove(ids).then(refresh);
  }

  function act(action, target) {
    var refused = entries.filter(function (entry) { return entry.refused; })[0];
    if (action === "take-back" && entries.length) return queue.remove([entries[entries.length - 1].id]).then(reload);
    if (action === "send") return sync();
    if (!refused) return Promise.resolve();
    if (action === "drop-from") return dropFrom(refused);
    if (action === "fix") {
      var taken = target.getAttribute("data-taken");
      refused.taken = taken ? taken.split(" ") : [];
      refused.key = newKey();
      delete refused.refused;
      return queue.put(refused).then(sync);
    }
    if (action === "after-theirs") {
      /* Renumber mine after theirs; the engine then judges them against the table as it now is. */
      var state = hand();
      var seq = state.seq, seat = state.seat;
      var mine = entries.slice(entries.indexOf(refused));
      mine.forEach(function (entry) {
        delete entry.refused;
        entry.hand = state.hand;
        entry.url = state.api + "plays/";
        entry.seq = seq++;
        entry.seat = seat;
        entry.key = newKey();
        seat = nextSeat(state, seat);
      });
      return Promise.all(mine.map(queue.put)).then(sync);
    }
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
    if (!root() || refreshing || !queueing()) return;
    var submitter = detail.triggeringEvent && detail.triggeringEvent.submitter;
    if (element.id === "match-live") {
      event.preventDefault();  /* a poll would draw the server's state over the waiting plays */
    } else if (detail.verb === "get" && element.closest(".play-form")) {
      event.preventDefault();
      var changed = detail.triggeringEvent && detail.triggeringEvent.target;
      if (changed && changed.name === "card") drawChoices(changed.value);  /* not a ticked taken card */
    } else if (isPlayForm(element)) {
      event.preventDefault();
      queuePlay(new FormData(element, submitter || undefined));
    } else if (isSummaryForm(element)) {
      event.preventDefault();
      queueSummary(element, new FormData(element));
    } else if (detail.verb !== "get" && element.closest("#match-live")) {
      event.preventDefault();
      showError(text("needs-network"));
    }
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

  window.addEventListener("online", function () { unreachable = false; showNotice(); sync().then(function () { if (!entries.length && root()) refresh(); }); });
  window.addEventListener("offline", showNotice);

  document.addEventListener("DOMContentLoaded", function () {
    showNotice();
    if (!root()) return;
    reload().then(function () {
      keepPage();
      if (entries.length) sync();
    });
  });
})();
