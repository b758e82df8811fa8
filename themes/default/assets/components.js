/* Tabs and code groups from MDX components: without JavaScript every panel is shown,
   one after the other, each under its title. */
(function () {
  "use strict";
  function makeTabs(container, panels, titleOf) {
    if (panels.length < 2) return;
    var bar = document.createElement("div");
    bar.className = "component-tabs";
    bar.setAttribute("role", "tablist");
    panels.forEach(function (panel, index) {
      var button = document.createElement("button");
      button.type = "button";
      button.setAttribute("role", "tab");
      button.textContent = titleOf(panel, index);
      button.addEventListener("click", function () { select(index); });
      bar.appendChild(button);
    });
    function select(chosen) {
      panels.forEach(function (panel, index) { panel.hidden = index !== chosen; });
      Array.prototype.forEach.call(bar.children, function (button, index) {
        button.setAttribute("aria-selected", index === chosen ? "true" : "false");
      });
    }
    container.insertBefore(bar, container.firstChild);
    container.classList.add("enhanced");
    select(0);
  }
  document.querySelectorAll(".code-group").forEach(function (group) {
    var blocks = Array.prototype.slice.call(group.querySelectorAll(":scope > .code-block"));
    makeTabs(group, blocks, function (block, index) {
      var title = block.querySelector(".code-title");
      return title ? title.textContent : (block.getAttribute("data-lang") || "Option " + (index + 1));
    });
  });
  document.querySelectorAll(".tabs-component").forEach(function (tabs) {
    var panels = Array.prototype.slice.call(tabs.querySelectorAll(":scope > .tab-panel"));
    makeTabs(tabs, panels, function (panel, index) { return panel.getAttribute("data-title") || "Tab " + (index + 1); });
  });
})();
