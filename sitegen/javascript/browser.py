"""Authors' components in the reader's browser: React and ReactDOM, and the files that
define the components there.

React 18's UMD builds (globals `React`, `ReactDOM`) come from the `dash` package
(`pip install 'sitegen[react]'`), found by its spec, never imported (dash imports Flask);
nothing is downloaded. A module file is the same module code the engine runs (`transform.py`,
bound by `markdown/mdx/scripted.py`), given the browser's React instead of the engine's shim;
the theme's `features/islands.js` defines it and mounts the components.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
from pathlib import Path

__all__ = ["INSTALL_HINT", "MODULE_DIR", "REACT_FILES", "module_file", "react_files"]

REACT_PACKAGE = "dash"
# Output path under the site's _sitegen/ folder -> file in the package's deps/ folder.
REACT_FILES = {"vendor/react.min.js": "react@18.3.1.min.js", "vendor/react-dom.min.js": "react-dom@18.3.1.min.js"}
INSTALL_HINT = "pip install 'sitegen[react]' makes it interactive"
MODULE_DIR = "islands"  # under _sitegen/: one file per module, named by its content's hash
# What Mintlify gives every component without an import (the engine's prelude does the same).
_INJECTED = ("useState", "useEffect", "useRef", "useCallback", "useMemo", "useContext", "useReducer",
             "useLayoutEffect", "useId", "Fragment")


def react_files() -> dict[str, Path] | None:
    """The React files to copy (output path under _sitegen/ -> file), or None when the
    package that ships them is not installed."""
    try:
        spec = importlib.util.find_spec(REACT_PACKAGE)
    except (ImportError, ValueError):
        return None
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    for location in locations:
        files = {name: Path(location) / "deps" / found for name, found in REACT_FILES.items()}
        if all(path.is_file() for path in files.values()):
            return files
    return None


def module_file(key: str, module: str) -> tuple[str, str]:
    """(file name, text) of one module for the browser: `module` is its code as the engine
    evaluates it (`(function () {…})()`, reading its imports from `__modules`)."""
    hooks = ", ".join(f"{name} = React.{name}" for name in _INJECTED)
    text = (f"sitegenIslands.define({json.dumps(key)}, function (s) {{\n"
            "var React = s.React, __react = s.React, __h = s.h, __type = s.type, __modules = s.modules,\n"
            "  __unavailable = s.unavailable;\n"
            f"var {hooks};\n"
            f"return {module};\n}});\n")
    return hashlib.sha256(text.encode()).hexdigest()[:16] + ".js", text
