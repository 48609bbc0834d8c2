/* The table mode (docs/ui.md): a match screen with a hand to play opens with the sides, the table and the
   card grid on the screen, scrolled past the page's heading when the phone is too short for both; after
   a hand is scored, its result is brought under the thumb. */
(function () {
  "use strict";

  /* Scroll so that the room kept for the first suggestion (#play-options) reaches the screen's bottom
     edge, if it does not already, with as much above it in view as the screen holds: the sides if they
     fit, else from the hand's head (whose turn), else from the table's cards; the card grid is between. */
  function fit() {
    var live = document.getElementById("match-live");
    var options = live && live.querySelector(".play-form #play-options");
    if (!options) return;
    var room = options.getBoundingClientRect(), top = 0;
    var bottom = room.top + Math.min(room.height, parseFloat(getComputedStyle(options).minHeight) || room.height);
    [live, live.querySelector(".hand-head"), live.querySelector(".table-cards")].some(function (part) {
      if (!part) return false;
      top = part.getBoundingClientRect().top;
      return bottom - top <= window.innerHeight;
    });
    var by = Math.min(top, bottom - window.innerHeight);
    if (by > 0 || top < 0) window.scrollBy(0, top < 0 ? top : by);
  }

  function showScored(live) {
    var scored = live.querySelector(".scored");
    if (scored) scored.scrollIntoView({ block: "nearest" });
  }

  /* A hand to play opens on the table, not where the page was left (a deferred script: the page is
     parsed): offline, the waiting plays are drawn after the browser puts the page back, which left a
     reload at the bottom of the page. */
  if (document.querySelector("#match-live .play-form") && "scrollRestoration" in history) history.scrollRestoration = "manual";
  document.addEventListener("DOMContentLoaded", function () { if (!location.hash) fit(); });
  /* After a write from this phone (a play, a new or scored hand), not after a poll: whoever reads the
     score sheet below is left where they are when another phone plays. */
  document.addEventListener("htmx:afterSettle", function (event) {
    var live = event.target;
    var source = event.detail && event.detail.requestConfig && event.detail.requestConfig.elt;
    if (live.id !== "match-live" || !source || source === live) return;
    if (source.matches && source.matches("[action$='/finish/']")) showScored(live); else fit();
  });

  window.SkTable = { fit: fit };  /* a play queued offline is a write from this phone (offline.js) */
})();
