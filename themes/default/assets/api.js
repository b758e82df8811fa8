/* sitegen API pages: tabs, copy buttons, base-URL selector and the playground.
 * Loaded on every page; does nothing where there is no [data-api] block.
 * `requestFromSpec` and the four code-sample generators mirror sitegen/openapi/samples.py line
 * for line, so a sample is the same text whether the build or this script wrote it
 * (tests/browser/test_sample_parity.py compares them). Both read the page's PlaygroundSpec,
 * the JSON in <script class="api-config">. */
(function () {
  "use strict";

  var BASE_URL_KEY = "sitegen-api-base-url"; // localStorage: remembered across pages
  var TAB_KEY = "sitegen-api-sample";        // localStorage: preferred sample language
  var AUTH_KEY = "sitegen-api-auth";         // sessionStorage only: secrets never persist

  function store(kind) {
    try { return kind === "session" ? window.sessionStorage : window.localStorage; } catch (e) { return null; }
  }
  function load(kind, key) { var s = store(kind); try { return s ? s.getItem(key) : null; } catch (e) { return null; } }
  function save(kind, key, value) { var s = store(kind); try { if (s) s.setItem(key, value); } catch (e) { /* private mode */ } }

  // ---- tabs (code samples, response examples, oneOf/anyOf alternatives) -------------------
  function initTabs(container) {
    var list = container.querySelector(":scope > .api-tabs, :scope > .api-panel-head > .api-tabs");
    if (!list) return;
    var tabs = Array.prototype.slice.call(list.querySelectorAll(":scope > .api-tab"));
    var panels = Array.prototype.slice.call(container.querySelectorAll(":scope > .api-tab-panel"));
    function select(index, remember) {
      tabs.forEach(function (tab, i) {
        tab.setAttribute("aria-selected", i === index ? "true" : "false");
        tab.tabIndex = i === index ? 0 : -1;
      });
      panels.forEach(function (panel, i) { panel.hidden = i !== index; });
      if (remember && container.classList.contains("api-samples")) save("local", TAB_KEY, tabs[index].textContent.trim());
    }
    tabs.forEach(function (tab, i) {
      tab.addEventListener("click", function () { select(i, true); });
      tab.addEventListener("keydown", function (event) {
        var step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
        if (!step) return;
        var next = (i + step + tabs.length) % tabs.length;
        select(next, true);
        tabs[next].focus();
      });
    });
    var preferred = container.classList.contains("api-samples") ? load("local", TAB_KEY) : null;
    var start = 0;
    tabs.forEach(function (tab, i) { if (preferred && tab.textContent.trim() === preferred) start = i; });
    select(start, false);
  }

  // ---- the page's words -----------------------------------------------------------------------
  // Every message comes in the page's language (sitegen/i18n tables), written by the template
  // into <script class="api-words"> (copy buttons: <body data-ui-copied>); none is English
  // here. `{name}` placeholders are filled from `values`, keeping the sentence's word order.
  function wordsOf(root) {
    var el = root.querySelector(".api-words");
    try { return el ? JSON.parse(el.textContent) : {}; } catch (e) { return {}; }
  }
  function fillIn(text, values) {
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
    });
  }

  // ---- copy buttons -------------------------------------------------------------------------
  function initCopy(button) {
    button.hidden = false;
    var label = button.textContent;
    button.addEventListener("click", function () {
      var code = button.parentElement.querySelector("pre");
      window.sitegenCopy(code ? code.innerText : "", function () {  // from site.js
        button.textContent = document.body.getAttribute("data-ui-copied") || label;
        setTimeout(function () { button.textContent = label; }, 1500);
      });
    });
  }

  // ---- code samples (mirror of samples.py) ------------------------------------------------------
  function sh(value) { return "'" + value.replace(/'/g, "'\\''") + "'"; }
  function q(value) { return JSON.stringify(value); }
  function bodyText(req) { return typeof req.body === "string" ? req.body : JSON.stringify(req.body, null, 2); }
  function isJson(req) { return !!req.contentType && req.contentType.indexOf("json") >= 0 && typeof req.body !== "string"; }

  function py(value, indent) {
    indent = indent || 0;
    var pad = new Array(indent + 1).join("    "), inner = pad + "    ";
    if (Array.isArray(value)) {
      if (!value.length) return "[]";
      return "[\n" + value.map(function (v) { return inner + py(v, indent + 1); }).join(",\n") + "\n" + pad + "]";
    }
    if (value && typeof value === "object") {
      var keys = Object.keys(value);
      if (!keys.length) return "{}";
      return "{\n" + keys.map(function (k) { return inner + q(k) + ": " + py(value[k], indent + 1); }).join(",\n") + "\n" + pad + "}";
    }
    if (value === true) return "True";
    if (value === false) return "False";
    if (value === null || value === undefined) return "None";
    return JSON.stringify(value);
  }

  var renderers = {
    bash: function (req) {
      var lines = ["curl --request " + req.method, "  --url " + sh(req.url)];
      if (req.basic) lines.push("  --user " + sh(req.basic.join(":")));
      req.headers.forEach(function (h) { lines.push("  --header " + sh(h[0] + ": " + h[1])); });
      if (req.hasBody) lines.push("  --data " + sh(bodyText(req)));
      return lines.join(" \\\n");
    },
    python: function (req) {
      var lines = ["import requests", "", "url = " + q(req.url)], args = ["url"];
      var headers = req.headers.filter(function (h) { return !(h[0] === "Content-Type" && isJson(req)); });
      if (req.hasBody) {
        if (isJson(req)) { lines.push("payload = " + py(req.body)); args.push("json=payload"); }
        else { lines.push("payload = " + q(bodyText(req))); args.push("data=payload"); }
      }
      if (headers.length) {
        var obj = {}; headers.forEach(function (h) { obj[h[0]] = h[1]; });
        lines.push("headers = " + py(obj)); args.push("headers=headers");
      }
      if (req.basic) args.push("auth=(" + q(req.basic[0]) + ", " + q(req.basic[1]) + ")");
      lines.push("", "response = requests.request(" + q(req.method) + ", " + args.join(", ") + ")",
                 "print(response.status_code, response.text)");
      return lines.join("\n");
    },
    javascript: function (req) {
      var headers = req.headers.map(function (h) { return "    " + q(h[0]) + ": " + q(h[1]); });
      if (req.basic) headers.unshift("    " + q("Authorization") + ": \"Basic \" + btoa(" + q(req.basic.join(":")) + ")");
      var options = ["  method: " + q(req.method)];
      if (headers.length) options.push("  headers: {\n" + headers.join(",\n") + "\n  }");
      if (req.hasBody) {
        if (isJson(req)) options.push("  body: JSON.stringify(" + JSON.stringify(req.body, null, 2).replace(/\n/g, "\n  ") + ")");
        else options.push("  body: " + q(bodyText(req)));
      }
      return ["const response = await fetch(" + q(req.url) + ", {", options.join(",\n"), "});",
              "console.log(response.status, await response.text());"].join("\n");
    },
    go: function (req) {
      var imports = ['"fmt"', '"io"', '"net/http"'], lines = [], bodyArg = "nil";
      if (req.hasBody) {
        imports.push('"strings"');
        var text = bodyText(req);
        lines.push("\tbody := strings.NewReader(" + (text.indexOf("`") < 0 ? "`" + text + "`" : q(text)) + ")");
        bodyArg = "body";
      }
      lines.push("\treq, err := http.NewRequest(" + q(req.method) + ", " + q(req.url) + ", " + bodyArg + ")",
                 "\tif err != nil {", "\t\tpanic(err)", "\t}");
      req.headers.forEach(function (h) { lines.push("\treq.Header.Set(" + q(h[0]) + ", " + q(h[1]) + ")"); });
      if (req.basic) lines.push("\treq.SetBasicAuth(" + q(req.basic[0]) + ", " + q(req.basic[1]) + ")");
      lines.push("\tres, err := http.DefaultClient.Do(req)", "\tif err != nil {", "\t\tpanic(err)", "\t}",
                 "\tdefer res.Body.Close()", "\tout, _ := io.ReadAll(res.Body)", "\tfmt.Println(res.Status, string(out))");
      imports.sort();
      return ["package main", "", "import ("].concat(imports.map(function (i) { return "\t" + i; }),
        [")", "", "func main() {"], lines, ["}"]).join("\n");
    }
  };

  // Python's quote(safe=""): only RFC 3986 unreserved characters stay (encodeURIComponent also keeps !'()*).
  function pathEncode(value) {
    return encodeURIComponent(value).replace(/[!'()*]/g, function (c) { return "%" + c.charCodeAt(0).toString(16).toUpperCase(); });
  }
  // Python's quote_plus(safe="<>{}"): spaces as "+", placeholders left readable.
  function formEncode(value) {
    return pathEncode(value).replace(/%20/g, "+").replace(/%3C/g, "<").replace(/%3E/g, ">")
      .replace(/%7B/g, "{").replace(/%7D/g, "}");
  }
  function asText(value) { return typeof value === "string" ? value : JSON.stringify(value); }
  function joinUrl(base, path) { return base ? base.replace(/\/+$/, "") + "/" + path.replace(/^\/+/, "") : path; }

  // The request the samples show (samples.py `request_from_spec`). `entered` has the shape of
  // the spec's sampleValues: {params: [[location, name, value]], auth: {token} or
  // {username, password}, body (only when there is one)}; null means the sample values.
  function requestFromSpec(spec, baseUrl, entered) {
    var values = entered || spec.sampleValues;
    var byInput = {};
    values.params.forEach(function (p) { byInput[p[0] + "\u0000" + p[1]] = p[2]; });
    var path = spec.path, query = [], headers = [], cookies = [], basic = null;
    spec.inputs.forEach(function (field) {
      if (field.in === "body") return;
      var value = byInput[field.in + "\u0000" + field.name];
      if (value === undefined || value === null) return;
      var text = asText(value);
      if (field.in === "path") path = path.split("{" + field.name + "}").join(pathEncode(text));
      else if (field.in === "query") query.push([field.name, text]);
      else if (field.in === "header") headers.push([field.name, text]);
      else cookies.push(field.name + "=" + text);
    });
    var auth = spec.auth;
    if (auth) {
      var typed = values.auth || {};
      var token = typed.token || (auth.method === "key" ? "<api-key>" : "<token>");
      if (auth.method === "bearer") headers.unshift(["Authorization", "Bearer " + token]);
      else if (auth.method === "basic") basic = [typed.username || "<" + auth.basicLabels[0] + ">", typed.password || "<" + auth.basicLabels[1] + ">"];
      else if (auth.location === "query") query.push([auth.name || "", token]);
      else if (auth.location === "cookie") cookies.push(auth.name + "=" + token);
      else headers.unshift([auth.name || "", token]);
    }
    if (cookies.length) headers.push(["Cookie", cookies.join("; ")]);
    var url = joinUrl(baseUrl === null || baseUrl === undefined ? (spec.baseUrls[0] || "") : baseUrl, path);
    if (query.length) url += "?" + query.map(function (kv) { return formEncode(kv[0]) + "=" + formEncode(kv[1]); }).join("&");
    var hasBody = !!spec.body && Object.prototype.hasOwnProperty.call(values, "body");
    if (hasBody) headers.push(["Content-Type", spec.body.contentType]);
    return { method: spec.method, url: url, headers: headers, basic: basic, body: hasBody ? values.body : null,
             hasBody: hasBody, contentType: spec.body ? spec.body.contentType : null };
  }

  // Every generated sample of `spec` for `entered`, by language: what the parity test calls.
  window.sitegenApiSamples = function (spec, baseUrl, entered) {
    var req = requestFromSpec(spec, baseUrl, entered), out = {};
    spec.languages.forEach(function (lang) { out[lang] = renderers[lang](req); });
    return out;
  };

  // ---- one API block --------------------------------------------------------------------------
  function initApi(root) {
    var configEl = root.querySelector(".api-config");
    if (!configEl) return;
    var config = JSON.parse(configEl.textContent);
    var words = wordsOf(root);
    // A project's own operation.html written before the words block may still carry the
    // few words it had as data attributes (data-not-sent…).
    function say(key, values) {
      return fillIn(words[key] || root.getAttribute("data-" + key.replace(/_/g, "-")) || key, values);
    }
    var select = root.querySelector(".api-base-select");
    var form = root.querySelector(".api-form");
    var raw = root.querySelector("[data-raw-body]");
    var rawError = root.querySelector("[data-raw-error]");
    var dirty = false; // samples follow the form only once the reader has entered something
    var auth = config.auth;
    var authKey = auth ? AUTH_KEY + ":" + auth.method + ":" + (auth.name || "") : null;

    if (select) {
      var remembered = load("local", BASE_URL_KEY);
      if (remembered && config.baseUrls.indexOf(remembered) >= 0) select.value = remembered;
      select.addEventListener("change", function () { save("local", BASE_URL_KEY, select.value); refresh(false); });
    }
    function baseUrl() { return select ? select.value : (config.baseUrls[0] || ""); }

    function field(location, name) {
      return root.querySelector('[data-field="' + location + '"][data-name="' + CSS.escape(name) + '"]');
    }
    // A typed value from an input: numbers stay numbers, enums and JSON are parsed.
    function typed(input) {
      var text = input.value;
      if (text === "") return undefined;
      var kind = input.getAttribute("data-kind");
      if (kind === "integer" && /^-?\d+$/.test(text.trim())) return parseInt(text, 10);
      if (kind === "number" && text.trim() !== "" && !isNaN(Number(text))) return Number(text);
      if (kind === "boolean") return text === "true";
      if (kind === "enum" || kind === "json") { try { return JSON.parse(text); } catch (e) { return text; } }
      return text;
    }

    function authValues() {
      if (!auth) return null;
      var get = function (name) { var el = root.querySelector('[data-auth="' + name + '"]'); return el ? el.value : ""; };
      if (auth.method === "basic") return { username: get("username"), password: get("password") };
      var token = get("token");
      if (auth.method === "bearer") token = token.replace(/^\s*Bearer\s+/i, "");
      return { token: token };
    }

    function currentBody() {
      if (!config.body) return { ok: true, value: undefined };
      if (!raw || !dirty) return { ok: true, value: config.sampleValues.body };
      if (!config.body.json) return { ok: true, value: raw.value };
      if (raw.value.trim() === "") return { ok: true, value: undefined };
      try { return { ok: true, value: JSON.parse(raw.value) }; }
      catch (e) { return { ok: false, error: say("invalid_json_body", { error: e.message }) }; }
    }

    // What the reader entered, in the shape of the spec's sampleValues; before they enter
    // anything the samples show the sample values (as the build wrote them).
    function entered() {
      if (!dirty) return null;
      var params = [];
      config.inputs.forEach(function (p) {
        if (p.in === "body") return;
        var input = field(p.in, p.name);
        var value = input ? typed(input) : undefined;
        if (value !== undefined) params.push([p.in, p.name, value]);
      });
      var values = { params: params, auth: authValues() || {} };
      var body = currentBody();
      if (config.body && body.value !== undefined) values.body = body.value;
      return values;
    }

    function sampleRequest(forSending) {
      var values = entered();
      var req = requestFromSpec(config, baseUrl(), values);
      var body = currentBody();
      req.bodyError = body.ok ? null : body.error;
      req.missing = [];
      if (forSending) {
        var given = {};
        (values ? values.params : config.sampleValues.params).forEach(function (p) { if (p[2] !== null) given[p[0] + "\u0000" + p[1]] = true; });
        config.inputs.forEach(function (p) {
          if (p.in !== "body" && p.required && !given[p.in + "\u0000" + p.name]) req.missing.push(p.name);
        });
      }
      return req;
    }

    function refresh(initial) {
      var req = sampleRequest(false);
      // On load the build's highlighted samples are already right unless another base URL was remembered.
      var stale = !initial || (select && select.value !== config.baseUrls[0]);
      if (config.generatedSamples && stale) {
        root.querySelectorAll(".api-sample[data-generated]").forEach(function (panel) {
          var render = renderers[panel.getAttribute("data-lang")];
          var code = panel.querySelector("code");
          if (render && code) code.textContent = render(req); // plain text: highlighting is build-time only
        });
      }
      root.querySelectorAll("[data-send-target]").forEach(function (el) {
        el.textContent = (el.closest(".api-form") ? config.method + " " : "") + req.url.split("?")[0];
      });
    }

    if (form) initForm();
    refresh(true);

    function initForm() {
      if (auth) {
        var stored = load("session", authKey);
        if (stored) {
          try {
            var saved = JSON.parse(stored);
            Object.keys(saved).forEach(function (name) {
              var el = root.querySelector('[data-auth="' + name + '"]');
              if (el) el.value = saved[name];
            });
          } catch (e) { /* ignore a damaged entry */ }
        }
        root.querySelectorAll("[data-auth]").forEach(function (el) {
          el.addEventListener("input", function () {
            var saved = {};
            root.querySelectorAll("[data-auth]").forEach(function (other) { saved[other.getAttribute("data-auth")] = other.value; });
            save("session", authKey, JSON.stringify(saved));
            dirty = true; refresh(false);
          });
        });
      }
      root.querySelectorAll('[data-field]:not([data-field="body"])').forEach(function (el) {
        el.addEventListener("input", function () { dirty = true; refresh(false); });
      });
      // Body fields write into the raw JSON editor; editing the JSON updates the fields.
      root.querySelectorAll('[data-field="body"]').forEach(function (el) {
        el.addEventListener("input", function () {
          dirty = true;
          var obj;
          try { obj = JSON.parse(raw.value || "{}"); } catch (e) { obj = {}; }
          if (!obj || typeof obj !== "object" || Array.isArray(obj)) obj = {};
          var value = typed(el);
          if (value === undefined) delete obj[el.getAttribute("data-name")];
          else obj[el.getAttribute("data-name")] = value;
          raw.value = JSON.stringify(obj, null, 2);
          if (rawError) rawError.hidden = true;
          refresh(false);
        });
      });
      if (raw) {
        raw.addEventListener("input", function () {
          dirty = true;
          var parsed;
          try { parsed = JSON.parse(raw.value); } catch (e) {
            if (rawError && config.body.json) { rawError.textContent = say("json_not_valid_yet", { error: e.message }); rawError.hidden = false; }
            return;
          }
          if (rawError) rawError.hidden = true;
          if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
            root.querySelectorAll('[data-field="body"]').forEach(function (el) {
              var value = parsed[el.getAttribute("data-name")];
              el.value = value === undefined ? "" : (typeof value === "string" && el.getAttribute("data-kind") !== "enum" ? value : JSON.stringify(value));
            });
          }
          refresh(false);
        });
      }
      form.addEventListener("submit", function (event) { event.preventDefault(); send(); });
    }

    var result = root.querySelector("[data-result]");
    function show(part, text) { var el = root.querySelector("[data-result-" + part + "]"); if (el) el.textContent = text; return el; }

    function send() {
      dirty = true;
      var req = sampleRequest(true);
      result.hidden = false;
      var status = show("status", ""), errorEl = root.querySelector("[data-result-error]");
      status.className = "api-status";
      show("time", ""); show("body", ""); show("headers", "");
      errorEl.hidden = true;
      function fail(message) { status.textContent = say("not_sent"); status.classList.add("api-status-error"); errorEl.textContent = message; errorEl.hidden = false; }
      if (req.missing.length) return fail(say("fill_required", { names: req.missing.join(", ") }));
      if (req.bodyError) return fail(req.bodyError);
      if (!/^https?:\/\//i.test(req.url)) return fail(say("no_base_url", { url: req.url }));
      var headers = {};
      req.headers.forEach(function (h) { if (h[0] !== "Cookie") headers[h[0]] = h[1]; });
      if (req.basic) headers.Authorization = "Basic " + base64(req.basic[0] + ":" + req.basic[1]);
      var init = { method: req.method, headers: headers, credentials: "omit", mode: "cors", cache: "no-store" };
      if (req.hasBody && req.method !== "GET" && req.method !== "HEAD") init.body = typeof req.body === "string" ? req.body : JSON.stringify(req.body);
      var button = root.querySelector(".api-send");
      button.disabled = true; status.textContent = say("sending");
      var started = performance.now();
      fetch(req.url, init).then(function (response) {
        return response.text().then(function (text) {
          var ms = Math.round(performance.now() - started);
          status.textContent = response.status + (response.statusText ? " " + response.statusText : "");
          status.classList.add("api-status-" + String(response.status).charAt(0) + "xx");
          show("time", ms + " ms");
          var list = root.querySelector("[data-result-headers]");
          response.headers.forEach(function (value, name) {
            var dt = document.createElement("dt"), dd = document.createElement("dd");
            dt.textContent = name; dd.textContent = value; list.appendChild(dt); list.appendChild(dd);
          });
          var pretty = text;
          try { pretty = JSON.stringify(JSON.parse(text), null, 2); } catch (e) { /* not JSON: show as is */ }
          show("body", pretty || say("empty_body"));
        });
      }, function (error) {
        var ms = Math.round(performance.now() - started);
        show("time", ms + " ms");
        var origin = location.protocol === "file:" ? say("file_origin") : location.origin;
        var mixed = location.protocol === "https:" && /^http:/i.test(req.url);
        fail([say("no_response", { url: req.url }),
              mixed ? say("mixed_content") : say("cors_hint", { origin: origin }),
              say("browser_message", { message: error && error.message ? error.message : String(error) })].join(" "));
      }).then(function () { button.disabled = false; });
    }
  }

  function base64(text) {
    var bytes = new TextEncoder().encode(text), binary = "";
    bytes.forEach(function (b) { binary += String.fromCharCode(b); });
    return btoa(binary);
  }

  document.querySelectorAll("[data-api] [data-tabs]").forEach(initTabs);
  document.querySelectorAll("[data-api] .api-copy").forEach(initCopy);
  document.querySelectorAll("[data-api]").forEach(initApi);
})();
