"""The wording and leniency both schemas share: a union picked by a value's JSON type
(`either`), Pydantic errors as `path: value is not …` lines (`describe`), unknown keys
(`unknown_keys`), control characters taken out with a warning each
(`strip_control_characters`), values found by JSON path (`walk_path`) and quoted (`quoted`)."""

from __future__ import annotations

import json
from typing import Annotated, Any

from pydantic import BaseModel, Discriminator, Tag

from sitegen.errors import shortened
from sitegen.untrusted import first_control_character, without_control_characters


def either(first: tuple[str, Any], second: tuple[str, Any], expected: str) -> Any:
    """A union whose branch is picked by the JSON type, so errors come from one branch only.

    Tags start with "~" so that error paths can drop them (see `_json_path`).
    mypy cannot use a call's result as a type, so the fields it annotates carry
    `# type: ignore[valid-type]`; pydantic reads the real union at run time.
    """
    (first_tag, first_type), (second_tag, second_type) = first, second
    kinds = {"string": str, "array": list, "object": dict, "boolean": bool}

    def pick(value: Any) -> str | None:
        if isinstance(value, BaseModel):  # already-built models (tests, defaults)
            return "~" + second_tag
        for tag in (first_tag, second_tag):
            if isinstance(value, kinds[tag]):
                return "~" + tag
        return None

    return Annotated[
        Annotated[first_type, Tag("~" + first_tag)] | Annotated[second_type, Tag("~" + second_tag)],
        Discriminator(pick, custom_error_type="wrong_kind", custom_error_message=f"is not {expected}"),
    ]


def strip_control_characters(node: Any, here: str, found: list[str]) -> Any:
    """`node` with control characters such as NUL (JSON allows them escaped, as \\u0000)
    taken out of every string and key, one warning each: they would break the HTML, and a
    browser ignores them inside URLs (`java\\u0001script:` is still a script URL, which the
    URL check then sees). Nesting is bounded (checked before parsing), so this recursion is too."""
    if isinstance(node, str):
        control = first_control_character(node)
        if control is None:
            return node
        found.append(f"{here or '(top level)'}: contains the control character {control}; removed")
        return without_control_characters(node)
    if isinstance(node, list):
        return [strip_control_characters(item, f"{here}[{index}]", found) for index, item in enumerate(node)]
    if isinstance(node, dict):
        cleaned: dict[str, Any] = {}
        for key, value in node.items():
            control = first_control_character(key)
            if control is not None:
                found.append(f"{f'{here}.{key!r}' if here else repr(key)}: key contains the control character "
                             f"{control}; removed")
                key = without_control_characters(key)
            cleaned[key] = strip_control_characters(value, f"{here}.{key}" if here else key, found)
        return cleaned
    return node


# (JSON path, the values allowed, what replaces another value (None: it is dropped), what
# the warning says was done instead)
EnumRule = tuple[tuple[str | int, ...], tuple[str, ...], str | None, str]


def replace_enums(raw: dict[str, Any], rules: tuple[EnumRule, ...], warnings: list[str]) -> None:
    """Values Mintlify builds through that are not one of a key's allowed words: replaced by
    the rule's fallback (or dropped), one warning each, in `raw` itself."""
    for path, allowed, fallback, effect in rules:
        for where, parent, key in walk_path(raw, path, ""):
            value = parent[key]
            if isinstance(value, str) and value not in allowed:
                shown = ", ".join(repr(a) for a in allowed[:-1]) + f" or {allowed[-1]!r}"
                warnings.append(f"{where}: {value!r} is not one of {shown}; {effect}")
                if fallback is None:
                    del parent[key]
                else:
                    parent[key] = fallback


def walk_path(node: Any, path: tuple[str | int, ...], here: str) -> list[tuple[str, dict[str, Any], str]]:
    """(json path, parent, key) of every value at `path` ("*": each item of a list)."""
    if not path:
        return []
    head, rest = path[0], path[1:]
    if head == "*":
        if not isinstance(node, list):
            return []
        return [hit for index, item in enumerate(node) for hit in walk_path(item, rest, f"{here}[{index}]")]
    if not isinstance(node, dict) or head not in node:
        return []
    where = f"{here}.{head}" if here else str(head)
    if not rest:
        return [(where, node, str(head))]
    return walk_path(node[head], rest, where)


# --- error wording -----------------------------------------------------------------

_EXPECTED = {
    "string_type": "a string",
    "bool_type": "a boolean (true or false)",
    "int_type": "an integer",
    "list_type": "an array",
    "dict_type": "an object",
    "model_type": "an object",
    "model_attributes_type": "an object",
}


def describe(err: Any) -> str:
    """One Pydantic error as a message line: `navigation[1].pages[3]: 12 is not a string`."""
    path = _json_path(err["loc"])
    kind = err["type"]
    value = err.get("input")
    if kind == "missing":
        return f"{path}: required key is missing"
    if kind in _EXPECTED:
        return f"{path}: {_show(value)} is not {_EXPECTED[kind]}"
    if kind == "literal_error":
        return f"{path}: {_show(value)} is not one of {err['ctx']['expected']}"
    if kind == "name_required":
        return f"{path}: {err['msg']}"
    if kind in ("hex_color", "wrong_kind"):
        return f"{path}: {_show(value)} {err['msg']}"
    return f"{path}: {_show(value)}: {err['msg']}"


def _json_path(loc: tuple[Any, ...]) -> str:
    """('navigation', 1, 'pages', 3) -> 'navigation[1].pages[3]'; union tags are dropped."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif isinstance(part, str) and (part.startswith("~") or part == "[key]"):
            continue
        else:
            out += ("." if out else "") + part
    return out


def _show(value: Any) -> str:
    # Strings as 'text' (the form the issue tracker and users quote), everything else as JSON.
    if isinstance(value, str):
        return repr(value)
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


def json_kind(value: Any) -> str:
    """What kind of JSON value `value` is, as a message names it ("an array")."""
    return {list: "an array", str: "a string", bool: "a boolean", type(None): "null", dict: "an object"}.get(
        type(value), "a number")


def unknown_keys(model: BaseModel, prefix: str) -> list[str]:
    """The JSON path of every key `model` (and every model inside it) kept without a field."""
    found: list[str] = []
    for key in model.model_extra or {}:
        found.append(f"{prefix}.{key}" if prefix else key)
    for field_name, field in type(model).model_fields.items():
        key = field.alias or field_name
        here = f"{prefix}.{key}" if prefix else key
        found.extend(_unknown_in_value(getattr(model, field_name), here))
    return found


def _unknown_in_value(value: Any, here: str) -> list[str]:
    if isinstance(value, BaseModel):
        return unknown_keys(value, here)
    if isinstance(value, list):
        found: list[str] = []
        for index, item in enumerate(value):
            found.extend(_unknown_in_value(item, f"{here}[{index}]"))
        return found
    return []


def quoted(value: object, limit: int = 40) -> str:
    """A docs.json value as a warning quotes it: its JSON, shortened."""
    return shortened(json.dumps(value), limit)
