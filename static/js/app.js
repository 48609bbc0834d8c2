/* Scorekeeper's little JavaScript: keyboard shortcuts. Everything else is htmx or plain HTML. */
(function () {
  "use strict";

  function typing(target) {
    if (!(target instanceof HTMLElement)) return false;
    if (target.isContentEditable || target.tagName === "TEXTAREA" || target.tagName === "SELECT") return true;
    return target.tagName === "INPUT" && !["checkbox", "radio", "button", "submit"].includes(target.type);
  }

  /* The first element matching ``selector`` under ``root`` that is not hidden (the next hand is drawn
     hidden between hands, for the phone to start offline). */
  function shown(root, selector) {
    return root.querySelector(selector + ":not([hidden] *):not([hidden])");
  }

  /* A key press moves focus to the element marked data-shortcut="<key>" (S score, T turn, C table cards). */
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    /* By physical key, so S T C also work with a Russian layout (where they type ы е с). */
    var key = /^Key[A-Z]$/.test(event.code) ? event.code.slice(3).toLowerCase() : event.key.toLowerCase();
    if (key.length !== 1) return;
    var region = shown(document, '[data-shortcut="' + key + '"]');
    if (!region) return;
    var focusable = region.querySelector("input:not([disabled]), button:not([disabled]), a[href]");
    var target = focusable || region;
    if (!focusable && !region.hasAttribute("tabindex")) region.setAttribute("tabindex", "-1");
    event.preventDefault();
    target.focus();
    region.scrollIntoView({ block: "nearest" });
  });

  /* Shortcut targets announce their key to assistive technology. */
  function mark(root) {
    root.querySelectorAll("[data-shortcut]").forEach(function (element) {
      element.setAttribute("aria-keyshortcuts", element.getAttribute("data-shortcut").toUpperCase());
    });
  }
  document.addEventListener("DOMContentLoaded", function () { mark(document); });
  document.addEventListener("htmx:afterSettle", function (event) {
    mark(event.target);
    /* An error shown after a tap may be above the fold on a phone: bring it into view. */
    var alert = event.target.querySelector && event.target.querySelector(".alert[role=alert]");
    if (alert) alert.scrollIntoView({ block: "center" });
    /* A card recorded at its tap: its undo is brought into view, where the thumb is. */
    var tapped = !alert && event.target.querySelector && event.target.querySelector(".one-tapped");
    if (tapped) tapped.scrollIntoView({ block: "nearest" });
    /* The match screen (or a correction's plays) was redrawn under the focus (after a play, undo or
       poll): keep keyboard and screen reader users in place by moving focus to whose turn it is, or to
       the error. */
    var redrawn = event.target.id === "match-live" || event.target.id === "draft";
    if (redrawn && (!document.activeElement || document.activeElement === document.body)) {
      var next = alert || shown(event.target, '[data-shortcut="t"]') || shown(event.target, "h2");
      if (next) {
        if (!next.hasAttribute("tabindex")) next.setAttribute("tabindex", "-1");
        next.focus({ preventScroll: !alert });
      }
    }
  });

  /* Score sheet: tapping a hand's row opens its breakdown (the row's button says whether it is open).
     The live region is redrawn after every play and poll, so the open hands are remembered and
     reopened. */
  var openBreakdowns = new Set();
  function showBreakdown(button, open) {
    var row = document.getElementById(button.getAttribute("aria-controls"));
    if (!row) return;
    row.hidden = !open;
    button.setAttribute("aria-expanded", open ? "true" : "false");
    if (open) openBreakdowns.add(row.id); else openBreakdowns.delete(row.id);
  }
  document.addEventListener("click", function (event) {
    if (!(event.target instanceof Element) || event.target.closest("a, form")) return;
    var row = event.target.closest("tr.sheet-hand");
    var button = row && row.querySelector(".sheet-toggle");
    if (button) showBreakdown(button, button.getAttribute("aria-expanded") !== "true");
  });
  document.addEventListener("htmx:afterSettle", function () {
    openBreakdowns.forEach(function (id) {
      var button = document.querySelector('.sheet-toggle[aria-controls="' + id + '"]');
      if (button) showBreakdown(button, true); else openBreakdowns.delete(id);
    });
  });

  /* The card grid by keyboard: arrow keys move through the cards without asking the server anything;
     Space or Enter chooses the card under the focus, which then asks as a tap does. */
  var ARROWS = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"];
  var arrowMoved = false;
  function cardRadio(target) {
    return target instanceof HTMLInputElement && target.type === "radio" && target.classList.contains("card-input");
  }
  document.addEventListener("keydown", function (event) {
    if (!cardRadio(event.target)) return;
    if (ARROWS.includes(event.key)) { arrowMoved = true; return; }
    if (event.key === " " || event.key === "Enter") {
      event.preventDefault();  /* Enter would submit the form before the card's choices are shown */
      event.target.checked = true;
      event.target.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }, true);
  document.addEventListener("keyup", function () { arrowMoved = false; }, true);
  document.addEventListener("change", function (event) {
    if (!cardRadio(event.target)) return;
    if (arrowMoved) { event.stopPropagation(); return; }
    var capture = oneTap(event.target);
    if (capture === null) return;
    event.stopPropagation();  /* nothing to choose: no choices are asked for, the play is recorded */
    var fields = event.target.form.querySelector(".one-tap-fields");
    fields.querySelector('[name="capture"]').value = capture;
    fields.disabled = false;
    event.target.form.requestSubmit();  /* htmx (or, offline, the queue) reads the fields at once */
    fields.disabled = true;
  }, true);

  /* One tap where there is no choice: the play form lists (data-one-tap) the cards whose play the rules
     leave to one, with what they take ("all": every card takes nothing, as in Maltese Twenty). The list
     is for the table the server drew, so while offline plays wait it holds only for "all", or once the
     phone's engine has listed them for the table the waiting plays leave (offline_engine_view.js). */
  function oneTap(input) {
    var form = input.form;
    var listed = form && input.name === "card" && form.querySelector(".one-tap-fields") && form.getAttribute("data-one-tap");
    if (!listed) return null;
    if (listed === "all") return "trail";
    if (form.closest(".offline-waiting") && !form.hasAttribute("data-one-tap-engine")) return null;
    try { return JSON.parse(listed)[input.value] || null; } catch (error) { return null; }
  }

  /* A redraw keeps what was done while it was on its way (the new-match form's seats while the redraw
     for another game is loading, a count typed during a poll, "pick the taken cards yourself" opened
     while a tapped card's choices were coming): a field changed since its request was sent gets its
     typed value back in the redrawn form, and the focus and caret stay in it; a disclosure opened since
     then is open again. The phone's engine draws a card's choices with the same sk: events
     (offline_engine_view.js). */
  function snapshot(root) {
    var found = { typed: {}, open: [] };
    root.querySelectorAll("input[name], textarea[name]").forEach(function (field) {
      if (typing(field) && field.type !== "hidden") found.typed[field.name] = field.value;
    });
    root.querySelectorAll("details[class][open]").forEach(function (details) { found.open.push(details.className); });
    return found;
  }
  var sent = new WeakMap(), keeping = null;
  function asked(event) {
    var target = event.detail.target;
    if (target) sent.set(target, snapshot(target));
  }
  document.addEventListener("htmx:beforeRequest", asked);
  document.addEventListener("sk:beforeRequest", asked);
  /* A region drawn without a request (one its push carried: push.js) keeps what was done since it was
     drawn last. */
  function drawn(element) {
    if (element && element.hasAttribute && element.hasAttribute("data-push")) sent.set(element, snapshot(element));
  }
  document.addEventListener("DOMContentLoaded", function () { drawn(document.querySelector("[data-push]")); });
  document.addEventListener("htmx:afterSettle", function (event) { drawn(event.target); });
  function keep(event) {
    var target = event.detail.target, before = target && sent.get(target);
    keeping = null;
    if (!before) return;
    var now = snapshot(target), typed = {};
    Object.keys(now.typed).forEach(function (name) { if (now.typed[name] !== before.typed[name]) typed[name] = now.typed[name]; });
    var opened = now.open.filter(function (name) { return before.open.indexOf(name) < 0; });
    var focused = document.activeElement;
    var inside = focused && focused !== document.body && target.contains(focused) && focused.name;
    if (Object.keys(typed).length || inside || opened.length) {
      keeping = { id: target.id, typed: typed, open: opened, focus: inside || "", caret: inside ? focused.selectionStart : null };
    }
  }
  document.addEventListener("htmx:beforeSwap", keep);
  document.addEventListener("sk:beforeSwap", keep);
  function restore(event) {
    var kept = keeping, root = kept && ((kept.id && document.getElementById(kept.id)) || event.detail.target);
    keeping = null;
    if (!root) return;
    Object.keys(kept.typed).forEach(function (name) {
      var field = root.querySelector('[name="' + CSS.escape(name) + '"]');
      if (field && typing(field)) field.value = kept.typed[name];
    });
    kept.open.forEach(function (name) {
      var details = root.querySelector("details." + name.trim().split(/\s+/).map(CSS.escape).join("."));
      if (details) details.open = true;
    });
    var focus = kept.focus && root.querySelector('[name="' + CSS.escape(kept.focus) + '"]');
    if (focus && typing(focus)) {
      focus.focus({ preventScroll: true });
      try { if (kept.caret !== null) focus.setSelectionRange(kept.caret, kept.caret); } catch (error) { /* a number field has no caret */ }
    }
  }
  document.addEventListener("htmx:afterSwap", restore);
  document.addEventListener("sk:afterSwap", restore);

  /* Forms marked data-confirm ask first (abandoning a match cannot be undone). */
  document.addEventListener("submit", function (event) {
    var message = event.target.getAttribute && event.target.getAttribute("data-confirm");
    if (message && !window.confirm(message)) event.preventDefault();
  }, true);
})();
