/* sitegen default theme: small progressive enhancements. The site works without it. */
(function () {
  "use strict";

  // Opened from disk, folder links would show a directory listing: point them at index.html.
  if (location.protocol === "file:") {
    document.querySelectorAll("a[href]").forEach(function (a) {
      var href = a.getAttribute("href");
      if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(href) || href.charAt(0) === "#") return;
      var m = href.match(/^([^?#]*)(.*)$/);
      if (m[1] === "" || m[1].slice(-1) === "/") a.setAttribute("href", m[1] + "index.html" + m[2]);
    });
  }

  // Copy buttons on code blocks.
  document.querySelectorAll(".code-block").forEach(function (block) {
    var button = block.querySelector(".copy-code");
    if (!button) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      var text = block.querySelector("pre").innerText;
      var done = function () {
        button.textContent = "Copied";
        setTimeout(function () { button.textContent = "Copy"; }, 1500);
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(done, function () { fallbackCopy(text); done(); });
      } else { fallbackCopy(text); done(); }
    });
  });
  function fallbackCopy(text) {
    var area = document.createElement("textarea");
    area.value = text; area.setAttribute("readonly", ""); area.style.position = "fixed"; area.style.opacity = "0";
    document.body.appendChild(area); area.select();
    try { document.execCommand("copy"); } catch (e) {}
    area.remove();
  }

  // Mobile navigation drawer.
  var menu = document.querySelector(".menu-button");
  if (menu) {
    menu.addEventListener("click", function () {
      var open = document.body.classList.toggle("nav-open");
      menu.setAttribute("aria-expanded", open ? "true" : "false");
      menu.setAttribute("aria-label", open ? "Close navigation" : "Open navigation");
    });
  }

  // Keep the current page visible in a long sidebar.
  var current = document.querySelector('.sidebar [aria-current="page"]');
  if (current && current.scrollIntoView) current.scrollIntoView({ block: "nearest" });
})();
