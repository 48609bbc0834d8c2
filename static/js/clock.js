// The round clock on the event page and the TV (docs/events.md, "Round clock"): the server renders the
// seconds left when it answered; this counts them down each second from that answer. A poll that brings
// a new clock replaces the element, which starts over from the new figure.
(function () {
  "use strict";
  function tick() {
    document.querySelectorAll(".round-clock[data-running]").forEach(function (clock) {
      if (clock.dataset.since === undefined) clock.dataset.since = String(performance.now());
      var left = Number(clock.dataset.left) - (performance.now() - Number(clock.dataset.since)) / 1000;
      left = Math.max(0, Math.ceil(left));
      var shown = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
      var time = clock.querySelector(".clock-time");
      if (time && time.textContent !== shown) time.textContent = shown;
      clock.classList.toggle("ended", left === 0);
    });
  }
  setInterval(tick, 1000);
  document.addEventListener("DOMContentLoaded", tick);
})();
