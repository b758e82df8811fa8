"""The line of every value in a JSON text, by JSON path (`navigation[1].pages[2]` -> 14), so
that a problem found in docs.json can be reported as `docs.json:14: navigation[1].pages[2]: …`.

JSON is a subset of YAML's flow style, so PyYAML's composer (already a dependency, for OpenAPI
files) gives each node's position; the standard json module keeps none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import yaml


def json_lines(text: str) -> dict[str, int]:
    """JSON path -> 1-based line where its value starts; {} when the text cannot be read that way
    (the caller then reports the JSON path alone)."""
    import yaml  # here: only a message about docs.json needs its lines

    try:
        # YAML refuses tabs where JSON allows them; a tab and a space take the same line.
        # libyaml's composer gives the same marks as PyYAML's, an order of magnitude sooner.
        root = yaml.compose(text.replace("\t", " "), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError:
        return {}
    lines: dict[str, int] = {}
    if root is not None:
        _walk(root, "", lines)
    return lines


def _walk(node: yaml.Node, path: str, lines: dict[str, int]) -> None:
    import yaml

    # Nesting is bounded before docs.json is parsed (config.json_nesting), so recursion is too.
    if path:
        lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            name = str(key.value)
            _walk(value, f"{path}.{name}" if path else name, lines)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _walk(item, f"{path}[{index}]", lines)
