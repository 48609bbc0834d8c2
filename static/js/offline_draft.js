/* The screen of a match started offline (window.SkDraft, used by offline.js; docs/offline-engine.md).

   The new-match page queued the match (offline_start.js: a "match" entry, the records API's start by
   names with an Idempotency-Key) under a client id, a negative number, and opened the draft screen the
   service worker kept for its game and seating (web/drafts.py) with ``?match=<client id>``. Here the
   draft becomes that match: its tokens ([[seat0]] ...) become the names typed, its options those chosen,
   and the queue is the client id's, so that the match is dealt, played and scored offline as any other.
   Once the server has stored the match, the entries after it are moved to its id (their addresses read
   /matches/0/ on a draft) and the phone opens the match's own screen, where the rest is sent. */
(function () {
  "use strict";

  var TOKEN = /\[\[seat(\d+)\]\]/g;
  var STARTED = "sk-started-";  /* localStorage: a client id's stored match, for a draft opened again */
  var root = document.getElementById("offline-queue-root");
  var client = Number(new URLSearchParams(location.search).get("match"));
  if (root && client < 0) root.setAttribute("data-match", String(client));

  function named(text, names) {
    return text.replace(TOKEN, function (token, seat) { return seat < names.length ? names[seat] : token; });
  }

  /* The names as the match screen shows them: after the seat's emoji (web/screens.py seat_name). */
  function shownNames(body) {
    var emojis = body.emojis || [];
    return body.names.map(function (name, seat) { return emojis[seat] ? emojis[seat] + " " + name : name; });
  }

  /* Every string in a JSON value, named. */
  function namedJson(value, names) {
    if (typeof value === "string") return named(value, names);
    if (Array.isArray(value)) return value.map(function (each) { return namedJson(each, names); });
    if (value && typeof value === "object") {
      var copy = {};
      Object.keys(value).forEach(function (key) { copy[named(key, names)] = namedJson(value[key], names); });
      return copy;
    }
    return value;
  }

  /* The names put in for the tokens in ``node``'s texts and attributes, templates' contents included;
     JSON (the hands' data-offline, the texts' json_script) is read and written as JSON. */
  function rename(node, names) {
    var walker = document.createTreeWalker(node, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (var current = walker.currentNode; current; current = walker.nextNode()) {
      if (current.nodeType === Node.TEXT_NODE) {
        var script = current.parentNode && current.parentNode.type === "application/json";
        if (current.nodeValue.indexOf("[[seat") >= 0) {
          current.nodeValue = script ? JSON.stringify(namedJson(JSON.parse(current.nodeValue), names)) : named(current.nodeValue, names);
        }
        continue;
      }
      if (current.nodeType !== Node.ELEMENT_NODE) continue;  /* the walk's root: a template's content */
      Array.prototype.forEach.call(current.attributes, function (attribute) {
        if (attribute.value.indexOf("[[seat") < 0) return;
        attribute.value = attribute.name === "data-offline" ?
          JSON.stringify(namedJson(JSON.parse(attribute.value), names)) : named(attribute.value, names);
      });
      if (current.tagName === "TEMPLATE") rename(current.content, names);
    }
  }

  /* The hands' data: this match's client id and the options chosen (a draft is drawn with its preset's,
     every option filled in, so the chosen ones laid over them are the options the server resolves). */
  function adopt(options) {
    document.querySelectorAll("#match-live section[data-offline]").forEach(function (element) {
      var state = JSON.parse(element.getAttribute("data-offline"));
      state.match = client;
      Object.keys(options).forEach(function (key) { state.options[key] = options[key]; });
      state.direction = state.options.direction === "counterclockwise" ? -1 : 1;
      element.setAttribute("data-offline", JSON.stringify(state));
    });
  }

  /* The target chosen, in the sides' progress (as a hand scored offline redraws them). */
  function drawTarget(target) {
    if (!target || !window.SkHandEnd) return;
    var sides = document.querySelectorAll("#match-live .side-list .side").length;
    window.SkHandEnd.drawSides({ totals: new Array(sides).fill(0), target: target, finished: false });
  }

  function leave(path) {
    location.replace(path);
    return new Promise(function () { return null; });  /* the page goes: nothing after this runs */
  }

  function matchEntry(entries) { return entries.filter(function (entry) { return entry.kind === "match"; })[0]; }

  /* The draft made this match's screen, or left for the match it became (or a new one, if none). */
  var ready = !root || !(client < 0) ? Promise.resolve() : new Promise(function (resolve) {
    document.addEventListener("DOMContentLoaded", resolve);
  }).then(function () {
    return window.SkQueue.list(client);
  }).then(function (entries) {
    var entry = matchEntry(entries);
    if (!entry) {
      var stored = localStorage.getItem(STARTED + client);
      return leave(stored ? "/matches/" + stored + "/" : root.getAttribute("data-new"));
    }
    rename(document.documentElement, shownNames(entry.body));
    adopt(entry.body.options);
    drawTarget(entry.body.options.target);
  });

  /* The server stored the match ``entry`` queued (its answer: the match): the entries after it move to
     its id and addresses, then its own screen opens. Moved before the match entry is removed, so that a
     page closed in between sends the match again (its Idempotency-Key gives the same answer) and moves
     nothing twice. */
  function stored(entry, answer) {
    var address = "/matches/" + answer.id + "/";
    return window.SkQueue.list(entry.match).then(function (entries) {
      var rest = entries.filter(function (each) { return each.id !== entry.id; });
      rest.forEach(function (each) {
        each.match = answer.id;
        ["url", "api"].forEach(function (key) {
          if (typeof each[key] === "string") each[key] = each[key].replace("/matches/0/", address);
        });
      });
      return Promise.all(rest.map(window.SkQueue.put));
    }).then(function () {
      return window.SkQueue.remove([entry.id]);
    }).then(function () {
      localStorage.setItem(STARTED + entry.match, String(answer.id));
      return leave(address);
    });
  }

  window.SkDraft = { ready: ready, stored: stored, leave: leave, matchEntry: matchEntry };
})();
