/* The play screens drawn offline from the phone's engine (window.SkEngineView, used by offline_view.js):
   once SkEngine is ready (engine.js), a tapped card's choices are the engine's `choices` answer for the
   table as the waiting plays leave it, drawn with the markup and words of the server's
   templates/web/matches/_play_options.html (legal captures best first, sweep badge, take nothing, the
   cards picked by hand with their verdict); and after each play the hand is the engine's `hand`
   report of the log the waiting moves leave (plays, undos, challenges: offline_moves.js): the table,
   whose turn, the last play with its live events, rulings, undo and challenges, each side's points in
   this hand and the cards recorded at one tap; a hand started offline (offline_hand_end.js) too.
   Until the engine is ready offline_view.js draws its unchecked fallback. The texts come translated
   from templates/web/matches/_offline.html and web/offline.py. */
(function () {
  "use strict";

  var view = window.SkView;
  var drawing = { choices: 0, hand: 0 };  /* the latest drawing of each: an older answer is dropped */
  var standing = { key: "", answer: null };  /* the engine's last `hand` answer, by its log */
  var pageTexts = null;
  var shown = null;  /* the hand and table the choices drawn are for */

  function engine() {
    var found = window.SkEngine;
    return found && found.state === "ready" ? found : null;
  }

  function words() {
    if (!pageTexts) pageTexts = window.SkEngine.texts();
    return pageTexts;
  }

  function text(name, values) { return view.text(name, values); }

  /* The hand the engine replays: its standing plays, then the waiting moves that follow on from them
     (offline_moves.js: a play adds itself, an undo takes the last one back, a challenge follows its play). */
  function movesOf(state, entries) {
    return window.SkMoves.effective(state, view.moving(state, entries).slice(0, view.project(state, entries).applied));
  }

  /* The engine's `hand` answer for the hand as the waiting moves leave it (asked once per log), with
     the log and the plays it replays. */
  function handAnswer(state, entries) {
    var found = movesOf(state, entries);
    var key = JSON.stringify([state.match, state.hand, state.setup, found.log]);
    if (standing.key === key) return Promise.resolve({ answer: standing.answer, log: found.log, plays: found.plays });
    var payload = { game: state.game, options: state.options, setup: state.setup, log: found.log };
    return engine().call("hand", payload).then(function (answer) {
      if (answer.error) throw new Error(answer.error.code);
      standing = { key: key, answer: answer };
      return { answer: answer, log: found.log, plays: found.plays };
    });
  }

  function usable(state) { return !!(engine() && state && state.setup && state.log); }

  /* ---- A tapped card's choices (_play_options.html) ---- */

  function groupsHtml(groups) {
    return '<span class="groups">' + groups.map(function (group) {
      return '<span class="group">' + view.chips(group) + "</span>";
    }).join('<span class="plus" aria-hidden="true">+</span>') + "</span>";
  }

  function badge() { return '<span class="badge">' + text("sweep") + "</span>"; }

  function capturesHtml(captures) {
    if (!captures.length) return "";
    return "<p>" + text("captures-best") + '</p><ul class="capture-buttons">' + captures.map(function (capture) {
      return '<li><button type="submit" name="capture" value="' + capture.cards.join(" ") + '" class="capture-button">' +
        '<span class="visually-hidden">' + text("take-word") + "</span>" + groupsHtml(capture.groups) +
        (capture.sweep ? badge() : "") + "</button></li>";
    }).join("") + "</ul>";
  }

  function trailHtml(choices, compulsory) {
    if (choices.captures.length && compulsory) return "";
    var label = choices.captures.length ? "take-nothing" : (choices.trail_costs ? "nothing-to-take-costs" : "nothing-to-take");
    return '<button type="submit" name="capture" value="trail" class="secondary wide">' + text(label) + "</button>";
  }

  /* The table's cards to tick, as the server's {% card_grid "taken" ... by_suit=False %} draws them. */
  function takenGrid(table, taken) {
    return '<fieldset class="card-grid" id="taken-grid"><legend>' + text("cards-taken") + '</legend><div class="suit-row">' +
      table.map(function (card) {
        var input = document.getElementById("card-" + card);
        var name = view.escape(input ? input.getAttribute("aria-label") : card);
        var face = input && input.nextElementSibling;
        var colour = face && face.classList.contains("red") ? "red" : "black";
        return '<label class="card-tile" title="' + name + '"><input class="card-input" type="checkbox" name="taken" value="' +
          card + '" id="taken-' + card + '" aria-label="' + name + '"' + (taken.indexOf(card) >= 0 ? " checked" : "") +
          '><span class="face ' + colour + '" aria-hidden="true">' + view.escape(face ? face.textContent : card) + "</span></label>";
      }).join("") + "</div></fieldset>";
  }

  /* The verdict on the cards ticked by hand: legal with its groups, or why not and what it could take. */
  function verdictHtml(answer) {
    var verdict = answer.verdict;
    if (!verdict) return "";
    if (verdict.legal) {
      return '<p class="verdict ok"><strong>' + text("legal") + "</strong> " + groupsHtml(verdict.groups) + (verdict.sweep ? badge() : "") + "</p>";
    }
    var reason = verdict.reason ? verdict.reason.text : (verdict.message || "");
    var html = '<div class="verdict bad"><strong>' + text("not-legal") + "</strong> " + view.escape(reason);
    if (verdict.alternatives.length) {
      html += "<p>" + text("could-take") + '</p><ul class="capture-list">' + verdict.alternatives.map(function (cards) {
        return "<li>" + view.chips(cards) + "</li>";
      }).join("") + "</ul>";
    }
    return html + "</div>";
  }

  function manualHtml(table, taken, answer) {
    if (!table.length) return "";
    return '<details class="manual"' + (taken.length ? " open" : "") + "><summary>" + text("pick-yourself") + '</summary><div class="stack">' +
      takenGrid(table, taken) + '<div class="offline-verdict">' + verdictHtml(answer || {}) + "</div>" +
      '<button type="submit" name="capture" value="" class="secondary">' + text("record-these") + "</button></div></details>";
  }

  /* The card recorded at its tap, and its undo: taken back from the queue, or (``stored``) undone. */
  function oneTappedHtml(card, stored) {
    if (!card) return "";
    return '<p class="one-tapped" role="status">' + text("one-tapped", { card: view.chips([card]) }) +
      ' <button type="button" class="secondary" data-offline-action="' + (stored ? "undo" : "take-back") + '">' +
      text("undo-tap") + "</button></p>";
  }

  function signal(box, name) {
    box.dispatchEvent(new CustomEvent(name, { bubbles: true, detail: { target: box } }));
  }

  /* Ask the engine about ``card`` (with the cards ticked, ``taken``) on the hand's table. */
  function choicesFor(state, table, card, taken) {
    var payload = { game: state.game, options: state.options, table: table, card: card, taken: taken };
    return engine().call("choices", payload);
  }

  function choicesHtml(state, table, card, taken, answer) {
    var marker = '<span hidden data-engine-choices="' + card + '"></span>';
    if (answer.error && !answer.captures) {
      return marker + '<p class="error" role="alert">' + view.escape(answer.error.text || answer.error.message) + "</p>";
    }
    var html = answer.error && !answer.verdict ? '<p class="error" role="alert">' + view.escape(answer.error.text || answer.error.message) + "</p>" : "";
    return marker + html + capturesHtml(answer.captures) + trailHtml(answer, state.compulsory) + manualHtml(table, taken, answer);
  }

  /* The choices of the card just tapped (none: the tap prompt, and what was recorded at its tap), drawn
     from the engine; false when it is not ready (offline_view.js then draws its fallback). */
  function drawChoices(state, card, entries, oneTapped, stored) {
    var box = document.getElementById("play-options");
    if (!usable(state) || !box) return false;
    var turn = ++drawing.choices;
    /* Cards ticked by hand before this card was tapped are kept, and judged with it, as the server's
       choices are asked with the form's ticked cards. */
    var ticked = card ? Array.prototype.map.call(box.querySelectorAll("input[name=taken]:checked"), function (input) { return input.value; }) : [];
    /* Until the engine answers, the buttons shown are another card's: a quick tap would send this card
       with that card's capture (as hx-disabled-elt does online). */
    Array.prototype.forEach.call(box.querySelectorAll("button"), function (button) { button.disabled = true; });
    signal(box, "sk:beforeRequest");  /* what is done meanwhile stays done (app.js) */
    handAnswer(state, entries).then(function (found) {
      var table = found.answer.report.table;
      shown = { state: state, table: table };
      if (!card) return oneTappedHtml(oneTapped, stored) + '<p class="muted">' + text("tap-card") + "</p>" +
        (state.captures ? manualHtml(table, [], null) : "");
      if (!state.captures) {
        return '<button type="submit" name="capture" value="trail" class="wide">' + text("record-card", { card: view.chips([card]) }) + "</button>";
      }
      var taken = ticked.filter(function (each) { return table.indexOf(each) >= 0; });
      return choicesFor(state, table, card, taken).then(function (answer) { return choicesHtml(state, table, card, taken, answer); });
    }).then(function (html) {
      if (turn !== drawing.choices || !box.isConnected) return;
      signal(box, "sk:beforeSwap");
      box.innerHTML = html;
      signal(box, "sk:afterSwap");
      var tapped = stored && box.querySelector(".one-tapped");
      if (tapped) tapped.scrollIntoView({ block: "nearest" });  /* its undo where the thumb is, as online (app.js) */
    }, function () {
      if (turn === drawing.choices) view.drawFallback(card, entries);  /* the engine failed: as without it */
    });
    return true;
  }

  /* A card ticked by hand: the engine's verdict on the ticked cards, drawn under the grid. */
  function drawVerdict() {
    var box = document.getElementById("play-options");
    var marker = box && box.querySelector("[data-engine-choices]");
    if (!marker || !shown || !engine()) return;
    var taken = Array.prototype.map.call(box.querySelectorAll("input[name=taken]:checked"), function (input) { return input.value; });
    var turn = ++drawing.choices;
    var card = marker.getAttribute("data-engine-choices"), table = shown.table, state = shown.state;
    choicesFor(state, table, card, taken).then(function (answer) {
      var verdict = box.querySelector(".offline-verdict");
      if (turn !== drawing.choices || !verdict) return;
      if (answer.error && !answer.verdict) box.innerHTML = choicesHtml(state, table, card, taken, answer);  /* said on top, as online */
      else verdict.innerHTML = verdictHtml(answer);
    });
  }

  document.addEventListener("change", function (event) {
    var input = event.target;
    if (!(input instanceof HTMLInputElement) || input.name !== "taken" || !input.closest("#play-options")) return;
    drawVerdict();
  });

  /* ---- The hand after each play (_hand.html, _last_play.html, _sides.html) ---- */

  /* The last play as _last_play.html draws it: the play, its events, the rulings on it, undo, challenges. */
  function lastPlayHtml(state, plays, report) {
    var index = plays.length - 1, play = plays[index];
    var html = '<h3 class="visually-hidden">' + text("last-play") + "</h3>";
    if (!play) {
      html += '<p class="muted">' + text("no-play") + "</p>";
    } else {
      var values = { name: view.escape(state.seats[play.seat] || ""), card: view.chips([play.card]), taken: view.chips(play.taken) };
      html += "<p>" + text(play.taken.length ? "played-took" : "played-nothing", values) + "</p>";
    }
    var events = report.events.filter(function (event) { return event.play_index === index && event.kind !== "challenge"; });
    html += '<ul class="play-events" aria-live="polite">' + events.map(function (event) {
      return "<li>" + view.escape(event.text) + "</li>";
    }).join("") + "</ul>";
    var rulings = ((report.extra || {}).rulings || []).filter(function (ruling) { return ruling.play_index === index; });
    rulings.forEach(function (ruling) {
      var name = (play && play.taken.length ? "ruled-capture-" : "ruled-trail-") + (ruling.correct ? "right" : "wrong");
      html += '<p class="verdict ' + (ruling.correct ? "ok" : "bad") + '">' +
        text(name, { name: view.escape(state.seats[ruling.by] || ""), points: ruling.points }) + "</p>";
    });
    html += '<div class="actions"><button type="button" class="secondary" data-offline-action="undo"' +
      (play ? "" : " disabled") + ">" + text("undo") + "</button>";
    if (play && state.options.manual_capture && !rulings.length) {
      var side = report.sides.filter(function (each) { return each.seats.indexOf(play.seat) >= 0; })[0];
      state.seats.forEach(function (name, seat) {
        if (side && side.seats.indexOf(seat) >= 0) return;
        html += '<button type="button" class="secondary" data-offline-action="challenge" data-seat="' + seat + '">' +
          text("challenge", { name: view.escape(name) }) + "</button>";
      });
    }
    return html + "</div>";
  }

  function drawLastPlay(section, state, report, plays) {
    var lastPlay = section.querySelector(".last-play");
    if (!lastPlay) return;
    lastPlay.hidden = false;
    lastPlay.innerHTML = lastPlayHtml(state, plays, report);
  }

  /* ``count`` as tally marks, as web/templatetags/score_tags.py tally draws them. */
  function tallyHtml(count, label) {
    var groups = "";
    for (var left = count; left > 0; left -= 5) {
      var strokes = "";
      for (var i = 0; i < Math.min(left, 4); i++) strokes += '<line x1="' + (3 + 5 * i) + '" y1="3" x2="' + (3 + 5 * i) + '" y2="21"/>';
      groups += '<svg class="tally-group" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">' + strokes +
        (left >= 5 ? '<line class="tally-cross" x1="1" y1="18" x2="21" y2="6"/>' : "") + "</svg>";
    }
    return '<span class="tally" role="img" aria-label="' + label + '" title="' + label + '">' +
      (groups || '<span class="tally-none" aria-hidden="true">\u2013</span>') + '<span class="tally-count" aria-hidden="true">' + count + "</span></span>";
  }

  /* The plural form of ``count`` (1, 2 or 5) that web/offline.py words its counted texts by. */
  function pluralForm(count) {
    return { one: 1, few: 2 }[new Intl.PluralRules(document.documentElement.lang || "en").select(count)] || 5;
  }

  function tablosLabel(count) {
    return view.escape(words().tablos_label[pluralForm(count)].replace("%(counter)s", count));
  }

  function signed(points) { return points > 0 ? "+" + points : String(points).replace("-", "\u2212"); }

  /* Twenty's tally as _tally.html draws it: its cards, their sum, and the chain of awards it is in
     (web/breakdowns.py ``_tally``: the tally events at the end, once enough cards lie). */
  function drawTally(section, report) {
    var tally = section.querySelector(".twenty-tally");
    if (!tally) return;
    var table = report.table, sum = (report.extra || {}).tally_value;
    tally.querySelector("p:not([class])").innerHTML = table.length ? view.chips(table) : '<span class="muted">' + text("tally-cleared") + "</span>";
    tally.querySelector(".tally-sum").textContent = words().tally_sum[pluralForm(table.length)]
      .replace("%(counter)s", table.length).replace("%(sum)s", sum);
    var chain = [];
    for (var index = report.events.length - 1; table.length >= words().tally_chain_from && index >= 0; index--) {
      if (report.events[index].kind !== "tally") break;
      chain.unshift(signed(report.events[index].points));
    }
    var line = tally.querySelector(".tally-chain");
    if (!chain.length) { if (line) line.remove(); return; }
    if (!line) {
      line = document.createElement("p");
      line.className = "tally-chain";
      tally.appendChild(line);
    }
    line.textContent = text("chain") + ": " + chain.join(" \u2192 ");
  }

  /* A side's tablos: those of the earlier hands and this hand's so far (Tablo's only). */
  function drawTablos(more, before, side) {
    var tally = more.querySelector(".tablos .tally");
    if (!tally) return;
    var count = before + side.sweeps;
    tally.outerHTML = tallyHtml(count, tablosLabel(count));
  }

  /* A side's sweeps in this hand, in the games that do not keep tablos (Escoba's escobas). */
  function drawSweeps(more, side) {
    var sweeps = more.querySelector(".sweeps-live");
    if (more.querySelector(".tablos") || !side.sweeps) { if (sweeps) sweeps.remove(); return; }
    if (!sweeps) {
      sweeps = document.createElement("span");
      sweeps.className = "sweeps-live";
      more.insertBefore(sweeps, more.querySelector(".challenges-live"));
    }
    var name = text("sweep");
    sweeps.innerHTML = name.charAt(0).toUpperCase() + name.slice(1) + ": " + side.sweeps;
  }

  /* Each side's tablos, and its points in this hand so far as the server shows them once anything has scored. */
  function drawSides(report, state) {
    var scored = !report.complete && report.sides.some(function (side) { return side.total; });
    report.sides.forEach(function (side, index) {
      var more = document.querySelector('#match-live .side[data-side="' + index + '"] .side-more');
      if (!more) return;
      drawTablos(more, (state.setup.sweeps_before || [])[index] || 0, side);
      drawSweeps(more, side);
      var live = more.querySelector(".hand-points-live");
      if (!scored) { if (live) live.remove(); return; }
      if (!live) {
        live = document.createElement("span");
        live.className = "hand-points-live";
        more.insertBefore(live, more.querySelector(".sweeps-live, .challenges-live"));
      }
      live.textContent = text("hand-points", { points: signed(side.total) });
    });
  }

  /* The cards recorded at their tap after these plays: the engine's one-tap plays for its table. */
  function markOneTap(section, answer) {
    var form = section.querySelector(".play-form");
    if (!form) return;
    var plays = answer.one_tap;
    form.setAttribute("data-one-tap", typeof plays === "string" ? plays : JSON.stringify(plays));
    form.setAttribute("data-one-tap-engine", "");
  }

  /* The deck's cards as the engine saw them: those played or on the table cannot be tapped (a play
     taken back is tappable again). */
  function markSeen(section, seen) {
    section.querySelectorAll(".play-form input[name=card]").forEach(function (input) {
      var played = seen.indexOf(input.value) >= 0;
      if (played) input.checked = false;
      input.disabled = played;
    });
  }

  /* The hand section as the engine reports it after the waiting moves (also once they are all taken
     back, if it drew them); false when it is not ready. */
  function drawHand(state, entries) {
    var section = view.section();
    if (!usable(state) || !section) return false;
    if (!view.project(state, entries).applied && !section.hasAttribute("data-engine-drawn")) return false;
    section.setAttribute("data-engine-drawn", "");
    var form = section.querySelector(".play-form");
    if (form) form.removeAttribute("data-one-tap-engine");  /* not for this table until the engine says */
    var turn = ++drawing.hand;
    handAnswer(state, entries).then(function (found) {
      if (turn !== drawing.hand || !section.isConnected) return;
      var report = found.answer.report;
      var table = section.querySelector(".table-cards p");
      if (table) table.innerHTML = report.table.length ? view.chips(report.table) : '<span class="muted">' + text("table-empty") + "</span>";
      var next = section.querySelector("[data-offline-turn]");
      var player = view.escape(state.seats[report.next_seat] || "");
      if (next) next.innerHTML = report.complete || report.next_seat === null ? text("all-played") : text("to-play", { name: player });
      var legend = section.querySelector(".play-form legend");
      if (legend && report.next_seat !== null) legend.innerHTML = text("card-legend", { name: player });
      markSeen(section, found.answer.seen);
      drawLastPlay(section, state, report, found.plays);
      drawSides(report, state);
      drawTally(section, report);
      markOneTap(section, found.answer);
      section.dispatchEvent(new CustomEvent("sk:drawn", { bubbles: true }));  /* offline.js keeps the page as drawn */
    }, function () { return null; });  /* the engine failed: the screen stays as the queue projects it */
    return true;
  }

  /* ---- A play another phone made, pushed (web/views/push.py, "change") ---- */

  /* Whether the engine can draw a play on this screen: ready, a hand open to plays, nothing queued and
     no clock (whose version changes by itself). */
  function drawable() {
    var region = document.getElementById("match-live"), section = view.section();
    return Boolean(region && section && section.querySelector(".play-form") && usable(view.hand()) && !view.queueing() &&
      /^\d+$/.test(region.getAttribute("data-version") || ""));
  }

  /* Draw ``play`` (games/matches/services/plays.py, ``_pushed_play``), the change that made ``version``
     (pushed, or this phone's own play's answer: ``tapped``, the card recorded at its tap, if it was),
     if the screen shows the version just before it and the hand it was played in: the hand's state
     (data-offline) and the play form take the play, and the engine draws the hand as after a play
     offline. False (the phone then asks for the region): it cannot. */
  function drawPushed(version, play, tapped) {
    if (!drawable()) return false;
    var region = document.getElementById("match-live"), section = view.section(), state = view.hand();
    var form = section.querySelector(".play-form");
    if (region.getAttribute("data-version") !== String(Number(version) - 1)) return false;
    if (play.kind !== "play" || state.hand !== play.hand || state.seq !== play.seq) return false;
    state.plays.push({ seq: play.seq, seat: play.seat, card: play.card, taken: play.taken });
    state.log.push({ seat: play.seat, card: play.card, taken: play.taken });
    state.seq = play.next_seq;
    state.revision = play.revision;
    state.seat = play.next_seat;
    state.table = play.table;
    section.setAttribute("data-offline", JSON.stringify(state));
    var vals = JSON.parse(region.getAttribute("hx-vals"));
    vals.v = version;
    region.setAttribute("hx-vals", JSON.stringify(vals));
    region.setAttribute("data-version", version);
    form.elements.expected_seq.value = play.next_seq;
    form.elements.seat.value = play.next_seat;
    form.elements.table.value = play.table.join(" ");
    form.elements.key.value = crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random();  /* the next play's */
    var chosen = form.querySelector("input[name=card]:checked");
    if (chosen) chosen.checked = false;  /* as the redrawn region: the card is tapped again, for this table */
    var refused = region.querySelector(":scope > .alert.error");
    if (refused) refused.remove();  /* an earlier refusal, answered: the redrawn region would not show it */
    section.setAttribute("data-engine-drawn", "");
    drawHand(state, []);
    drawChoices(state, "", [], tapped || "", true);
    return true;
  }

  /* The engine became ready while plays wait or the phone is offline: the screen is drawn again from it. */
  document.addEventListener("sk-engine", function (event) {
    if (event.detail.state === "ready") view.rerender();
  });

  window.SkEngineView = { drawChoices: drawChoices, drawHand: drawHand, drawable: drawable, drawPushed: drawPushed };
})();
