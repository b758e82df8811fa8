/* Authors' React components that use hooks, running in the reader's browser as on Mintlify.
   The build wrote each one's first frame inside an element with data-island (its module, the
   component's name, its props as JSON, its children as HTML). React 18 and ReactDOM (copied
   from the dash package; loaded only on pages with such a component) load first, then this,
   then each module's file (_sitegen/islands/…), which calls sitegenIslands.define. Once all
   are loaded each component replaces its first frame; one that throws keeps it. */
(function () {
  "use strict";
  if (!window.React || !window.ReactDOM) return;
  var modules = Object.create(null);
  /* Every name the page's modules define: a snippet's component may use one the page imported
     (Mintlify compiles a page and its snippets into one module). */
  var names = Object.create(null);

  /* A component sitegen draws at build time (Card, Tabs…) does not exist here: its children. */
  function BuildOnly(props) { return React.createElement(React.Fragment, null, props.children); }
  function type(value, name) {
    if (value !== undefined) return value;
    var parts = name.split("."), found = names[parts[0]];
    for (var i = 1; i < parts.length && found != null; i++) found = found[parts[i]];
    return found != null ? found : BuildOnly;
  }
  /* JSX as the build's transform writes it: __h(type, props, ...children), "" a fragment. */
  function h(kind) {
    var args = Array.prototype.slice.call(arguments);
    if (kind === "") args[0] = React.Fragment;
    return React.createElement.apply(React, args);
  }
  /* An import whose module did not load at build time (its warning named it): nothing. */
  function unavailable() { return {}; }
  window.sitegenIslands = {
    define: function (key, factory) {
      if (key in modules) return;
      var exported = modules[key] = factory({React: React, h: h, type: type, modules: modules,
                                             unavailable: unavailable});
      for (var name in exported) if (!(name in names)) names[name] = exported[name];
    }
  };

  function html(tag, text) {
    return React.createElement(tag, {className: "sitegen-island", dangerouslySetInnerHTML: {__html: text}});
  }
  /* Keeps the first frame when the component throws (React logs the error). */
  function Boundary(props) {
    React.Component.call(this, props);
    this.state = {failed: false};
  }
  Boundary.prototype = Object.create(React.Component.prototype);
  Boundary.getDerivedStateFromError = function () { return {failed: true}; };
  Boundary.prototype.render = function () {
    return this.state.failed ? html(this.props.tag, this.props.frame) : this.props.children;
  };

  function mount(element) {
    var island = JSON.parse(element.getAttribute("data-island"));
    var component = type(undefined, island.component);
    var exported = modules[island.module];
    if (exported) {
      var parts = island.component.split("."), found = exported[parts[0]];
      for (var i = 1; i < parts.length && found != null; i++) found = found[parts[i]];
      if (found != null) component = found;
    }
    if (component === BuildOnly) return; /* its module did not load: the first frame stays */
    var tag = element.tagName.toLowerCase();
    var props = island.props || {};
    if (typeof island.children === "string") {
      /* Text as a string (what React gives a component for text); HTML in an element. */
      props.children = /[<&]/.test(island.children) ? html(tag, island.children) : island.children;
    }
    ReactDOM.createRoot(element).render(React.createElement(Boundary, {tag: tag, frame: element.innerHTML},
                                                           React.createElement(component, props)));
  }
  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-island]"), mount);
  }
  /* Deferred like the modules' files after it: DOMContentLoaded comes once they all ran. */
  if (document.readyState === "complete") start();
  else document.addEventListener("DOMContentLoaded", start);
})();
