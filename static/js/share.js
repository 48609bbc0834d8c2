/* The Share buttons (data-share-url): the phone's share sheet (Web Share API) when there is one, with the
   image data-share-file names (the result card) where the phone can share files; else the link is
   copied to the clipboard (the page offers the image as a download link beside it); data-share-status
   names where to say what happened. A button marked data-share-make (the finished screen's, while the
   match has no share link) first makes the link through its form, asking for JSON, then shares it: one
   tap, within the tap's user activation. */
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
    var button = event.target.closest && event.target.closest("[data-share-url], [data-share-make]");
    if (!button) return;
    event.preventDefault();
    if (button.hasAttribute("data-share-url")) {
      share(button);
      return;
    }
    var form = button.form;
    fetch(form.action, {
      method: "POST", body: new FormData(form), credentials: "same-origin",
      headers: { Accept: "application/json" }
    }).then(function (response) {
      return response.ok ? response.json() : Promise.reject(response);
    }).then(function (made) {
      button.setAttribute("data-share-url", made.url);
      share(button);
    }, function () { form.submit(); });
  });

  function share(button) {
    var url = button.getAttribute("data-share-url");
    var data = { title: button.getAttribute("data-share-title") || document.title, url: url };
    if (!navigator.share || (navigator.canShare && !navigator.canShare(data))) {
      copy(button, url);
      return;
    }
    withFile(button, data).then(function (shared) {
      return navigator.share(shared);
    }).catch(function (error) {
      if (error && error.name !== "AbortError") copy(button, url); /* cancelled: nothing to say */
    });
  }

  /* The share data with the button's image added, if the phone can share files (else as it was). */
  function withFile(button, data) {
    var address = button.getAttribute("data-share-file");
    if (!address || !navigator.canShare || typeof File === "undefined") return Promise.resolve(data);
    return fetch(address, { credentials: "same-origin" }).then(function (response) {
      if (!response.ok) return data;
      return response.blob().then(function (blob) {
        var name = button.getAttribute("data-share-file-name") || "result.png";
        var files = [new File([blob], name, { type: "image/png" })];
        var shared = { title: data.title, url: data.url, files: files };
        return navigator.canShare({ files: files }) ? shared : data;
      });
    }, function () { return data; });
  }
})();
