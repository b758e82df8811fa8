/* Draws ```mermaid diagrams with mermaid.min.js (from the diagram-renderer package,
   copied to _sitegen/vendor/ at build time; loaded only on pages with a diagram).
   Diagrams are drawn in the page's mode and redrawn when the reader switches it. */
(function () {
  "use strict";
  if (!window.mermaid) return;
  var blocks = Array.prototype.slice.call(document.querySelectorAll("pre.mermaid"));
  blocks.forEach(function (block) { block.setAttribute("data-source", block.textContent); });
  function draw() {
    var dark = document.documentElement.getAttribute("data-theme") === "dark";
    blocks.forEach(function (block) {
      block.removeAttribute("data-processed");
      block.textContent = block.getAttribute("data-source");
    });
    window.mermaid.initialize({ startOnLoad: false, theme: dark ? "dark" : "default", securityLevel: "strict" });
    window.mermaid.run({ nodes: blocks }).catch(function (error) {
      if (window.console) console.warn("mermaid:", error);
    });
  }
  draw();
  new MutationObserver(draw).observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
})();
