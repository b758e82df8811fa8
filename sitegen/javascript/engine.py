"""The embedded JavaScript engine (QuickJS) that runs authors' components.

One engine per process, made on first use (`engine()`): a build whose pages hold no author
JavaScript never imports QuickJS, and each render worker of a cold build makes its own, so
the pages still render in parallel. Modules (a snippet file, a page's ESM) are evaluated once
per process and kept by key; every later evaluation (a component call, an expression) reads
them.

The sandbox is QuickJS without its `std`/`os` modules: no files, network, processes, timers
or module loading exist in it (`require`, `fetch`, `process`, `import()` all fail), and the
clock is stopped (`Date` is the epoch unless given a time). Every evaluation has a CPU-time
limit, the engine a memory limit and a stack limit; going over one is a `ScriptFailed` that
names it, and the engine goes on serving the next evaluation.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any

__all__ = [
    "CPU_SECONDS", "MEMORY_MB", "Engine", "ScriptFailed", "between_pages", "engine", "engine_started", "limits",
    "raise_limits",
]

CPU_SECONDS = 1.0  # CPU time of one evaluation (a component call, an expression, a module)
MEMORY_MB = 64  # the engine's whole heap
STACK_BYTES = 512 * 1024  # deep enough for real components, short of the C stack
# The limits can be raised without docs.json (a project's settings are not trusted with the
# build machine's resources): `sitegen build --js-cpu-seconds/--js-memory-mb` set these, which
# the forked render workers inherit.
CPU_VARIABLE = "SITEGEN_JS_CPU_SECONDS"
MEMORY_VARIABLE = "SITEGEN_JS_MEMORY_MB"


@dataclass(frozen=True)
class Limits:
    cpu_seconds: float
    memory_mb: int


def limits() -> Limits:
    """The limits in force: the environment's (set by the build flags), else the defaults."""
    cpu, memory = CPU_SECONDS, MEMORY_MB
    try:
        cpu = float(os.environ.get(CPU_VARIABLE) or cpu)
        memory = int(os.environ.get(MEMORY_VARIABLE) or memory)
    except ValueError:
        pass
    return Limits(max(cpu, 0.01), max(memory, 8))


def raise_limits(cpu_seconds: float | None, memory_mb: int | None) -> None:
    """Set this process's limits (and its children's: forked render workers) for the build."""
    if cpu_seconds is not None:
        os.environ[CPU_VARIABLE] = str(cpu_seconds)
    if memory_mb is not None:
        os.environ[MEMORY_VARIABLE] = str(memory_mb)


class ScriptFailed(Exception):
    """An evaluation threw, ran out of time, memory or stack; the message says which."""


_PRELUDE = r"""
var __modules = Object.create(null);
var __hooked = [];
var __rendering = [];
(function () {
  var RealDate = Date;
  function StoppedDate() {
    if (!(this instanceof StoppedDate)) return new RealDate(0).toString();
    return arguments.length ? new (Function.prototype.bind.apply(RealDate, [null].concat([].slice.call(arguments))))()
                            : new RealDate(0);
  }
  StoppedDate.prototype = RealDate.prototype;
  StoppedDate.now = function () { return 0; };
  StoppedDate.UTC = RealDate.UTC;
  StoppedDate.parse = RealDate.parse;
  globalThis.Date = StoppedDate;
})();
function __h(type, props) {
  var all = {};
  if (props != null) for (var key in props) all[key] = props[key];
  if (arguments.length > 3) all.children = [].slice.call(arguments, 2);
  else if (arguments.length === 3) all.children = arguments[2];
  if (typeof type === "function") {
    var name = type.displayName || type.name || "Anonymous";
    __rendering.push(name);
    try {
      if (type.prototype && typeof type.prototype.render === "function") {
        var instance = new type(all);
        instance.props = all;
        return instance.render();
      }
      return type(all);
    } finally {
      __rendering.pop();
    }
  }
  if (type != null && typeof type === "object" && type.__provider) return all.children;
  return {$el: String(type), props: all};
}
function __hook() {
  var name = __rendering[__rendering.length - 1];
  if (name && __hooked.indexOf(name) < 0) __hooked.push(name);
}
function __noop() {}
function __unavailable(why) {
  function fail() { var error = new Error(why); error.name = "Unavailable"; throw error; }
  return new Proxy({}, {get: function (target, key) { return key === "then" ? undefined : fail; }});
}
var __react = {
  createElement: __h,
  Fragment: "",
  StrictMode: "",
  useState: function (initial) { __hook(); return [typeof initial === "function" ? initial() : initial, __noop]; },
  useReducer: function (reducer, initial, init) { __hook(); return [init ? init(initial) : initial, __noop]; },
  useEffect: function () { __hook(); },
  useLayoutEffect: function () { __hook(); },
  useInsertionEffect: function () { __hook(); },
  useRef: function (initial) { __hook(); return {current: initial === undefined ? null : initial}; },
  useMemo: function (make) { __hook(); return make(); },
  useCallback: function (callback) { __hook(); return callback; },
  useId: function () { __hook(); return "sitegen-id"; },
  useTransition: function () { __hook(); return [false, function (run) { run(); }]; },
  useDeferredValue: function (value) { return value; },
  useContext: function (context) { return context ? context.__value : undefined; },
  createContext: function (value) { return {__value: value, Provider: {__provider: true}, Consumer: ""}; },
  forwardRef: function (render) { return function (props) { return render(props, null); }; },
  memo: function (component) { return component; },
  isValidElement: function (value) { return value != null && typeof value === "object" && "$el" in value; },
  cloneElement: function (element, props) {
    var all = {};
    for (var key in element.props) all[key] = element.props[key];
    for (key in props || {}) all[key] = props[key];
    return {$el: element.$el, props: all};
  },
  Children: {
    toArray: function (children) { return children == null ? [] : [].concat(children); },
    map: function (children, fn) { return children == null ? [] : [].concat(children).map(fn); },
    forEach: function (children, fn) { if (children != null) [].concat(children).forEach(fn); },
    count: function (children) { return children == null ? 0 : [].concat(children).length; },
    only: function (children) { return children; },
  },
};
__react.default = __react;
// Mintlify injects React and its hooks into every page: components use them without an import.
var React = __react;
["useState", "useEffect", "useRef", "useCallback", "useMemo", "useContext", "useReducer", "useLayoutEffect",
 "useId", "Fragment"].forEach(function (name) { globalThis[name] = __react[name]; });
var console = {log: __noop, info: __noop, warn: __noop, error: __noop, debug: __noop};
// The browser's pure helpers components use while rendering (QuickJS has no window).
var __base64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
function btoa(text) {
  text = String(text);
  var out = "";
  for (var i = 0; i < text.length; i += 3) {
    var a = text.charCodeAt(i), b = text.charCodeAt(i + 1), c = text.charCodeAt(i + 2);
    if (a > 255 || b > 255 || c > 255) throw new Error("btoa: the string has characters outside Latin-1");
    var n = (a << 16) | ((b || 0) << 8) | (c || 0);
    out += __base64[(n >> 18) & 63] + __base64[(n >> 12) & 63]
      + (i + 1 < text.length ? __base64[(n >> 6) & 63] : "=") + (i + 2 < text.length ? __base64[n & 63] : "=");
  }
  return out;
}
function atob(text) {
  text = String(text).replace(/[\s=]/g, "");
  var out = "", bits = 0, value = 0;
  for (var i = 0; i < text.length; i++) {
    var index = __base64.indexOf(text[i]);
    if (index < 0) throw new Error("atob: not base64");
    value = (value << 6) | index;
    bits += 6;
    if (bits >= 8) { bits -= 8; out += String.fromCharCode((value >> bits) & 255); }
  }
  return out;
}
// The scope of the page being rendered: a snippet's component may use one the page imported
// (Mintlify compiles a page and its snippets into one module).
var __page = null;
function __type(value, name) {
  if (value !== undefined) return value;
  var parts = name.split(".");
  if (__page && parts[0] in __page) {
    var found = __page[parts[0]];
    for (var i = 1; i < parts.length && found != null; i++) found = found[parts[i]];
    if (found !== undefined) return found;
  }
  return name;
}
function __json(value) {
  return JSON.stringify(value, function (key, item) {
    if (typeof item === "bigint") return String(item);
    if (typeof item === "symbol") return undefined;
    return item;
  });
}
function __run(make) {
  __hooked = [];
  __rendering = [];
  __page = null;
  var value = make();
  return __json({value: value === undefined ? null : value, hooked: __hooked});
}
"""


class Engine:
    """One QuickJS context with sitegen's prelude (JSX factory, React shim, stopped clock)."""

    def __init__(self, limits: Limits) -> None:
        import quickjs  # here: a site without author JavaScript never loads it

        self.limits = limits
        self._quickjs = quickjs
        self._context = quickjs.Context()
        self._context.set_memory_limit(limits.memory_mb * 1024 * 1024)
        self._context.set_max_stack_size(STACK_BYTES)
        self._context.set_time_limit(limits.cpu_seconds)
        self._context.eval(_PRELUDE)
        self.modules: dict[str, ScriptFailed | None] = {}  # key -> why it failed (None: loaded)

    def load(self, key: str, code: str) -> None:
        """Evaluate a module's code (`__modules[key] = (function(){…})()`) once per process."""
        if key in self.modules:
            failure = self.modules[key]
            if failure is not None:
                raise failure
            return
        try:
            self._eval(code)
        except ScriptFailed as exc:
            self.modules[key] = exc
            raise
        self.modules[key] = None

    def run(self, expression: str) -> tuple[Any, list[str]]:
        """The JSON value of `expression` and the components that used React hooks meanwhile."""
        text = self._eval(f"__run(function () {{ return ({expression}\n); }})")
        try:
            result = json.loads(text) if isinstance(text, str) else None
        except RecursionError:
            raise ScriptFailed("what it returned nests too deep") from None
        if not isinstance(result, dict):  # the author replaced JSON.stringify or __run
            raise ScriptFailed("it returned something sitegen cannot read")
        # A function (or a symbol) as the value is left out by JSON.stringify: nothing to show.
        hooked = result.get("hooked")
        return result.get("value"), [str(name) for name in hooked] if isinstance(hooked, list) else []

    def _eval(self, code: str) -> Any:
        try:
            return self._context.eval(code)
        except self._quickjs.StackOverflow:
            self._context.gc()
            raise ScriptFailed("it recursed too deep (stack overflow)") from None
        except self._quickjs.JSException as exc:
            self._context.gc()
            raise ScriptFailed(_explain(str(exc), self.limits)) from None
        except (TypeError, ValueError, OverflowError, MemoryError) as exc:  # a value quickjs cannot convert
            raise ScriptFailed(f"it returned something sitegen cannot read ({exc})") from None


_SANDBOXED = ("require", "fetch", "process", "XMLHttpRequest", "setTimeout", "setInterval", "window",
              "document", "localStorage", "navigator", "WebSocket")


def _explain(message: str, limits: Limits) -> str:
    first = message.strip().splitlines()[0] if message.strip() else "an error"
    if first.startswith("Unavailable: "):  # an import that did not load (see scripted._unavailable)
        return first.removeprefix("Unavailable: ")
    if first == "InternalError: interrupted":
        return f"it ran longer than {limits.cpu_seconds:g} s of CPU (the limit for one evaluation)"
    if first == "InternalError: out of memory":
        return f"it needed more than {limits.memory_mb} MB of memory (the engine's limit)"
    for name in _SANDBOXED:
        if first == f"ReferenceError: '{name}' is not defined":
            return f"{first} (components run without files, network, processes, timers or a browser)"
    return f"it threw {first}"


_ENGINE: Engine | None = None


def engine() -> Engine:
    """This process's engine, made on first use."""
    global _ENGINE
    if _ENGINE is None:
        _ENGINE = Engine(limits())
    return _ENGINE


def engine_started() -> bool:
    return _ENGINE is not None


MAX_MODULES = 256  # modules an engine keeps before it is made anew (its memory limit is for all of them)


def between_pages() -> None:
    """Called before a page renders: an engine holding many pages' modules starts afresh, so
    a long build's worker never reaches the memory limit with modules no page needs."""
    global _ENGINE
    if _ENGINE is not None and len(_ENGINE.modules) > MAX_MODULES:
        _ENGINE = None
