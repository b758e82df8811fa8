// "Copy page": puts the page's Markdown (index.md, written beside index.html) on the clipboard.
// The button is a plain link to that file, so without JavaScript it opens the Markdown; a page
// opened from disk (file://) cannot fetch its neighbour, so there it stays that link ("View Markdown").
(function () {
  // The page menu (a <details>): Escape closes it and gives focus back to its toggle, and a
  // click elsewhere closes it, as a menu does.
  var menu = document.querySelector("[data-page-menu]");
  if (menu) {
    menu.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && menu.open) {
        menu.open = false;
        menu.querySelector("summary").focus();
      }
    });
    document.addEventListener("click", function (event) {
      if (menu.open && !menu.contains(event.target)) menu.open = false;
    });
  }
})();
(function () {
  var link = document.querySelector("[data-copy-page]");
  if (!link) return;
  var label = link.querySelector(".copy-page-label");
  if (location.protocol === "file:") {
    // Copying needs the site served over HTTP: the link opens the Markdown instead, and says
    // so in the page's language (page_actions.html); an older override keeps its words.
    var view = link.getAttribute("data-view-label");
    if (label.getAttribute("data-view")) label.textContent = label.getAttribute("data-view");
    if (view) { link.setAttribute("aria-label", view); link.title = view; }
    return;
  }
  var timer = null;
  var original = label.textContent;
  function copied() {
    label.textContent = document.body.getAttribute("data-ui-copied") || original;  // the page's language
    link.classList.add("copied");
    clearTimeout(timer);
    timer = setTimeout(function () { label.textContent = original; link.classList.remove("copied"); }, 2000);
  }
  function copy(event) {
    event.preventDefault();
    fetch(link.href).then(function (response) {
      if (!response.ok) throw new Error(response.status);
      return response.text();
    }).then(function (text) {
      window.sitegenCopy(text, copied);
    }).catch(function () {
      window.location.href = link.href;  // show the Markdown rather than nothing
    });
  }
  link.setAttribute("role", "button");
  link.addEventListener("click", copy);
  link.addEventListener("keydown", function (event) {
    if (event.key === " ") copy(event);  // a button answers Space as well as Enter
  });
})();
