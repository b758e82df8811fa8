/* sitegen: the whole navigation of one sidebar section, shared (and cached) by all its pages.
   Each page loads this file with a plain synchronous <script> in its <head> (no fetch, so it
   works from file:// and under any sub-path); a one-line script right after the page's own
   small <nav> then puts the whole section in, before the first paint: no flash, no shift. */
window.sitegenNav = (function (html, icons) {
  "use strict";
  return function (script) {
  var nav = script && script.previousElementSibling;
  if (!nav || !nav.hasAttribute("data-nav")) return;
  var current = script.getAttribute("data-current");
  html = html.replace(/@@sitegen-icon(\d+)@@/g, function (ref, index) { return icons[+index]; });
  nav.innerHTML = html.split({{ root_token | tojson }}).join(script.getAttribute("data-root") || "");
  nav.setAttribute("data-nav", "section");
  var links = nav.querySelectorAll("a[data-page]");
  for (var i = 0; i < links.length; i++) {
    if (links[i].getAttribute("data-page") !== current) continue;
    links[i].setAttribute("aria-current", "page");
    for (var el = links[i].parentElement; el && el !== nav; el = el.parentElement) {
      if (el.tagName === "DETAILS") el.open = true;
    }
    break;
  }
  };
})({{ nav_json }}, {{ icons_json }});
