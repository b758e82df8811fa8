/* sitegen default theme: progressive enhancements. The site reads and navigates without it;
   the mode and version are already applied by the inline script in <head> before paint. */
(function () {
  "use strict";
  var root = document.documentElement;

  function store(key, value) { try { localStorage.setItem(key, value); } catch (e) {} }
  function stored(key) { try { return localStorage.getItem(key); } catch (e) { return null; } }

  // Opened from disk, folder links would show a directory listing: point them at index.html.
  if (location.protocol === "file:") {
    document.querySelectorAll("a[href]").forEach(function (a) {
      var href = a.getAttribute("href");
      if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(href) || href.charAt(0) === "#") return;
      var m = href.match(/^([^?#]*)(.*)$/);
      if (m[1] === "" || m[1].slice(-1) === "/") a.setAttribute("href", m[1] + "index.html" + m[2]);
    });
  }

  // Light/dark toggle: the visitor's choice is remembered and wins over the system setting.
  var toggle = document.querySelector(".mode-toggle");
  function labelToggle() {
    if (!toggle) return;
    var dark = root.getAttribute("data-theme") === "dark";
    // The words in the page's language, from the button (topbar.html); an older override
    // without them keeps the label it wrote.
    var words = toggle.getAttribute(dark ? "data-light-label" : "data-dark-label");
    if (words) toggle.setAttribute("aria-label", words);
  }
  if (toggle) {
    labelToggle();
    toggle.addEventListener("click", function () {
      var mode = root.getAttribute("data-theme") === "dark" ? "light" : "dark";
      root.setAttribute("data-theme", mode);
      store("sitegen-mode", mode);
      labelToggle();
    });
  }
  // Without a choice of their own (or with no toggle to make one), follow the system as it
  // changes, unless docs.json pins a mode.
  if (window.matchMedia && !root.hasAttribute("data-mode-default")) {
    var fixed = root.hasAttribute("data-mode-fixed");
    matchMedia("(prefers-color-scheme: dark)").addEventListener("change", function (event) {
      if (!fixed && stored("sitegen-mode")) return;
      root.setAttribute("data-theme", event.matches ? "dark" : "light");
      labelToggle();
    });
  }

  // Banner: a dismissed one stays hidden on every page until its content (its key) changes.
  var banner = document.querySelector(".site-banner");
  var dismiss = banner && banner.querySelector(".site-banner-dismiss");
  if (dismiss) {
    dismiss.addEventListener("click", function () {
      root.setAttribute("data-banner-dismissed", "");
      store("sitegen-banner-dismissed", banner.getAttribute("data-banner-key"));
    });
  }

  // Versions: the dropdown changes what the sidebar shows (CSS hides other versions' items).
  var versionSelect = document.querySelector(".version-select");
  if (versionSelect) {
    versionSelect.value = root.getAttribute("data-sitegen-version") || versionSelect.value;
    versionSelect.addEventListener("change", function () {
      // A version on another site: go there, keeping this site's own version choice.
      var elsewhere = versionSelect.options[versionSelect.selectedIndex].getAttribute("data-url");
      if (elsewhere) { location.href = elsewhere; return; }
      var version = versionSelect.value;
      root.setAttribute("data-sitegen-version", version);
      store("sitegen-version", version);
      // A page of another version has no place in this one: go to the same page in that
      // version (the option's data-href, else that version's first page), else the first
      // sidebar page that belongs to it.
      var pageVersion = root.getAttribute("data-page-version");
      if (pageVersion && pageVersion !== version) {
        var target = versionSelect.options[versionSelect.selectedIndex].getAttribute("data-href");
        if (target) { location.href = target; return; }
        var links = document.querySelectorAll(".sidebar-nav a.nav-link");
        for (var i = 0; i < links.length; i++) {
          var owner = links[i].closest("[data-version]");
          if (!owner || owner.getAttribute("data-version") === version) { location.href = links[i].href; return; }
        }
        var brand = document.querySelector(".brand");
        if (brand) location.href = brand.href;
      }
    });
  }

  // Copying to the clipboard; the Clipboard API needs a secure context (not file://), so
  // fall back to a hidden textarea. Shared with api.js (window.sitegenCopy).
  function copyText(text, done) {
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () { fallbackCopy(text); done(); });
    } else { fallbackCopy(text); done(); }
  }
  function fallbackCopy(text) {
    var area = document.createElement("textarea");
    area.value = text; area.setAttribute("readonly", ""); area.style.position = "fixed"; area.style.opacity = "0";
    document.body.appendChild(area); area.select();
    try { document.execCommand("copy"); } catch (e) { /* nothing more we can do */ }
    area.remove();
  }
  window.sitegenCopy = copyText;

  // v2 interaction.drilldown (<body data-drilldown>): opening a nested group in the sidebar
  // also goes to its first page; closing it only closes it. Delegated: the section's script
  // puts the whole navigation in after this file may have run.
  if (document.body.hasAttribute("data-drilldown")) {
    document.addEventListener("click", function (event) {
      var summary = event.target.closest && event.target.closest(".sidebar-nav .nav-group.nested > details > summary");
      if (!summary || summary.parentNode.open || event.target.closest("a")) return;
      var first = summary.parentNode.querySelector("a.nav-link[href]");
      if (first) location.href = first.href;
    });
  }

  // Copy buttons on code blocks, labelled in the page's language (<body data-ui-copy>).
  var words = { copy: document.body.getAttribute("data-ui-copy"), copied: document.body.getAttribute("data-ui-copied") };
  document.querySelectorAll(".code-block").forEach(function (block) {
    var button = block.querySelector(".copy-code");
    if (!button) return;
    button.hidden = false;
    if (words.copy) button.textContent = words.copy;
    button.addEventListener("click", function () {
      copyText(block.querySelector("pre").innerText, function () {
        var label = button.textContent;
        if (words.copied) button.textContent = words.copied;
        button.classList.add("copied");
        setTimeout(function () { button.textContent = label; button.classList.remove("copied"); }, 1500);
      });
    });
  });

  // Tab menus (v2 `tabs[].menu`): the tab is a button that opens its list of items. A mouse
  // opens it by hovering; a click, a tap, Enter or Space toggles it; the arrow keys (or Tab)
  // move through the items; Escape, a click elsewhere or focus moving away close it.
  var tabMenus = [];  // each: { element, setOpen }
  document.querySelectorAll("[data-tab-menu]").forEach(function (menu) {
    var button = menu.querySelector(".tab-menu-button");
    var list = menu.querySelector(".tab-menu-list");
    var row = menu.closest("nav.tabs") || menu.parentNode;
    var openedBy = null;  // "hover", "click" or "key" while open
    menu.setAttribute("data-ready", "");  // from now on, the open state is this script's
    function items() { return Array.prototype.slice.call(list.querySelectorAll("a")); }
    function place() {
      // Under the tab, kept inside the row (the list is positioned from the row, not the tab).
      var box = row.getBoundingClientRect(), tab = button.getBoundingClientRect();
      var rtl = getComputedStyle(row).direction === "rtl";
      var offset = rtl ? box.right - tab.right : tab.left - box.left;
      offset = Math.max(0, Math.min(offset, box.width - list.offsetWidth - 8));
      list.style.setProperty("--tab-menu-offset", offset + "px");
    }
    function setOpen(open, by) {
      openedBy = open ? by : null;
      menu.toggleAttribute("data-open", open);
      button.setAttribute("aria-expanded", open ? "true" : "false");
      if (open) {
        tabMenus.forEach(function (other) { if (other.element !== menu) other.setOpen(false); });
        place();
      }
    }
    tabMenus.push({ element: menu, setOpen: setOpen });
    button.addEventListener("click", function () {
      // The click that follows a mouse's hover keeps the list open instead of closing it.
      if (openedBy === "hover") { openedBy = "click"; return; }
      setOpen(!openedBy, "click");
    });
    menu.addEventListener("pointerenter", function (event) {
      if (event.pointerType === "mouse" && !openedBy) setOpen(true, "hover");
    });
    menu.addEventListener("pointerleave", function (event) {
      if (event.pointerType === "mouse" && openedBy === "hover") setOpen(false);
    });
    menu.addEventListener("keydown", function (event) {
      var links = items(), at = links.indexOf(document.activeElement), next = -1;
      if (event.key === "Escape" && openedBy) {
        setOpen(false);
        button.focus();
        event.stopPropagation();
        return;
      }
      if (event.key === "ArrowDown") next = at + 1;
      else if (event.key === "ArrowUp") next = at < 0 ? links.length - 1 : at - 1;
      else if (event.key === "Home" && at >= 0) next = 0;
      else if (event.key === "End" && at >= 0) next = links.length - 1;
      else return;
      event.preventDefault();
      if (!openedBy) setOpen(true, "key");
      links[(next + links.length) % links.length].focus();
    });
    // Tab past the last item (or Shift+Tab before the button) closes it.
    menu.addEventListener("focusout", function (event) {
      if (openedBy && event.relatedTarget && !menu.contains(event.relatedTarget)) setOpen(false);
    });
  });
  if (tabMenus.length) {
    document.addEventListener("click", function (event) {
      tabMenus.forEach(function (menu) { if (!menu.element.contains(event.target)) menu.setOpen(false); });
    });
  }

  // Mobile navigation drawer: menu button, backdrop and Escape close it; focus moves in and back.
  var menu = document.querySelector(".menu-button");
  var sidebar = document.getElementById("sidebar");
  function setDrawer(open) {
    document.body.classList.toggle("nav-open", open);
    menu.setAttribute("aria-expanded", open ? "true" : "false");
    var words = menu.getAttribute(open ? "data-close-label" : "data-open-label");  // page's language
    if (words) menu.setAttribute("aria-label", words);
    if (open) {
      var first = sidebar.querySelector('[aria-current="page"]') || sidebar.querySelector("a, select");
      if (first) first.focus({ preventScroll: true });
    }
  }
  if (menu && sidebar) {
    menu.addEventListener("click", function () { setDrawer(!document.body.classList.contains("nav-open")); });
    var backdrop = document.querySelector(".drawer-backdrop");
    if (backdrop) backdrop.addEventListener("click", function () { setDrawer(false); });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && document.body.classList.contains("nav-open")) { setDrawer(false); menu.focus(); }
    });
  }

  // Keep the current page visible in a long sidebar.
  var current = document.querySelector('.sidebar [aria-current="page"]');
  if (current && sidebar) {
    var box = sidebar.getBoundingClientRect(), item = current.getBoundingClientRect();
    if (item.top < box.top || item.bottom > box.bottom) sidebar.scrollTop += item.top - box.top - box.height / 3;
  }

  // "On this page": highlight the section being read.
  var tocLinks = Array.prototype.slice.call(document.querySelectorAll(".toc-nav a[href^='#']"));
  if (tocLinks.length && "IntersectionObserver" in window) {
    var byId = {}, headings = [];
    tocLinks.forEach(function (link) {
      var heading = document.getElementById(decodeURIComponent(link.getAttribute("href").slice(1)));
      if (heading) { byId[heading.id] = link; headings.push(heading); }
    });
    var visible = {};
    var activate = function (id) {
      tocLinks.forEach(function (link) { link.classList.toggle("active", link === byId[id]); });
    };
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) { visible[entry.target.id] = entry.isIntersecting; });
      // The first heading in view wins; with none in view, the last one scrolled past.
      var chosen = null;
      for (var i = 0; i < headings.length; i++) {
        if (visible[headings[i].id]) { chosen = headings[i].id; break; }
      }
      if (!chosen) {
        for (var j = headings.length - 1; j >= 0; j--) {
          if (headings[j].getBoundingClientRect().top < 120) { chosen = headings[j].id; break; }
        }
      }
      activate(chosen || headings[0].id);  // at the top of the page: the first section
    }, { rootMargin: "-64px 0px -55% 0px", threshold: [0, 1] });
    headings.forEach(function (heading) { observer.observe(heading); });
  }

  // GitHub's public API, asked in the reader's browser (a build never goes online): a
  // repository's description, stars and forks. One request per repository however many
  // places show it (the top bar's button here, <GitHub.Repo> cards in components.js, which
  // runs after this file), kept in the tab for an hour. Shared as window.sitegenGitHub.
  var repoRequests = {};
  function repoDetails(repo) {
    var key = "sitegen-repo:" + repo;
    try {
      var saved = JSON.parse(sessionStorage.getItem(key) || "null");
      if (saved && typeof saved.stars === "number" && Date.now() - saved.at < 3600e3) return Promise.resolve(saved);
    } catch (e) { /* private mode, or not JSON */ }
    if (!repoRequests[repo]) {
      repoRequests[repo] = fetch("https://api.github.com/repos/" + repo, { headers: { Accept: "application/vnd.github+json" } })
        .then(function (response) { if (!response.ok) throw new Error(String(response.status)); return response.json(); })
        .then(function (data) {
          if (typeof data.stargazers_count !== "number") throw new Error("no stargazers_count");
          var details = { description: typeof data.description === "string" ? data.description : "",
                          stars: data.stargazers_count, at: Date.now(),
                          forks: typeof data.forks_count === "number" ? data.forks_count : null };
          try { sessionStorage.setItem(key, JSON.stringify(details)); } catch (e) { /* private mode */ }
          return details;
        });
    }
    return repoRequests[repo];
  }
  function shortCount(n) {  // 15420 -> "15.4k", as GitHub writes counts
    if (n < 1000) return String(n);
    if (n < 1e6) return (n < 1e5 ? (n / 1000).toFixed(1).replace(/\.0$/, "") : Math.round(n / 1000)) + "k";
    return (n / 1e6).toFixed(1).replace(/\.0$/, "") + "M";
  }
  if (window.fetch && window.Promise) window.sitegenGitHub = { repo: repoDetails, shortCount: shortCount };

  // GitHub button: the star count. Failure leaves the button as it is.
  var github = document.querySelector(".github-button[data-github-repo]");
  if (github && window.sitegenGitHub) {
    repoDetails(github.getAttribute("data-github-repo")).then(function (details) {
      var count = details.stars;
      github.querySelector(".github-stars-count").textContent = shortCount(count);
      github.setAttribute("data-stars", "loaded");
      // In the page's words and number format (topbar.html); an older override has no title.
      var words = github.getAttribute("data-stars-label"), number;
      try { number = count.toLocaleString(document.documentElement.lang || undefined); } catch (e) { number = String(count); }
      if (words) github.setAttribute("title", words.replace("{count}", number));
    }).catch(function () { github.setAttribute("data-stars", "failed"); });
  }
})();
