/* sitegen serve: live reload and the build-error overlay. Added by the dev server only. */
(function () {
  "use strict";
  var live = window.__sitegenLive || {};
  var scrollKey = "sitegen-scroll:" + location.pathname;

  // Reloading the same page keeps the reader where they were.
  var saved = null;
  try {
    saved = JSON.parse(sessionStorage.getItem(scrollKey) || "null");
    sessionStorage.removeItem(scrollKey);
  } catch (e) { saved = null; }
  if (saved) {
    var restore = function () { window.scrollTo(saved[0], saved[1]); };
    restore();
    document.addEventListener("DOMContentLoaded", restore);
    window.addEventListener("load", restore);
  }

  function reload() {
    try { sessionStorage.setItem(scrollKey, JSON.stringify([window.scrollX, window.scrollY])); } catch (e) {}
    location.reload();
  }

  var overlay = null;
  function showErrors(messages) {
    if (!overlay) {
      overlay = document.createElement("div");
      overlay.id = "sitegen-overlay";
      overlay.setAttribute("role", "alert");
      var root = overlay.attachShadow({ mode: "open" });
      root.innerHTML =
        "<style>" +
        ":host{position:fixed;inset:auto 1rem 1rem 1rem;z-index:2147483647;max-height:60vh;overflow:auto;" +
        "font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color:#fee2e2;background:#450a0a;" +
        "border:1px solid #b91c1c;border-radius:10px;box-shadow:0 10px 30px rgba(0,0,0,.35)}" +
        ".head{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:.6rem 1rem;" +
        "border-bottom:1px solid #7f1d1d;font:600 14px/1.4 system-ui,sans-serif;color:#fff}" +
        "button{all:unset;cursor:pointer;padding:0 .4rem;font-size:18px;color:#fca5a5}" +
        "button:focus-visible{outline:2px solid #fca5a5;border-radius:4px}" +
        "ul{margin:0;padding:.6rem 1rem;list-style:none}li{white-space:pre-wrap;word-break:break-word;padding:.15rem 0}" +
        ".note{padding:0 1rem .6rem;font:13px/1.4 system-ui,sans-serif;color:#fca5a5}" +
        "</style>" +
        "<div class='head'><span>Build failed</span><button type='button' aria-label='Hide'>\u00d7</button></div>" +
        "<ul></ul><div class='note'></div>";
      root.querySelector("button").addEventListener("click", function () { overlay.hidden = true; });
      document.body.appendChild(overlay);
    }
    var root = overlay.shadowRoot;
    var list = root.querySelector("ul");
    list.textContent = "";
    messages.forEach(function (message) {
      var item = document.createElement("li");
      item.textContent = "error: " + message;
      list.appendChild(item);
    });
    root.querySelector(".note").textContent = live.site === false
      ? "Nothing built yet. Fix the error: this page reloads by itself."
      : "Showing the last good build. Fix the error: the overlay goes away by itself.";
    overlay.hidden = false;
  }
  function hideErrors() {
    if (overlay) { overlay.remove(); overlay = null; }
  }

  function connect() {
    var source = new EventSource("/__sitegen/events");
    source.addEventListener("state", function (event) {
      var state = JSON.parse(event.data);
      live.site = state.site;
      if (state.version !== live.version) { source.close(); reload(); return; }
      if (state.errors.length) { showErrors(state.errors); } else { hideErrors(); }
    });
    source.onerror = function () {
      // The browser retries by itself while the server is away; start over if it gave up.
      if (source.readyState === EventSource.CLOSED) { setTimeout(connect, 1000); }
    };
  }
  if (document.body) { connect(); } else { document.addEventListener("DOMContentLoaded", connect); }
})();
