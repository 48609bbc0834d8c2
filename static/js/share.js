/* The Share buttons (data-share-url): the phone's share sheet (Web Share API) when there is one, else
   the link is copied to the clipboard; data-share-status names where to say what happened. */
(function () {
  "use strict";

  function say(button, attribute) {
    var status = document.getElementById(button.getAttribute("data-share-status"));
    if (status) status.textContent = button.getAttribute(attribute) || "";
  }

  /* Without the Clipboard API (an insecure page, an old browser): select the field for a manual copy. */
  function selectField(button) {
    var input = document.getElementById(button.getAttribute("data-share-input"));
    if (input) {
      input.focus();
      input.select();
    }
    say(button, "data-copy-failed");
  }

  function copy(button, url) {
    if (!navigator.clipboard || !window.isSecureContext) {
      selectField(button);
      return;
    }
    navigator.clipboard.writeText(url).then(
      function () { say(button, "data-copied"); },
      function () { selectField(button); }
    );
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-share-url]");
    if (!button) return;
    event.preventDefault();
    var url = button.getAttribute("data-share-url");
    var data = { title: button.getAttribute("data-share-title") || document.title, url: url };
    if (navigator.share && (!navigator.canShare || navigator.canShare(data))) {
      navigator.share(data).catch(function (error) {
        if (error && error.name !== "AbortError") copy(button, url); /* cancelled: nothing to say */
      });
      return;
    }
    copy(button, url);
  });
})();
