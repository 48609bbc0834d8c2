/* The end of a hand offline, with the engine in the phone (SkEngine ready: static/js/engine.js), drawn
   as the server draws it (window.SkHandEnd, used by offline.js). Everything is worked out again from the
   hand the server last drew (its data-offline, web/offline.py) and the queue, so a reload shows the same:

   - a hand whose waiting plays complete it offers "Score the hand" (templates/web/matches/_hand.html);
     tapped, a "close" entry is queued (the records API's close, with an Idempotency-Key) and the hand is
     shown scored (_scored.html and its breakdown, worded by the engine) with the sides' totals
     and progress after it (the engine's ``match`` call over the closed hands' reports);
   - a quick end-of-hand entry is checked by the engine's ``summary`` call before it is queued: refused,
     its problems are shown as the server shows them and nothing is queued; accepted, it is scored so;
   - after a scored hand, the next hand's form (_hand_new.html, the dealer from ``next_dealer``) queues a
     "start" entry (the records API's hands, with an Idempotency-Key), and the new hand is drawn from
     the one the server drew, its plays queued after it and shown on it;
   - a page the server drew between hands (a new match's too) holds the next hand hidden (data-coming,
     web.screens.MatchScreen.coming): its form, the server's, queues the start, and the hand is drawn
     from that hidden one. */
(function () {
  "use strict";

  var ui = window.SkView;
  var base = null;      /* the hand section the server drew, and its state */
  var drawing = 0;      /* the latest drawing; an older one's answers are dropped */
  var lastSteps = [];   /* the hands as last drawn, oldest first */

  function ready() { return window.SkEngine && window.SkEngine.state === "ready"; }
  function texts() { return window.SkEngine.texts(); }
  function call(name, payload) { return window.SkEngine.call(name, payload); }
  function live() { return document.getElementById("match-live"); }

  function newKey() {
    return (crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random()).replace(/-/g, "");
  }

  function plural(forms, count) {
    var form = { one: 1, few: 2 }[new Intl.PluralRules(document.documentElement.lang || "en").select(count)] || 5;
    return forms[String(form)];
  }

  function percent(text, args) {
    return text.replace(/%\((\w+)\)s/g, function (match, key) { return String(args[key]); });
  }

  function signed(points) { return points > 0 ? "+" + points : String(points).replace("-", "\u2212"); }

  /* ---- The hands, from the server's and the queue ---- */

  /* The hand's log as its waiting entries leave it: the plays, and the undos and challenges among them
     (offline_moves.js), which change what is taken and scored. */
  function handLog(state, entries) { return window.SkMoves.log(state, entries); }

  function engineOf(state) { return { game: state.game, options: state.options, setup: state.setup }; }

  function withFields(payload, fields) {
    Object.keys(fields).forEach(function (key) { payload[key] = fields[key]; });
    return payload;
  }

  function find(entries, test) { return entries.filter(test)[0]; }

  /* A quick entry's fields as the engine takes them (web/entries.py entries()); null when their shape
     is wrong (the server's form refuses them: queued unchecked). */
  function entriesOf(state, fields) {
    var meta = state.entry, values = {};
    if (!meta) return null;
    fields.forEach(function (pair) { values[pair[0]] = pair[1]; });
    var sides = state.sides, entries = [], side, key;
    if (meta.awards) {
      var bonus = values.bonus || "";
      for (side = 0; side < sides; side++) {
        var text = (values["awards_" + side] || "").replace(/,/g, " ").replace(/\u2212/g, "-").trim();
        var awards = text ? text.split(/\s+/).map(Number) : null;
        var points = values["points_" + side] ? Number(values["points_" + side]) : null;
        if ((awards && awards.some(function (n) { return !Number.isInteger(n); })) || (points !== null && !Number.isInteger(points)) ||
            (awards && points !== null)) return null;
        var entry = awards === null && points !== null ? { points: points } : { awards: awards || [] };
        entry.bonus = bonus === String(side) ? 1 : 0;
        entries.push(entry);
      }
      return entries;
    }
    for (side = 0; side < sides; side++) {
      var counts = {};
      for (var i = 0; i < meta.keys.length; i++) {
        key = meta.keys[i];
        if (side === sides - 1 && key in meta.totals) continue;
        var raw = values[key + "_" + side];
        var count = raw === undefined ? 0 : (/^\d+$/.test(String(raw).trim()) ? Number(raw) : NaN);
        if (!Number.isInteger(count) || (meta.totals[key] !== undefined && count > meta.totals[key])) return null;
        counts[key] = count;
      }
      entries.push(counts);
    }
    Object.keys(meta.totals).forEach(function (total) {
      var others = entries.slice(0, -1).reduce(function (sum, each) { return sum + each[total]; }, 0);
      entries[entries.length - 1][total] = meta.totals[total] - others;
    });
    return entries;
  }

  function score(state, ended, entries) {
    if (ended.kind === "summary") {
      var given = entriesOf(state, ended.fields);
      return given ? call("summary", withFields(engineOf(state), { entries: given })) : Promise.resolve(null);
    }
    return call("hand", withFields(engineOf(state), { log: handLog(state, entries) }));
  }

  /* The hand ``start`` (its fields) opens: the one after ``state``, once ``report`` scored it; or
     ``state`` itself, the next hand not started yet that the server drew between hands (no report). */
  function nextState(state, start, report, reports) {
    var body = start.body, number = start.hand;
    var sweeps = state.setup.sweeps_before.map(function (count, side) {
      return count + (report ? (report.sides[side] || {}).sweeps || 0 : 0);
    });
    var next = JSON.parse(JSON.stringify(state));
    next.coming = false;
    next.hand = number;
    next.seq = 0;
    next.revision = 0;
    next.plays = [];
    next.log = [];
    next.mode = body.mode;
    next.setup = withFields(JSON.parse(JSON.stringify(state.setup)), {
      dealer: body.dealer, starter: body.starter, table: body.table, set_aside: body.set_aside, sweeps_before: sweeps, number: number
    });
    next.api = state.hands_api + number + "/";
    next.reports = reports.slice();
    return next;
  }

  /* The hand ``next`` opens, as the engine checks its setup. A hand scored from the counts alone may
     leave its table cards out: the size the engine asks for is not needed then, as the server's
     hand start lets it (games/matches/services/hands.py); a wrong table is still refused. */
  function opening(next) {
    return call("hand", withFields(engineOf(next), { log: [] })).then(function (opened) {
      var counted = next.mode === "summary" && !next.setup.table.length;
      if (!counted || !opened || !opened.error || opened.error.code !== "table.bad_size") return opened;
      return { report: { next_seat: null, table: [] } };
    });
  }

  /* The number of the hand a start after ``state`` opens. */
  function nextNumber(state) { return state.coming ? state.hand : state.hand + 1; }

  function startOf(state, entries) {
    return find(entries, function (each) { return each.kind === "start" && each.hand === nextNumber(state); });
  }

  /* Each hand from the server's open one (or the next one, between hands): scored (a close or a quick
     entry waiting), then the next one if a start waits. The last is the one the screen shows. */
  function chain(state, entries) {
    var steps = [], reports = (state.reports || []).slice();
    function open(next) {
      return opening(next).then(function (opened) {
        if (!opened || opened.error) return steps;
        next.seat = opened.report.next_seat;
        next.table = opened.report.table;
        return step(next);
      });
    }
    function step(current) {
      var done = { state: current };
      steps.push(done);
      if (current.coming) {
        var begun = startOf(current, entries);
        return begun ? open(nextState(current, begun, null, reports)) : Promise.resolve(steps);
      }
      var ended = find(entries, function (each) {
        return each.hand === current.hand && (each.kind === "close" || each.kind === "summary");
      });
      if (!ended) {
        return call("hand", withFields(engineOf(current), { log: handLog(current, entries) })).then(function (answer) {
          done.answer = answer;
          return steps;
        });
      }
      return score(current, ended, entries).then(function (scored) {
        if (!scored || scored.error || !scored.report) return steps;
        done.ended = ended;
        done.scored = scored;
        reports.push(scored.report);
        return call("match", withFields(engineOf(current), { sides: current.sides, hands: reports })).then(function (progress) {
          done.progress = progress;
          var start = startOf(current, entries);
          if (!start) {
            var asked = { players: current.setup.players, previous: current.setup.dealer, first_dealer: current.first_dealer };
            return call("next_dealer", withFields(engineOf(current), asked)).then(function (dealt) {
              done.dealer = dealt.dealer;
              return steps;
            });
          }
          return open(nextState(current, start, scored.report, reports));
        });
      });
    }
    return step(state);
  }

  /* ---- Drawing ---- */

  function chip(card) {
    var input = document.getElementById("card-" + card);
    var face = input && input.nextElementSibling;
    var name = input ? input.getAttribute("aria-label") : card;
    var label = face ? face.textContent : (texts().cards[card] || card);
    var colour = face ? (face.classList.contains("red") ? "red" : "black") : (/[DH]$/.test(card) ? "red" : "black");
    return '<span class="card-chip ' + colour + '" title="' + ui.escape(name) + '"><span aria-hidden="true">' +
      ui.escape(label) + '</span><span class="visually-hidden">' + ui.escape(name) + "</span></span>";
  }

  function sideNames() {
    return Array.prototype.map.call(live().querySelectorAll(".side-list .side"), function (side) {
      return side.querySelector(".side-name").textContent;
    });
  }

  /* web/templatetags/breakdown_tags.py breakdown(): a row per item, a column per side. */
  function breakdown(rows, names, words) {
    var nothing = '<span aria-hidden="true">\u00b7</span><span class="visually-hidden">' + ui.escape(words.nothing) + "</span>";
    var body = rows.map(function (raw) {
      var row = raw.worded;
      var cells = row.values.map(function (value) {
        if (value === null || value === undefined) return nothing;
        if (row.points) return signed(value);
        if (row.key !== "leftovers") return String(value);
        return value ? percent(plural(words.card_count, value), { count: value }) : nothing;
      });
      return '<tr class="item-' + row.key + (row.key === "total" ? " total" : "") + '" data-key="' + row.key + '"><th scope="row">' +
        ui.escape(row.label) + (row.cards && row.cards.length ? ' <span class="breakdown-cards">' + row.cards.map(chip).join(" ") + "</span>" : "") +
        (row.note ? '<span class="breakdown-note">' + ui.escape(row.note) + "</span>" : "") + "</th>" +
        cells.map(function (cell) { return "<td>" + cell + "</td>"; }).join("") + "</tr>";
    }).join("");
    return '<table class="breakdown"><thead><tr><th scope="col">' + ui.escape(words.item) + "</th>" +
      names.map(function (name) { return '<th scope="col">' + ui.escape(name) + "</th>"; }).join("") +
      "</tr></thead><tbody>" + body + "</tbody></table>";
  }

  function scoredHtml(step, names, words) {
    var points = step.scored.report.sides.map(function (side, index) { return names[index] + " " + signed(side.total); }).join(" · ");
    return '<section aria-labelledby="scored-title" class="scored stack"><h2 id="scored-title">' +
      ui.text("scored-title", { number: step.state.hand }) + '</h2><p role="status" class="scored-points">' + ui.escape(points) +
      "</p>" + breakdown(step.scored.rows, names, words) + "</section>";
  }

  /* The sides as _sides.html draws them after the hands scored (totals, progress, points to go). */
  function drawSides(progress, words) {
    live().querySelectorAll(".side-list .side").forEach(function (item) {
      var index = Number(item.getAttribute("data-side")), total = progress.totals[index];
      if (total === undefined) return;
      item.querySelector(".side-total").textContent = String(total).replace("-", "\u2212");
      item.querySelectorAll(".hand-points-live").forEach(function (each) { each.remove(); });
      var bar = item.querySelector("progress");
      if (!bar || !progress.target) return;
      var pct = Math.max(0, Math.min(100, Math.floor(total * 100 / progress.target)));
      bar.value = pct;
      bar.textContent = pct + "%";
      bar.setAttribute("aria-label", percent(words.toward, { names: item.querySelector(".side-name").textContent, target: progress.target }));
      var toGo = item.querySelector(".side-more > .muted");
      var left = Math.max(0, progress.target - total);
      if (toGo && progress.finished) toGo.remove();  /* _sides.html: none once the match is over */
      else if (toGo) toGo.textContent = percent(plural(words.to_go, left), { counter: left });
    });
  }

  /* The match over after the hand (_finished.html; the rematch needs the network). */
  function finishedSection(progress) {
    var names = sideNames();
    var title = progress.winner !== null && progress.winner !== undefined ? ui.text("won", { names: ui.escape(names[progress.winner]) }) :
      ui.text(progress.draw ? "draw" : "no-winner");
    var section = document.createElement("section");
    section.id = "offline-finished";
    section.className = "finished";
    section.setAttribute("aria-labelledby", "result-title");
    section.innerHTML = '<h2 id="result-title">' + title + "</h2><p>" +
      ui.escape(names.map(function (name, index) { return name + " " + progress.totals[index]; }).join(" · ")) + "</p>";
    return section;
  }

  /* The next hand's form, as the server draws it between hands. */
  function handNewForm(step) {
    var template = document.getElementById("offline-hand-new");
    if (!template || step.progress.finished) return null;
    var form = template.content.cloneNode(true);
    var number = step.state.hand + 1;
    form.querySelector("#hand-new-title").innerHTML = ui.text("hand-title", { number: number });
    var dealer = form.querySelector("#hand-dealer");
    if (dealer) dealer.value = String(step.dealer);
    var starter = form.querySelector("#hand-starter");
    if (starter) starter.value = number % 2 === 0 ? "1" : "0";
    return ownIds(form, "offline-");
  }

  var REFERENCES = ["for", "aria-labelledby", "aria-describedby", "aria-controls", "data-draw-select", "data-draw-status"];

  /* ``fragment`` with its ids, and the attributes that name them, given ``prefix``: the server's form
     between hands (hidden once the next hand is started offline) stays in the page with its own. */
  function ownIds(fragment, prefix) {
    var ids = {};
    fragment.querySelectorAll("[id]").forEach(function (element) {
      ids[element.id] = true;
      element.id = prefix + element.id;
    });
    REFERENCES.forEach(function (name) {
      fragment.querySelectorAll("[" + name + "]").forEach(function (element) {
        element.setAttribute(name, element.getAttribute(name).split(" ").map(function (id) {
          return ids[id] ? prefix + id : id;
        }).join(" "));
      });
    });
    return fragment;
  }

  function setCards(section, state) {
    var seen = state.setup.table.concat(state.setup.set_aside);
    section.querySelectorAll(".play-form input[name=card]").forEach(function (input) {
      input.checked = false;
      input.disabled = seen.indexOf(input.value) >= 0;
    });
  }

  /* A hand started offline, drawn from the one the server drew (its card grid and forms) as the server
     draws a hand just started. */
  function handSection(state) {
    var section = base.section.cloneNode(true);
    section.removeAttribute("hidden");
    section.removeAttribute("data-coming");
    section.classList.remove("offline-waiting");
    section.setAttribute("data-offline", JSON.stringify(state));
    section.setAttribute("data-hand-end", String(state.hand));
    section.querySelector("#hand-title").innerHTML = ui.text("hand-title", { number: state.hand });
    var dealer = section.querySelector(".dealer strong");
    if (dealer) dealer.textContent = state.seats[state.setup.dealer];
    var summary = state.mode === "summary";
    var turn = section.querySelector("[data-offline-turn]");
    if (turn) turn.innerHTML = summary ? ui.text("from-counts") : ui.text("to-play", { name: ui.escape(state.seats[state.seat] || "") });
    section.querySelectorAll("input[name=hand]").forEach(function (input) { input.value = String(state.hand); });
    section.querySelectorAll("input[name=expected_seq]").forEach(function (input) { input.value = "0"; });
    section.querySelectorAll(".hand-finish, .summary-entry").forEach(function (each) { each.remove(); });
    var form = section.querySelector(".play-form");
    if (form) form.hidden = summary;
    setCards(section, state);
    var table = section.querySelector(".table-cards");
    if (table) {
      table.hidden = summary;
      table.querySelector("p").innerHTML = state.table.length ? state.table.map(chip).join(" ") : '<span class="muted">' + ui.text("table-empty") + "</span>";
    }
    var last = section.querySelector(".last-play");
    if (last) {
      last.hidden = summary;
      var said = last.querySelector(":scope > p");
      if (said) { said.className = "muted"; said.innerHTML = ui.text("no-play"); }
      last.querySelectorAll(".play-events li, .verdict").forEach(function (each) { each.remove(); });
      last.querySelectorAll(".actions form:not(#play-undo)").forEach(function (each) { each.remove(); });
      var undo = last.querySelector("#play-undo button");
      if (undo) undo.disabled = true;
    }
    var entry = document.getElementById("offline-summary-form");
    if (entry) {
      var details = entry.content.cloneNode(true);
      details.querySelector("input[name=hand]").value = String(state.hand);
      if (summary) details.querySelector("details").open = true;
      section.appendChild(details);
    }
    return section;
  }

  /* A played-out hand offers to score it, as the server does once its plays are complete. */
  function drawFinish(section, state, complete) {
    var form = section.querySelector(".play-form"), finish = section.querySelector(".hand-finish");
    if (!complete || state.mode === "summary") {
      if (finish) { finish.remove(); if (form) form.hidden = false; }
      return;
    }
    if (form) form.hidden = true;
    if (finish) return;
    var url = ui.root().getAttribute("data-finish");
    finish = document.createElement("form");
    finish.className = "hand-finish";
    finish.method = "post";
    finish.action = url;
    finish.setAttribute("hx-post", url);
    finish.setAttribute("hx-target", "#match-live");
    finish.setAttribute("hx-swap", "outerHTML");
    finish.innerHTML = '<input type="hidden" name="hand" value="' + state.hand + '"><button type="submit" class="wide">' + ui.text("score-hand") + "</button>";
    (form || section.lastElementChild).after(finish);
    window.htmx.process(finish);
  }

  /* The server's screen between hands (the hand scored, the next one's form): hidden once the next
     hand is started offline from it. */
  function betweenHands(started) {
    if (!base.state.coming) return;
    var form = live().querySelector(":scope > section > form.hand-new");
    [live().querySelector(":scope > section.scored"), form && form.parentElement].forEach(function (part) {
      if (part) part.hidden = started;
    });
  }

  function draw(steps, entries) {
    var last = steps[steps.length - 1], words = texts();
    var section = live().querySelector("section.hand[data-offline]");
    var fresh = false;
    if (last.state === base.state) {
      if (section !== base.section) { section.replaceWith(base.section); fresh = true; }
      section = base.section;
    } else if (section.getAttribute("data-hand-end") !== String(last.state.hand)) {
      var drawn = handSection(last.state);
      section.replaceWith(drawn);
      window.htmx.process(drawn);
      section = drawn;
      fresh = true;
    }
    section.hidden = Boolean(last.ended || last.state.coming);
    betweenHands(last.state !== base.state);
    var end = document.getElementById("offline-hand-end");
    if (end) end.remove();
    var result = document.getElementById("offline-finished");
    if (result) result.remove();
    if (last.ended && last.progress.finished) live().prepend(finishedSection(last.progress));
    var scored = last.ended ? last : steps[steps.length - 2];
    if (scored && scored.progress) drawSides(scored.progress, words);
    if (last.ended) {
      end = document.createElement("div");
      end.id = "offline-hand-end";
      end.className = "stack";
      end.innerHTML = scoredHtml(last, sideNames(), words);
      var form = handNewForm(last);
      if (form) end.appendChild(form);
      section.after(end);
      window.htmx.process(end);
    } else {
      drawFinish(section, last.state, Boolean(last.answer && last.answer.report && last.answer.report.complete && !last.answer.error));
    }
    if (fresh) ui.render(entries, true);  /* the waiting plays on the hand now shown */
  }

  /* ---- What offline.js asks ---- */

  /* A write's answer on the open hand carries no closed hands' reports (the server reads none for it):
     those of the screen before stand, written into the hand so that the page kept offline has them. */
  var known = null;  /* {match, reports} */
  function keepReports() {
    var section = live() && live().querySelector("section.hand[data-offline]:not([data-hand-end])");
    if (!section) return null;
    var state = JSON.parse(section.getAttribute("data-offline"));
    if (state.reports) {
      known = { match: state.match, reports: state.reports };
    } else if (known && known.match === state.match) {
      state.reports = known.reports;
      section.setAttribute("data-offline", JSON.stringify(state));
    }
    return { section: section, state: state };
  }
  /* Before offline.js keeps the page (its listener runs after this one, on the way up). */
  document.addEventListener("htmx:afterSettle", keepReports, true);
  document.addEventListener("DOMContentLoaded", keepReports);

  /* Redraw the end of the hands after the queue changed. */
  function render(entries) {
    var section = live() && live().querySelector("section.hand[data-offline]");
    if (section && !section.hasAttribute("data-hand-end")) {
      base = keepReports();
    } else if (!section) {
      base = null;
    }
    if (!base || !ready()) return Promise.resolve();
    var token = ++drawing;
    return chain(base.state, entries).then(function (steps) {
      if (token !== drawing || !base || !live() || !live().querySelector("section.hand[data-offline]")) return;
      lastSteps = steps;
      draw(steps, entries);
    }, function () { return null; });
  }

  /* A quick entry checked as the server checks it; refused, every problem is shown as the server shows
     it (the live region's error, web/views/hands.py refusal) and it is not queued. */
  function checkSummary(state, fields) {
    var shown = document.getElementById("offline-summary-refused");
    if (shown) shown.remove();
    var given = ready() && entriesOf(state, fields);
    if (!given) return Promise.resolve(true);
    return call("summary", withFields(engineOf(state), { entries: given })).then(function (answer) {
      if (!answer.error) return true;
      var error = answer.error;
      var problems = (error.problems || []).map(function (problem) { return problem.text; });
      var alert = document.createElement("div");
      alert.id = "offline-summary-refused";
      alert.className = "alert error";
      alert.setAttribute("role", "alert");
      alert.innerHTML = "<p>" + ui.escape(error.text || error.message) + "</p>" + (problems.length ?
        "<ul>" + problems.map(function (problem) { return "<li>" + ui.escape(problem) + "</li>"; }).join("") + "</ul>" : "");
      live().prepend(alert);
      alert.scrollIntoView({ block: "center" });
      return false;
    }, function () { return true; });
  }

  /* The forms that end a hand offline: its close, and the next hand's (drawn here, or the server's
     between hands). */
  function handles(element) {
    if (!ready() || !element.matches) return false;
    return element.matches(".hand-finish") ||
      (element.matches(".hand-new") && Boolean(element.closest("#offline-hand-end") || (base && base.state.coming)));
  }

  /* The entry a form of the end of a hand queues (null: refused, and said why). */
  function entry(element, data) {
    var step = lastSteps[lastSteps.length - 1];
    if (!step) return Promise.resolve(null);
    var state = step.state;
    if (element.matches(".hand-finish")) {
      return Promise.resolve({ match: state.match, hand: state.hand, kind: "close", url: state.api + "close/", body: {}, key: newKey() });
    }
    var mode = data.get("mode") || "plays";
    var starter = data.get("starter");
    var body = {
      dealer: Number(data.get("dealer")), starter: starter === null || starter === "" ? null : Number(starter),
      table: mode === "plays" ? data.getAll("table") : [], set_aside: data.getAll("set_aside"), mode: mode,
      number: nextNumber(state)  /* so that it opens no other hand (hand.not_next: docs/errors.md) */
    };
    var start = { match: state.match, hand: nextNumber(state), kind: "start", url: state.hands_api, body: body, key: newKey() };
    var next = nextState(state, start, step.scored ? step.scored.report : null, []);
    return opening(next).then(function (opened) {
      if (opened && opened.error && opened.error.text) {
        ui.showError(ui.escape(opened.error.text));
        return null;
      }
      ui.showError("");
      return start;
    }, function () { return start; });
  }

  function sameCards(one, other) { return one.slice().sort().join(" ") === other.slice().sort().join(" "); }

  /* A close or a start refused because another phone did the same first (scored this hand; or started
     it with this deal): nothing is left to send, and the plays after it go on. */
  function settled(entry, refused) {
    if (entry.kind === "close") return Promise.resolve(refused.code === "hand.not_open");
    if (entry.kind !== "start" || refused.code !== "hand.not_next") return Promise.resolve(false);
    return fetch(entry.url + entry.hand + "/", { credentials: "same-origin" }).then(function (response) {
      return response.ok ? response.json() : null;
    }).then(function (hand) {
      var body = entry.body;
      return Boolean(hand) && hand.dealer === body.dealer && hand.mode === body.mode &&
        (body.starter === null || hand.starter === body.starter) &&
        sameCards(hand.table, body.table) && sameCards(hand.set_aside, body.set_aside);
    }, function () { return false; });
  }

  document.addEventListener("sk-engine", function (event) {
    if (event.detail.state === "ready" && window.SkQueue && ui.root()) {
      window.SkQueue.list(Number(ui.root().getAttribute("data-match"))).then(render);
    }
  });

  window.SkHandEnd = {
    render: render, checkSummary: checkSummary, handles: handles, entry: entry, entriesOf: entriesOf, settled: settled,
    drawSides: function (progress) { drawSides(progress, texts()); }  /* a match started offline's target (offline_draft.js) */
  };
})();
