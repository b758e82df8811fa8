/* sitegen default theme: full-text search in a dialog, on the Pagefind index built with the
   site (_sitegen/search/: one Pagefind bundle per shard, listed in shards.json). Pagefind's JS
   API does the searching: the first shard's, with the others merged in (Pagefind ranks the
   results of all shards by score; a page whose title has the query's words comes first, see
   titleFirst). The UI is ours so that it matches the theme. Nothing is loaded until the
   visitor shows an intent to search. */
(function () {
  "use strict";
  var dialog = document.getElementById("search-dialog");
  var button = document.querySelector(".search-button");
  if (!dialog || !button) return;

  var input = dialog.querySelector(".search-input");
  var list = dialog.querySelector(".search-results");
  var status = dialog.querySelector(".search-status");
  var root = dialog.getAttribute("data-root") || "";
  // The page's language's words (partials/search.html), English when an older page has none.
  var words = {
    typeToSearch: dialog.getAttribute("data-type-to-search") || "Type to search the docs.",
    noResults: dialog.getAttribute("data-no-results") || "No results for “{query}”",
    // newer words: only the page's (an older search.html override without them says nothing)
    needsHttp: dialog.getAttribute("data-needs-http") || "",
    unavailable: dialog.getAttribute("data-unavailable") || ""
  };
  // Resolved against this script, so the bundle is found at any depth and under any sub-path.
  var script = document.currentScript;
  var searchUrl = new URL("search/", script ? script.src : location.href).href;
  var EXCERPT = { excerptLength: 22 };
  var MAX_RESULTS = 10;
  var pagefind = null; // a promise of the Pagefind module, once loading started
  var query = "";
  var serial = 0; // answers to older keystrokes arrive late: only the newest is shown
  var active = -1;

  if (/Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)) {
    var mod = button.querySelector(".search-kbd-mod");
    if (mod) mod.textContent = "⌘";
    button.setAttribute("aria-keyshortcuts", "Meta+K /");
  }

  function say(text) { status.textContent = text; status.hidden = !text; }

  function load() {
    if (!pagefind) {
      // The list of shards is as new as the site (never a stale copy from the HTTP cache).
      pagefind = fetch(searchUrl + "shards.json", { cache: "no-cache" }).then(function (response) {
        if (!response.ok) throw new Error("no search index");
        return response.json();
      }).then(function (index) {
        var shards = index.shards.map(function (name) { return new URL(name + "/", searchUrl).href; });
        return import(shards[0] + "pagefind.js").then(function (module) {
          // options() sets the first shard's; each merged shard is given its own.
          return Promise.resolve(module.options(EXCERPT)).then(function () {
            return Promise.all(shards.slice(1).map(function (url) { return module.mergeIndex(url, EXCERPT); }));
          }).then(function () { return module; });
        });
      });
      pagefind.catch(function () {}); // reported when a search needs it
    }
    return pagefind;
  }

  function open() {
    if (!dialog.open) dialog.showModal();
    input.focus();
    input.select();
    if (location.protocol === "file:") {
      // Pagefind fetches its index and WebAssembly, which browsers refuse for file:// pages.
      input.disabled = true;
      say(words.needsHttp);
      return;
    }
    load();
    if (!input.value) say(words.typeToSearch);
  }

  function close() { if (dialog.open) dialog.close(); }

  // A result's page URL is its "url" metadata (root-relative, "/guides/setup/"): Pagefind's own
  // URL names the index document the page was indexed from. A section adds its #anchor.
  function hrefFor(data, part) {
    var url = (data.meta && data.meta.url) || data.url;
    var anchor = part ? part.url.indexOf("#") : -1;
    if (anchor >= 0) url += part.url.slice(anchor);
    var path = url.replace(/^\//, ""); // ours are page-relative
    return root + path || "./";
  }

  // Pagefind marks matches with <mark>; everything else becomes text, never markup.
  function excerpt(text, into) {
    String(text || "").split(/(<mark>[\s\S]*?<\/mark>)/).forEach(function (part) {
      var match = /^<mark>([\s\S]*)<\/mark>$/.exec(part);
      if (match) {
        var mark = document.createElement("mark");
        mark.textContent = decode(match[1]);
        into.appendChild(mark);
      } else if (part) {
        into.appendChild(document.createTextNode(decode(part)));
      }
    });
  }
  var decoder = document.createElement("textarea");
  function decode(text) { decoder.innerHTML = text; return decoder.value; } // entities only: a textarea parses no tags

  // The section that matched best: link straight to it when it has its own anchor. The
  // page title's id (#page-title, there for custom CSS) starts the page's own first section:
  // a match there leads to the page itself.
  function bestPart(data) {
    var best = null;
    (data.sub_results || []).forEach(function (sub) {
      var n = (sub.locations || []).length;
      if (!best || n > (best.locations || []).length) best = sub;
    });
    var section = best && best.url !== data.url && best.url.indexOf("#") >= 0 ? best : null;
    return section && !/#page-title$/.test(section.url) ? section : null;
  }

  function render(items) {
    list.textContent = "";
    items.forEach(function (data, index) {
      var part = bestPart(data);
      var title = (data.meta && (data.meta.title || data.meta.url)) || data.url;
      var li = document.createElement("li");
      li.className = "search-result";
      li.id = "search-result-" + index;
      li.setAttribute("role", "option");
      li.setAttribute("aria-selected", "false");
      var a = document.createElement("a");
      a.href = hrefFor(data, part);
      a.tabIndex = -1; // the input keeps focus; arrows move the selection
      var head = document.createElement("span");
      head.className = "search-result-title";
      if (data.meta && data.meta.group) {
        var group = document.createElement("span");
        group.className = "search-result-group";
        group.textContent = data.meta.group;
        head.appendChild(group);
      }
      var name = document.createElement("span");
      name.className = "search-result-page";
      name.textContent = title;
      head.appendChild(name);
      if (part && part.title && part.title !== title) {
        var section = document.createElement("span");
        section.className = "search-result-section";
        section.textContent = part.title;
        head.appendChild(section);
      }
      var text = document.createElement("span");
      text.className = "search-result-excerpt";
      excerpt(part ? part.excerpt : data.excerpt, text);
      a.appendChild(head);
      a.appendChild(text);
      li.appendChild(a);
      li.addEventListener("mousemove", function () { if (active !== index) select(index, false); });
      list.appendChild(li);
    });
    input.setAttribute("aria-expanded", items.length ? "true" : "false");
    select(items.length ? 0 : -1, false);
  }

  function select(index, scroll) {
    var options = list.children;
    if (active >= 0 && options[active]) options[active].setAttribute("aria-selected", "false");
    active = index;
    if (index >= 0 && options[index]) {
      options[index].setAttribute("aria-selected", "true");
      input.setAttribute("aria-activedescendant", options[index].id);
      if (scroll) options[index].scrollIntoView({ block: "nearest" });
    } else {
      input.removeAttribute("aria-activedescendant");
    }
  }

  // --- scope: results in the reader's language and version only ---
  // Pagefind keeps one index per <html lang>, so the language is scoped already. Pages carry
  // their versions as Pagefind meta (page.html), read from each result's data; the reader's
  // version is the one picked in the sidebar, else the page's own.
  function inScope(item) {
    var version = document.documentElement.getAttribute("data-sitegen-version");
    var versions = item.meta && item.meta.versions;
    return !version || !versions || versions.split(" ").indexOf(version) >= 0;
  }

  // --- ranking: a page whose title has every word of the query first ---
  // Pagefind scores each shard with that shard's own word statistics (how rare a word is among
  // its pages), so the merged scores of two shards do not compare: "List OAuth Apps" could
  // score below "Retrieve OAuth Apps" from a shard where "oauth" is rarer. Pagefind does tell,
  // for each result, which of its metadata fields a query word matched (matchedMetaFields,
  // without loading the result's fragment); a search for each word alone, on the index chunks
  // the query loaded already (no bytes fetched), tells which pages have every word in their
  // title. Those come first, the others after them, each in Pagefind's order.
  function titled(result) { return (result.matchedMetaFields || []).indexOf("title") >= 0; }

  function titleFirst(module, text, results) {
    var candidates = results.filter(titled);
    var words = text.split(/\s+/).filter(Boolean);
    var checked = words.length < 2 || !candidates.length ? Promise.resolve(candidates)
      : Promise.all(words.map(function (word) { return module.search(word); })).then(function (answers) {
        var inTitle = answers.filter(function (answer) {
          return answer && answer.results.length; // a word Pagefind drops on its own (punctuation) tells nothing
        }).map(function (answer) {
          var ids = {};
          answer.results.forEach(function (result) { if (titled(result)) ids[result.id] = true; });
          return ids;
        });
        return candidates.filter(function (result) {
          return inTitle.every(function (ids) { return ids[result.id]; });
        });
      });
    return checked.then(function (first) {
      var ids = {};
      first.forEach(function (result) { ids[result.id] = true; });
      return first.concat(results.filter(function (result) { return !ids[result.id]; }));
    });
  }

  // Among the results shown, a page titled exactly like the query (case and punctuation aside)
  // goes first. Only the shown results' titles are loaded; such a page is among them unless
  // more than MAX_RESULTS pages have every word of the query in their titles.
  function plain(text) { return String(text || "").toLocaleLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim(); }

  function exactTitleFirst(items, text) {
    var wanted = plain(text);
    var exact = items.filter(function (item) { return item.meta && plain(item.meta.title) === wanted; });
    return exact.concat(items.filter(function (item) { return exact.indexOf(item) < 0; }));
  }

  // Result data for the first MAX_RESULTS results in scope, fetched a batch at a time.
  function dataInScope(results, mine) {
    var kept = [];
    function next(start) {
      if (kept.length >= MAX_RESULTS || start >= results.length || mine !== serial) return Promise.resolve(kept);
      var batch = results.slice(start, start + MAX_RESULTS);
      return Promise.all(batch.map(function (r) { return r.data(); })).then(function (items) {
        items.forEach(function (item) { if (kept.length < MAX_RESULTS && inScope(item)) kept.push(item); });
        return next(start + MAX_RESULTS);
      });
    }
    return next(0);
  }

  function search() {
    var text = input.value.trim();
    if (text === query) return;
    query = text;
    var mine = ++serial;
    if (!text) {
      render([]);
      say(words.typeToSearch);
      return;
    }
    load().then(function (module) {
      return module.search(text).then(function (found) {
        return mine === serial ? titleFirst(module, text, found.results) : null;
      });
    }).then(function (results) {
      if (!results || mine !== serial) return null;
      return dataInScope(results, mine);
    }).then(function (items) {
      if (!items || mine !== serial) return;
      items = exactTitleFirst(items, text);
      render(items);
      say(items.length ? "" : words.noResults.replace("{query}", text));
    }).catch(function () {
      if (mine !== serial) return;
      render([]);
      query = ""; // let the next keystroke try again
      say(words.unavailable);
    });
  }

  button.addEventListener("click", open);
  button.addEventListener("pointerenter", function () { if (location.protocol !== "file:") load(); });
  dialog.querySelector(".search-close").addEventListener("click", close);
  // A click on the backdrop lands on the <dialog> itself, outside the panel.
  dialog.addEventListener("click", function (event) { if (event.target === dialog) close(); });
  input.addEventListener("input", search);

  input.addEventListener("keydown", function (event) {
    var count = list.children.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!count) return;
      var step = event.key === "ArrowDown" ? 1 : -1;
      select((active + step + count) % count, true);
    } else if (event.key === "Enter") {
      event.preventDefault();
      var link = active >= 0 && list.children[active] && list.children[active].querySelector("a");
      if (!link) return;
      if (event.ctrlKey || event.metaKey) { window.open(link.href, "_blank"); return; }
      close();
      location.assign(link.href);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close();
    }
  });

  function editable(target) {
    return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }
  document.addEventListener("keydown", function (event) {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && (event.key === "k" || event.key === "K")) {
      event.preventDefault();
      if (dialog.open) close(); else open();
    } else if (event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey && !dialog.open && !editable(event.target)) {
      event.preventDefault();
      open();
    }
  });
})();
