/* Club events: the print button of the table sheets (the page itself is plain HTML and CSS). */
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-print]");
    if (!button) return;
    event.preventDefault();
    window.print();
  });
})();
