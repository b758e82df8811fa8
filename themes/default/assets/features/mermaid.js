/* Draws ```mermaid diagrams with mermaid.min.js (from the diagram-renderer package,
   copied to _sitegen/vendor/ at build time; loaded only on pages with a diagram).
   Diagrams are drawn in the page's mode and redrawn when the reader switches it.
   Zoom and pan controls sit in a corner of each diagram (data-placement, bottom right by
   default): shown when the drawing is taller than 120px, always with data-actions="true",
   never with "false". */
(function () {
  "use strict";
  if (!window.mermaid) return;
  var blocks = Array.prototype.slice.call(document.querySelectorAll("pre.mermaid"));
  var views = blocks.map(function (block) {
    block.setAttribute("data-source", block.textContent);
    var frame = document.createElement("div");
    frame.className = "mermaid-frame";
    block.parentNode.insertBefore(frame, block);
    frame.appendChild(block);
    return { block: block, frame: frame, scale: 1, x: 0, y: 0, controls: null };
  });
  var BUTTONS = [  /* [label, symbol, what it does to the view]: a 3x3 grid */
    ["Zoom in", "+", function (v) { v.scale = Math.min(v.scale * 1.25, 8); }],
    ["Move up", "\u2191", function (v) { v.y -= 40; }],
    ["Zoom out", "\u2212", function (v) { v.scale = Math.max(v.scale / 1.25, 0.25); }],
    ["Move left", "\u2190", function (v) { v.x -= 40; }],
    ["Reset view", "\u21ba", function (v) { v.scale = 1; v.x = 0; v.y = 0; }],
    ["Move right", "\u2192", function (v) { v.x += 40; }],
    null,
    ["Move down", "\u2193", function (v) { v.y += 40; }],
    null
  ];
  function apply(view) {
    var svg = view.block.querySelector("svg");
    if (!svg) return;
    var moved = view.scale !== 1 || view.x || view.y;
    svg.style.transform = moved ? "translate(" + view.x + "px, " + view.y + "px) scale(" + view.scale + ")" : "";
  }
  function addControls(view) {
    var wanted = view.block.getAttribute("data-actions");
    var show = wanted === "true" || (wanted !== "false" && view.block.getBoundingClientRect().height > 120);
    if (!show || view.controls) return;
    var controls = view.controls = document.createElement("div");
    controls.className = "mermaid-controls";
    controls.setAttribute("role", "toolbar");
    controls.setAttribute("aria-label", "Diagram view");
    controls.setAttribute("data-placement", view.block.getAttribute("data-placement") || "bottom-right");
    BUTTONS.forEach(function (button) {
      if (!button) { controls.appendChild(document.createElement("span")); return; }
      var element = document.createElement("button");
      element.type = "button";
      element.textContent = button[1];
      element.setAttribute("aria-label", button[0]);
      element.title = button[0];
      element.addEventListener("click", function () { button[2](view); apply(view); });
      controls.appendChild(element);
    });
    view.frame.appendChild(controls);
  }
  function draw() {
    var dark = document.documentElement.getAttribute("data-theme") === "dark";
    blocks.forEach(function (block) {
      block.removeAttribute("data-processed");
      block.textContent = block.getAttribute("data-source");
    });
    window.mermaid.initialize({ startOnLoad: false, theme: dark ? "dark" : "default", securityLevel: "strict" });
    window.mermaid.run({ nodes: blocks }).then(function () {
      views.forEach(function (view) { apply(view); addControls(view); });
    }).catch(function (error) {
      if (window.console) console.warn("mermaid:", error);
    });
  }
  draw();
  new MutationObserver(draw).observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
})();
