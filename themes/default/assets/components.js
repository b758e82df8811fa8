/* MDX components that need a script. Everything works without it: tab panels show one
   after another, expandable code stays open, examples stay where they are written. */
(function () {
  "use strict";
  var slice = Array.prototype.slice;

  /* Tabs, CodeGroup, RequestExample, ResponseExample: the tab list is in the HTML
     (role=tablist/tab/tabpanel); arrow keys, Home and End move between tabs. A code group
     with `dropdown` has a <select> instead. As on Mintlify, groups marked data-sync switch
     together: choosing "Python" in one shows "Python" in every synced group that has it,
     and the choice is remembered (localStorage) for the next pages and visits. */
  var SYNC_KEY = "sitegen-tab-choices"; /* titles chosen, the latest first */
  var groups = [];
  function remembered() {
    try {
      var saved = JSON.parse(localStorage.getItem(SYNC_KEY) || "[]");
      return Array.isArray(saved) ? saved.filter(function (title) { return typeof title === "string"; }) : [];
    } catch (e) { return []; /* private mode, or not JSON */ }
  }
  function remember(title) {
    var titles = remembered().filter(function (known) { return known !== title; });
    titles.unshift(title);
    try { localStorage.setItem(SYNC_KEY, JSON.stringify(titles.slice(0, 20))); } catch (e) { /* private mode */ }
  }
  /* The reader chose TITLE in SOURCE: every other synced group with that title follows,
     and the chosen tab stays where it was on the screen while the groups above it change. */
  function chooseEverywhere(source, title) {
    if (!source.sync) return;
    remember(title);
    var anchor = source.anchor(), before = anchor.getBoundingClientRect().top;
    groups.forEach(function (group) {
      if (group !== source && group.sync) group.selectTitle(title);
    });
    var moved = anchor.getBoundingClientRect().top - before;
    if (moved) window.scrollBy(0, moved);
  }
  function setUpGroup(container) {
    var list = container.querySelector(":scope > .tabs-list");
    var menu = container.querySelector(":scope > .code-group-bar > .code-group-select");
    if (!list && !menu) return;
    var tabs = list ? slice.call(list.querySelectorAll('[role="tab"]')) : [];
    var panels = list
      ? tabs.map(function (tab) { return document.getElementById(tab.getAttribute("aria-controls")); })
      : slice.call(container.querySelectorAll(":scope > .code-group-panel"));
    var titles = list
      ? tabs.map(function (tab) { return tab.getAttribute("data-title") || tab.textContent; })
      : slice.call(menu.options).map(function (option) { return option.getAttribute("data-title"); });
    var current = container.querySelector(":scope > .code-group-bar > .code-group-current");
    function select(chosen, focus) {
      panels.forEach(function (panel, index) { if (panel) panel.hidden = index !== chosen; });
      tabs.forEach(function (tab, index) {
        var on = index === chosen;
        tab.setAttribute("aria-selected", on ? "true" : "false");
        tab.tabIndex = on ? 0 : -1;
      });
      if (menu) { menu.selectedIndex = chosen; if (current) current.textContent = titles[chosen]; }
      if (focus) tabs[chosen].focus();
    }
    var group = {
      sync: container.hasAttribute("data-sync"),
      anchor: function () { return list || menu; },
      selectTitle: function (title) {
        var index = titles.indexOf(title);
        if (index >= 0) select(index, false);
        return index >= 0;
      },
      /* A link leads into PANEL: it is chosen as if the reader had clicked its tab. */
      showPanel: function (panel) {
        var index = panels.indexOf(panel);
        if (index >= 0 && panel.hidden) choose(index, false);
      }
    };
    function choose(index, focus) {
      select(index, focus);
      chooseEverywhere(group, titles[index]);
    }
    tabs.forEach(function (tab, index) {
      tab.addEventListener("click", function () { choose(index, false); });
      tab.addEventListener("keydown", function (event) {
        var next = null;
        if (event.key === "ArrowRight") next = (index + 1) % tabs.length;
        else if (event.key === "ArrowLeft") next = (index - 1 + tabs.length) % tabs.length;
        else if (event.key === "Home") next = 0;
        else if (event.key === "End") next = tabs.length - 1;
        if (next === null) return;
        event.preventDefault();
        choose(next, true);
      });
    });
    if (menu) menu.addEventListener("change", function () { choose(menu.selectedIndex, false); });
    container.classList.add("enhanced");
    /* The page's own default (defaultTabIndex, rendered as the selected tab), unless the
       reader chose one of these titles before. */
    var start = list
      ? tabs.findIndex(function (tab) { return tab.getAttribute("aria-selected") === "true"; })
      : menu.selectedIndex;
    select(start < 0 ? 0 : start, false);
    if (group.sync) {
      remembered().some(function (title) { return group.selectTitle(title); });
    }
    groups.push(group);
  }
  document.querySelectorAll("[data-tabs]").forEach(setUpGroup);

  /* Deep links, as on Mintlify: page#id where the id is a tab panel, an accordion or anything
     inside one selects the tab (and the synced tabs), opens every enclosing <details>, then
     scrolls to it. A nested accordion's link is its path of accordion ids, `#outer:inner`;
     opening an accordion puts that link in the address bar, to share. */
  function linkedElement() {
    var id;
    try { id = decodeURIComponent(location.hash.slice(1)); } catch (e) { return null; /* bad %-escape */ }
    if (!id) return null;
    var path = id.split(":");
    return document.getElementById(id) || document.getElementById(path[path.length - 1]);
  }
  function showLinkedElement() {
    var target = linkedElement();
    if (!target) return;
    for (var node = target; node; node = node.parentElement) {
      if (node.tagName === "DETAILS") node.open = true;
      else if (node.hidden) groups.forEach(function (group) { group.showPanel(node); });
    }
    target.scrollIntoView();
  }
  window.addEventListener("hashchange", showLinkedElement);
  /* A second click on a link to the current #id fires no hashchange, yet the reader may have
     closed or switched away from its target since. */
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[href*='#']");
    if (link && link.hash && link.hash === location.hash && link.pathname === location.pathname) {
      showLinkedElement();
    }
  });
  document.querySelectorAll("details.accordion > summary").forEach(function (summary) {
    summary.addEventListener("click", function () {
      if (summary.parentElement.open) return; /* it is closing */
      var path = [];
      for (var node = summary.parentElement; node; node = node.parentElement.closest("details.accordion")) {
        if (node.id) path.unshift(encodeURIComponent(node.id));
      }
      if (path.length) history.replaceState(history.state, "", "#" + path.join(":"));
    });
  });
  showLinkedElement();

  /* Expandable code blocks start collapsed; the button opens and closes them. */
  document.querySelectorAll(".code-block.expandable").forEach(function (block) {
    var button = block.querySelector(":scope > .code-expand");
    if (!button) return;
    var label = button.firstChild; /* the "Show more" text node */
    function set(open) {
      block.classList.toggle("collapsed", !open);
      button.setAttribute("aria-expanded", open ? "true" : "false");
      /* the words in the page's language, from the button (sitegen/markdown/code.py) */
      label.nodeValue = button.getAttribute(open ? "data-less" : "data-more") + " ";
    }
    button.hidden = false;
    button.addEventListener("click", function () { set(block.classList.contains("collapsed")); });
    set(false);
  });

  /* Tooltips: Escape hides an open tooltip until the pointer or focus leaves it. A tip
     centred over a word near the edge of a phone screen is shifted back inside it. */
  function keepInView(tooltip) {
    var tip = tooltip.querySelector(":scope > .tooltip-tip");
    if (!tip) return;
    tip.style.removeProperty("--tip-shift");
    var box = tip.getBoundingClientRect(), margin = 8, width = document.documentElement.clientWidth;
    var shift = box.left < margin ? margin - box.left : box.right > width - margin ? width - margin - box.right : 0;
    if (shift) tip.style.setProperty("--tip-shift", Math.round(shift) + "px");
  }
  document.querySelectorAll("[data-tooltip]").forEach(function (tooltip) {
    ["mouseenter", "focusin"].forEach(function (name) {
      tooltip.addEventListener(name, function () { keepInView(tooltip); });
    });
    tooltip.addEventListener("keydown", function (event) {
      if (event.key === "Escape") tooltip.classList.add("dismissed");
    });
    ["mouseleave", "focusout"].forEach(function (name) {
      tooltip.addEventListener(name, function () { tooltip.classList.remove("dismissed"); });
    });
  });

  /* RequestExample / ResponseExample on API pages: in the examples column, in place of
     the generated samples (which the page leaves out when it has its own). */
  /* Requests go on top; responses go under the generated request sample when the page keeps
     one (a page with only <ResponseExample>), so the column still reads request, then response. */
  var apiExamples = document.querySelector(".api-page aside.api-examples");
  if (apiExamples) {
    var top = apiExamples.firstChild;
    var samples = apiExamples.querySelector(":scope > .api-samples");
    var afterSamples = samples ? samples.nextSibling : top;
    slice.call(document.querySelectorAll(".api-prose .request-example, .api-prose .response-example"))
      .forEach(function (example) {
        var request = example.classList.contains("request-example");
        apiExamples.insertBefore(example, request ? top : afterSamples);
      });
  }

  /* RequestExample / ResponseExample outside API pages: in the right column on wide
     screens (above "On this page"), where they were written on narrow ones. */
  var toc = document.querySelector("aside.toc");
  var examples = document.body.classList.contains("api-page") ? []
    : slice.call(document.querySelectorAll(".prose .request-example, .prose .response-example"));
  if (toc && examples.length && window.matchMedia) {
    var holder = document.createElement("div");
    holder.className = "toc-examples";
    var marks = examples.map(function (example) {
      var mark = document.createComment("example");
      example.parentNode.insertBefore(mark, example);
      return mark;
    });
    var wide = matchMedia("(min-width: 1025px)");
    var place = function () {
      examples.forEach(function (example, index) {
        if (wide.matches) holder.appendChild(example);
        else marks[index].parentNode.insertBefore(example, marks[index].nextSibling);
      });
      if (wide.matches && !holder.parentNode) toc.insertBefore(holder, toc.firstChild);
    };
    wide.addEventListener("change", place);
    place();
  }
  function copy(text, done) {
    if (window.sitegenCopy) window.sitegenCopy(text, done);
    else if (navigator.clipboard) navigator.clipboard.writeText(text).then(done);
  }

  /* Prompt: the copy button copies the prompt text as the reader sees it. */
  document.querySelectorAll("[data-prompt]").forEach(function (prompt) {
    var button = prompt.querySelector(".prompt-copy"), text = prompt.querySelector(":scope > .prompt-text");
    if (!button || !text) return;
    button.hidden = false;
    var label = button.textContent, copied = document.body.getAttribute("data-ui-copied") || label; /* page's language */
    button.addEventListener("click", function () {
      copy(text.innerText.trim() + "\n", function () {
        button.textContent = copied;
        setTimeout(function () { button.textContent = label; }, 1500);
      });
    });
  });

  /* Color: a click on a swatch copies the value shown in the current mode. */
  document.querySelectorAll(".color-item").forEach(function (item) {
    item.addEventListener("click", function () {
      var dark = document.documentElement.getAttribute("data-theme") === "dark";
      var value = item.getAttribute(dark ? "data-color-dark" : "data-color-light");
      if (!value) return;
      copy(value, function () {
        item.classList.add("copied");
        setTimeout(function () { item.classList.remove("copied"); }, 1500);
      });
    });
  });

  /* "On this page" lists what the View selector and the update filters leave shown: an entry
     hides when its target is in (or is) a hidden view or update. Both call this after hiding, so
     neither shows what the other hid; tab panels do not count (their headings stay listed). */
  var syncTocEntries = function () {
    slice.call(document.querySelectorAll(".toc-nav a[href^='#']")).forEach(function (link) {
      var node = document.getElementById(decodeURIComponent(link.getAttribute("href").slice(1)));
      var hidden = false;
      for (; node && !hidden; node = node.parentElement) hidden = node.hidden && node.matches(".view, .update");
      (link.closest("li") || link).hidden = hidden;
    });
  };

  /* View: one selector above the first view; the chosen view shows everywhere on the page
     (and is remembered), the others hide, and so do their headings in "On this page". */
  var views = slice.call(document.querySelectorAll(".view[data-view]"));
  if (views.length) {
    var titles = [];
    views.forEach(function (view) {
      var title = view.getAttribute("data-view");
      if (titles.indexOf(title) < 0) titles.push(title);
    });
    var label = document.createElement("label");
    label.className = "view-select";
    label.appendChild(document.createTextNode(views[0].getAttribute("data-view-label") || "")); /* page's language */
    var select = document.createElement("select");
    titles.forEach(function (title) { select.appendChild(new Option(title, title)); });
    label.appendChild(select);
    views[0].parentNode.insertBefore(label, views[0]);
    document.body.classList.add("views-enhanced");
    var showView = function (title) {
      views.forEach(function (view) { view.hidden = view.getAttribute("data-view") !== title; });
      syncTocEntries();
      try { localStorage.setItem("sitegen-view", title); } catch (e) { /* private mode */ }
    };
    var saved = null;
    try { saved = localStorage.getItem("sitegen-view"); } catch (e) { /* private mode */ }
    select.value = titles.indexOf(saved) >= 0 ? saved : titles[0];
    select.addEventListener("change", function () { showView(select.value); });
    showView(select.value);
  }

  /* Panel: beside the page on wide screens, in place of "On this page". */
  var panels = slice.call(document.querySelectorAll(".prose [data-panel]"));
  var tocColumn = document.querySelector("aside.toc");
  if (panels.length && tocColumn && window.matchMedia) {
    var panelMarks = panels.map(function (panel) {
      var mark = document.createComment("panel");
      panel.parentNode.insertBefore(mark, panel);
      return mark;
    });
    var wideScreen = matchMedia("(min-width: 1025px)");
    var placePanels = function () {
      panels.forEach(function (panel, index) {
        if (wideScreen.matches) tocColumn.appendChild(panel);
        else panelMarks[index].parentNode.insertBefore(panel, panelMarks[index].nextSibling);
      });
      tocColumn.classList.toggle("has-panel", wideScreen.matches);
    };
    wideScreen.addEventListener("change", placePanels);
    placePanels();
  }

  /* Update tags: filters in the right column (before the updates on narrow screens). A
     chosen tag shows only the updates that have it (several: any of them), and their entries
     in "On this page"; nothing chosen shows every update. */
  var updates = slice.call(document.querySelectorAll(".prose .update"));
  var tagsOf = function (update) {
    return slice.call(update.querySelectorAll(":scope > .update-meta > .update-tags > li"))
      .map(function (tag) { return tag.textContent.trim(); });
  };
  var allTags = [];
  updates.forEach(function (update) {
    tagsOf(update).forEach(function (tag) { if (allTags.indexOf(tag) < 0) allTags.push(tag); });
  });
  if (allTags.length) {
    var filters = document.createElement("div");
    filters.className = "update-filters";
    filters.setAttribute("role", "group");
    var tagButtons = allTags.map(function (tag) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "badge badge-gray badge-md badge-rounded update-filter";
      button.textContent = tag;
      button.setAttribute("aria-pressed", "false");
      button.addEventListener("click", function () {
        button.setAttribute("aria-pressed", button.getAttribute("aria-pressed") === "true" ? "false" : "true");
        filterUpdates();
      });
      filters.appendChild(button);
      return button;
    });
    var filterUpdates = function () {
      var chosen = allTags.filter(function (tag, index) { return tagButtons[index].getAttribute("aria-pressed") === "true"; });
      updates.forEach(function (update) {
        update.hidden = chosen.length > 0 && !tagsOf(update).some(function (tag) { return chosen.indexOf(tag) >= 0; });
      });
      syncTocEntries();
    };
    var filtersColumn = document.querySelector("aside.toc");
    var wideFilters = window.matchMedia ? matchMedia("(min-width: 1025px)") : null;
    var placeFilters = function () {
      if (filtersColumn && wideFilters && wideFilters.matches) filtersColumn.insertBefore(filters, filtersColumn.firstChild);
      else updates[0].parentNode.insertBefore(filters, updates[0]);
    };
    if (wideFilters) wideFilters.addEventListener("change", placeFilters);
    placeFilters();
  }

  /* GitHub.Repo: the card is a link with the repository's name; its description, stars and
     forks come from GitHub's public API through site.js (window.sitegenGitHub: one request
     per repository, shared with the top bar's button). Any failure (offline, rate limit, a
     private repository) leaves the card as it was built. */
  function showRepo(card, data, shortCount) {
    if (typeof data.forks !== "number") throw new Error("no forks count");
    var description = card.querySelector(".github-repo-description");
    if (data.description) {
      description.textContent = data.description;
      description.hidden = false;
    }
    card.querySelector(".github-repo-stars .github-repo-count").textContent = shortCount(data.stars);
    card.querySelector(".github-repo-forks .github-repo-count").textContent = shortCount(data.forks);
    card.querySelector(".github-repo-stats").hidden = false;
    card.setAttribute("data-loaded", "");
  }
  var github = window.sitegenGitHub;
  if (github) {
    slice.call(document.querySelectorAll(".github-repo[data-github-repo]")).forEach(function (card) {
      github.repo(card.getAttribute("data-github-repo"))
        .then(function (details) { showRepo(card, details, github.shortCount); })
        .catch(function () { card.setAttribute("data-failed", ""); });
    });
  }

  /* Tree / FileTree: a WAI-ARIA tree over the built markup (folders are <details>, so a
     click opens one without this script). One item is in the Tab order; arrow keys move
     between the items a reader can see, Right opens a folder or enters it, Left closes it or
     goes to its folder, Home/End, Enter/Space toggle, "*" opens the folders beside the item,
     and typing letters jumps to the next item whose name starts with them. */
  slice.call(document.querySelectorAll("ul.tree")).forEach(function (tree) {
    var items = slice.call(tree.querySelectorAll("li.tree-item"));
    if (!items.length) return;
    tree.setAttribute("role", "tree");
    slice.call(tree.querySelectorAll("li.tree-item > details > ul")).forEach(function (group) {
      group.setAttribute("role", "group");
    });
    function details(item) { return item.querySelector(":scope > details"); }
    function row(item) { var folder = details(item); return folder ? folder.querySelector(":scope > summary") : item.querySelector(":scope > .tree-row"); }
    function name(item) { var found = row(item).querySelector(".tree-name"); return found ? found.textContent : ""; }
    function unfolded(item) {  /* no folder around it is closed */
      for (var up = item.parentElement.closest("details"); up && tree.contains(up); up = up.parentElement.closest("details")) {
        if (!up.open) return false;
      }
      return true;
    }
    function visible() { return items.filter(unfolded); }
    function parentItem(item) { var up = item.parentElement.closest("li.tree-item"); return up && tree.contains(up) ? up : null; }
    function focusItem(item) {
      items.forEach(function (other) { other.tabIndex = other === item ? 0 : -1; });
      item.focus();
    }
    function setOpen(item, open) { var folder = details(item); if (folder) folder.open = open; }
    items.forEach(function (item, index) {
      item.setAttribute("role", "treeitem");
      item.setAttribute("aria-label", name(item));  /* not the names of everything inside it */
      item.tabIndex = index === 0 ? 0 : -1;
      var folder = details(item);
      if (folder) {
        folder.querySelector(":scope > summary").tabIndex = -1;  /* the item is the tab stop */
        var show = function () { item.setAttribute("aria-expanded", folder.open ? "true" : "false"); };
        folder.addEventListener("toggle", show);
        show();
      }
    });
    tree.addEventListener("click", function (event) {
      var item = event.target.closest("li.tree-item");
      if (item && tree.contains(item)) focusItem(item);
    });
    var typed = "", typedAt = 0;
    tree.addEventListener("keydown", function (event) {
      var item = event.target.closest("li.tree-item");
      if (!item || event.altKey || event.ctrlKey || event.metaKey) return;
      var shown = visible(), at = shown.indexOf(item), folder = details(item), key = event.key;
      var nativeToggle = event.target.tagName === "SUMMARY";  /* a focused summary toggles on its own */
      if (key === "ArrowDown" && at + 1 < shown.length) focusItem(shown[at + 1]);
      else if (key === "ArrowUp" && at > 0) focusItem(shown[at - 1]);
      else if (key === "Home") focusItem(shown[0]);
      else if (key === "End") focusItem(shown[shown.length - 1]);
      else if (key === "ArrowRight" && folder && !folder.open) setOpen(item, true);
      else if (key === "ArrowRight" && folder) {
        var first = folder.querySelector(":scope > ul > li.tree-item");
        if (first) focusItem(first);
      } else if (key === "ArrowLeft" && folder && folder.open) setOpen(item, false);
      else if (key === "ArrowLeft") { var up = parentItem(item); if (up) focusItem(up); }
      else if ((key === "Enter" || key === " ") && !nativeToggle) { if (folder) setOpen(item, !folder.open); }
      else if (key === "*") {
        slice.call(item.parentElement.children).forEach(function (sibling) { setOpen(sibling, true); });
      } else if (key.length === 1 && key !== " ") {
        var now = Date.now();
        typed = (now - typedAt < 700 ? typed : "") + key.toLowerCase();
        typedAt = now;
        var order = shown.slice(at + (typed.length === 1 ? 1 : 0)).concat(shown.slice(0, at + (typed.length === 1 ? 1 : 0)));
        var match = order.filter(function (other) { return name(other).toLowerCase().indexOf(typed) === 0; })[0];
        if (match) focusItem(match);
      } else return;
      event.preventDefault();
    });
  });
})();
