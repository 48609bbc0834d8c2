/* The table's draws by lot (docs/rules/shared.md A4: the first dealer is chosen by lot at the table):
   "Shuffle the seats" on the new-match form deals the typed names to the seats at random, and "Draw who
   deals" on the first hand's form picks its dealer at random; each says what it drew in its live region
   (data-draw-status). crypto.getRandomValues, so no seat is likelier than another; offline too. */
(function () {
  "use strict";

  function below(limit) {
    var bound = Math.floor(4294967296 / limit) * limit;  /* no modulo bias */
    var value = new Uint32Array(1);
    do { crypto.getRandomValues(value); } while (value[0] >= bound);
    return value[0] % limit;
  }

  function say(button, text) {
    var status = document.getElementById(button.getAttribute("data-draw-status"));
    if (status) status.textContent = text;
  }

  function shuffleSeats(button) {
    var fields = Array.prototype.slice.call(button.form.querySelectorAll('input[name^="seat_"]'));
    var names = fields.map(function (field) { return field.value; });
    for (var top = names.length - 1; top > 0; top--) {
      var other = below(top + 1);
      var kept = names[top]; names[top] = names[other]; names[other] = kept;
    }
    fields.forEach(function (field, index) {
      if (field.value === names[index]) return;
      field.value = names[index];
      field.dispatchEvent(new Event("change", { bubbles: true }));  /* the seat's mark is asked again */
    });
    say(button, button.getAttribute("data-drawn") + " " + names.filter(Boolean).join(", "));
  }

  function drawDealer(button) {
    var select = document.getElementById(button.getAttribute("data-draw-select"));
    if (!select) return;
    select.selectedIndex = below(select.options.length);
    say(button, button.getAttribute("data-drawn") + " " + select.options[select.selectedIndex].text);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-draw]");
    if (!button || typeof crypto === "undefined") return;
    event.preventDefault();
    if (button.getAttribute("data-draw") === "seats") shuffleSeats(button);
    else drawDealer(button);
  });
})();
