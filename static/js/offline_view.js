/* The match screen as offline recording draws it (window.SkView, used by offline.js): the hand as the
   waiting plays leave it, the choices for a card tapped without the engine, the queue and a refused
   entry. The texts come translated from templates/web/matches/_offline.html. */
(function () {
  "use strict";

  var conflict = window.SkConflict;
  function moves() { return window.SkMoves; }  /* undo and challenges (offline_moves.js, loaded after this) */
  var drawn = { entries: [], queueing: false };  /* what the screen was last drawn with */
  var WAITING = { summary: "counts-waiting", close: "close-waiting", start: "start-waiting", match: "match-waiting" };  /* an entry other than a move */
  var MOVES = ["play", "undo", "challenge"];  /* the entries that change the hand play by play */

  /* ---- The match screen's hooks ---- */

  function root() { return document.getElementById("offline-queue-root"); }

  /* The open hand's section, or null between hands (where the next hand is drawn hidden, data-coming,
     until it is started: offline_hand_end.js). */
  function section() { return document.querySelector("#match-live [data-offline]:not([data-coming])"); }

  /* The open hand as the server last drew it (web/offline.py), or null between hands. */
  function hand() {
    var element = section();
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

  /* "3 plays waiting", or "3 changes waiting" when an undo or a challenge is among them. */
  function waitingText(entries) {
    var count = entries.length;
    var form = { one: 1, few: 2 }[new Intl.PluralRules(document.documentElement.lang || "en").select(count)] || 5;
    var changes = entries.some(function (entry) { return entry.kind === "undo" || entry.kind === "challenge"; });
    return text((changes ? "changes-waiting-" : "waiting-") + form, { n: count });
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

  function playLine(play, seats) {
    var values = { name: escape(seats[play.seat] || ""), card: chip(play.card), taken: chips(play.taken) };
    return text(play.taken.length ? "played-took" : "played-nothing", values);
  }

  /* A waiting play as it was played, and the seat it is to be stored under when that is another one. */
  function waitingLine(entry, seats) {
    var line = playLine(conflict.asPlayed(entry), seats);
    if (conflict.queuedSeat(entry) === entry.seat) return line;
    return line + ' <strong class="offline-moved">' + text("stored-as", { name: escape(seats[entry.seat] || "") }) + "</strong>";
  }

  /* The hand's waiting moves, in order: a hand started offline follows the earlier hand's entries, and
     its own start (offline_hand_end.js). */
  function moving(state, entries) {
    return entries.filter(function (entry) { return entry.hand === state.hand && MOVES.indexOf(entry.kind) >= 0; });
  }

  /* Whether ``entry`` only opened the hand ``state`` (the match or the hand started offline): its counts
     may still be entered, as online. */
  function opening(state, entry) {
    return entry.kind === "match" || (entry.kind === "start" && entry.hand === state.hand);
  }

  /* The hand as the waiting plays leave it: those that follow on from the server's state in order (its
     number of plays and, for plays that know it, its revision: not after another phone's undo). */
  function project(state, entries) {
    var view = {
      table: state.table.slice(), seat: state.seat, seq: state.seq, revision: state.revision,
      plays: state.plays.slice(), played: [], applied: 0
    };
    var mine = moving(state, entries);
    mine.forEach(function (entry) {
      if (entry.seq !== view.seq || view.applied < mine.indexOf(entry)) return;
      if (entry.revision !== undefined && entry.revision !== view.revision) return;
      if (entry.kind !== "play") {
        if (moves() && moves().step(view, entry)) view.applied += 1;
        return;
      }
      view.table = view.table.filter(function (card) { return entry.taken.indexOf(card) < 0; });
      if (!entry.taken.length) view.table.push(entry.card);
      view.played.push(entry.card);
      view.plays.push(conflict.playOf(entry));
      view.seat = conflict.nextSeat(state, entry.seat);
      view.seq += 1;
      view.revision += 1;
      view.applied += 1;
    });
    return view;
  }

  /* ---- Drawing ---- */

  function render(entries, queueing) {
    if (!root()) return;
    drawn = { entries: entries, queueing: queueing };
    var panel = document.getElementById("offline-queue");
    panel.hidden = entries.length === 0;
    var state = hand();
    var seats = state ? state.seats : [];
    var summary = entries.filter(function (entry) { return entry.kind === "summary"; })[0];
    var moving = entries.filter(function (entry) { return MOVES.indexOf(entry.kind) >= 0; });
    var other = entries.filter(function (entry) { return WAITING[entry.kind]; })[0];
    var title = document.getElementById("offline-queue-title");
    title.innerHTML = summary ?
      text("counts-waiting", { number: summary.hand }) : moving.length || !other ? waitingText(moving) : text(WAITING[other.kind], { number: other.hand });
    var list = panel.querySelector(".offline-plays");
    list.innerHTML = "";
    entries.forEach(function (entry) {
      var item = document.createElement("li");
      item.innerHTML = entry.kind === "play" ? waitingLine(entry, seats) :
        WAITING[entry.kind] ? text(WAITING[entry.kind], { number: entry.hand }) : moves().line(entry, seats);
      if (entry.refused) item.classList.add("refused");
      list.appendChild(item);
    });
    /* One waiting write that the title already says (a match or hand started): said once. */
    list.hidden = entries.length === 1 && !entries[0].refused && list.textContent === title.textContent;
    panel.querySelector('[data-offline-action="take-back"]').hidden = !entries.length || entries[entries.length - 1].kind === "summary";
    if (state) drawHand(state, entries, queueing);
    drawRefusal(state, entries);
  }

  /* The hand section as the waiting plays leave it. */
  function drawHand(state, entries, queueing) {
    var shown = section();
    var view = project(state, entries);
    var waiting = entries.length > 0;
    shown.classList.toggle("offline-waiting", waiting);
    var lastPlay = shown.querySelector(".last-play");
    if (lastPlay) lastPlay.hidden = waiting;
    var summary = shown.querySelector(".summary-entry");
    if (summary) summary.hidden = entries.some(function (entry) { return !opening(state, entry); });
    var chosen = shown.querySelector(".play-form input[name=card]:checked");
    if (queueing && !chosen) drawChoices("", entries);  /* the server's choices are for its table, not this one */
    var engine = window.SkEngineView;  /* with the engine ready, it draws the hand (offline_engine_view.js) */
    if ((engine && engine.drawHand(state, entries)) || !view.applied) return;
    view.played.forEach(function (card) {
      var input = document.getElementById("card-" + card);
      if (input) { input.checked = false; input.disabled = true; }
    });
    /* A capture game deals the whole pack: once no card is left to tap, the hand is played out. */
    var over = state.captures && !shown.querySelector(".play-form input[name=card]:enabled");
    var turn = shown.querySelector("[data-offline-turn]");
    if (turn && view.seat !== null) {
      turn.innerHTML = over ? text("all-played") : text("to-play", { name: escape(state.seats[view.seat]) });
    }
    var table = shown.querySelector(".table-cards p");
    if (table) table.innerHTML = view.table.length ? chips(view.table) : '<span class="muted">' + text("table-empty") + "</span>";
  }

  /* The card just tapped (none: the prompt, and the card ``oneTapped`` recorded at its tap), from the
     engine when it is ready (offline_engine_view.js), else the fallback. */
  function drawChoices(card, entries, oneTapped) {
    var engine = window.SkEngineView;
    if (!engine || !engine.drawChoices(hand(), card, entries, oneTapped)) drawFallback(card, entries);
  }

  /* The card just tapped, without the engine: tick the cards it took, or take nothing. */
  function drawFallback(card, entries) {
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
    var table = project(state, entries).table;
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
  function drawRefusal(state, entries) {
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
    } else if (refused.kind === "close" || refused.kind === "start" || refused.kind === "match") {
      body = "<p>" + text(WAITING[refused.kind], { number: refused.hand }) + "</p>";
      actions = button(text("drop-from"), "drop-from");
    } else if (reason.code === "hand.out_of_sync" && reason.now) {
      var drawn = drawConflict(state, entries, refused);
      body = drawn.body;
      actions = drawn.actions;
    } else {
      var seats = state ? state.seats : [];
      body = "<p>" + text("refused-play") + " " + (refused.kind === "play" ? waitingLine(refused, seats) : moves().line(refused, seats)) + "</p>";
      var alternatives = (reason.details && reason.details.alternatives) || [];
      if (alternatives.length) {
        body += "<p>" + text("could-take") + "</p>";
        actions = alternatives.map(function (cards) {
          return button(text("take", { cards: chips(cards) }), "fix", " data-taken=\"" + cards.join(" ") + "\"");
        }).join("");
      }
      if (refused.taken && refused.taken.length && state && state.captures && !(state.compulsory && alternatives.length)) {
        actions += button(text("take-nothing"), "fix", ' data-taken=""');
      }
      actions += button(text("drop-from"), "drop-from");
    }
    drawOnce(panel.querySelector(".offline-refusal-body"), body);
    drawOnce(panel.querySelector(".offline-refusal-actions"), actions);
  }

  /* ``element``'s markup set, unless it holds that already: a redraw that changes nothing (the region
     swapped twice in a moment) leaves the buttons in place, so a tap on one is never lost to it. */
  function drawOnce(element, html) {
    if (element.skDrawn === html) return;
    element.skDrawn = html;
    element.innerHTML = html;
  }

  function playList(title, plays, seats) {
    if (!plays.length) return "";
    return "<p>" + title + '</p><ol class="play-log">' + plays.map(function (play) {
      return "<li>" + playLine(play, seats) + "</li>";
    }).join("") + "</ol>";
  }

  /* One waiting play after theirs: the other phone recorded its card, or the seat it would be stored under. */
  function stepLine(step, seats) {
    var line = playLine(conflict.asPlayed(step.entry), seats) + " ";
    var queued = conflict.queuedSeat(step.entry);
    if (step.theirs) return line + (step.same ? text("same-play") : text("same-card", { play: playLine(step.theirs, seats) }));
    if (step.seat === null) return line + text("lands-none");
    var values = { name: escape(seats[step.seat] || ""), queued: escape(seats[queued] || "") };
    if (step.seat === queued) return line + text("lands-same", values);
    return line + '<strong class="offline-moved">' + text("lands-moved", values) + "</strong>";
  }

  /* Another phone recorded first: what it changed, where each of my waiting plays would be stored after
     its plays, and the choices. The buttons carry what the screen shows: the entries to drop, or each
     entry's number, revision and seat ("id:seq:revision:seat"), which offline.js stores as they are. */
  function drawConflict(state, entries, refused) {
    var reason = refused.refused, seats = state ? state.seats : [];
    var mine = entries.slice(entries.indexOf(refused)).filter(function (entry) {
      return entry.kind === "play" && entry.hand === refused.hand;
    });
    var steps = state ? conflict.plan(state, mine, reason.now) : [];
    var body = playList(text("taken-back"), reason.gone, seats) + playList(text("meanwhile"), reason.theirs, seats) +
      "<p>" + text("mine-after") + '</p><ol class="play-log offline-plan">' + steps.map(function (step) {
        return "<li>" + stepLine(step, seats) + "</li>";
      }).join("") + "</ol>";
    var same = steps.filter(function (step) { return step.theirs; });
    var actions = "";
    if (same.length) {
      var ids = same.map(function (step) { return step.entry.id; }).join(" ");
      actions = button(text(same.length === 1 ? "drop-same-1" : "drop-same-n"), "drop-same", ' data-ids="' + ids + '"');
    } else if (steps.length && steps.every(function (step) { return step.seat !== null; })) {
      if (steps.some(function (step) { return step.seat !== conflict.queuedSeat(step.entry); })) {
        body += '<p class="offline-moved"><strong>' + text("moved-warning") + "</strong></p>";
      }
      var plan = steps.map(function (step) { return [step.entry.id, step.seq, step.revision, step.seat].join(":"); }).join(" ");
      actions = button(text("after-theirs"), "after-theirs", ' data-plan="' + plan + '"');
    }
    return { body: body, actions: actions + button(text("drop-all"), "drop-from") };
  }

  /* Draw the screen again as it was last drawn (the engine became ready meanwhile). */
  function rerender() { if (drawn.queueing) render(drawn.entries, drawn.queueing); }

  /* Whether the phone is queueing (offline, or entries wait): the screen is the queue's. */
  function queueing() { return drawn.queueing; }

  window.SkView = {
    root: root, section: section, hand: hand, text: text, moving: moving, project: project, render: render,
    rerender: rerender, queueing: queueing, drawChoices: drawChoices, drawFallback: drawFallback, setStatus: setStatus, showError: showError,
    escape: escape, chips: chips
  };
})();
