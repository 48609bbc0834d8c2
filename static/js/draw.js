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

  /* Each name with its emoji (the new-match form's emoji_<n>) to a seat by lot. */
  function shuffleSeats(button) {
    var form = button.form;
    var fields = Array.prototype.slice.call(form.querySelectorAll('input[name^="seat_"]'));
    var emoji = function (field) { return form.querySelector('input[name="emoji_' + field.name.slice(5) + '"]'); };
    var seated = fields.map(function (field) { return { name: field.value, emoji: emoji(field) ? emoji(field).value : "" }; });
    for (var top = seated.length - 1; top > 0; top--) {
      var other = below(top + 1);
      var kept = seated[top]; seated[top] = seated[other]; seated[other] = kept;
    }
    fields.forEach(function (field, index) {
      if (emoji(field)) emoji(field).value = seated[index].emoji;
      if (field.value === seated[index].name) return;
      field.value = seated[index].name;
      field.dispatchEvent(new Event("change", { bubbles: true }));  /* the seat's mark is asked again */
    });
    var names = seated.map(function (each) { return each.name; });
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
