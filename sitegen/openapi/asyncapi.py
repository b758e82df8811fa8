"""AsyncAPI 2.x/3.x documents as read-only channel pages: per channel its address, the
operations on it (send/receive), its messages and their payload schemas.

The page is Markdown made here (so it goes through the same steps as any page: headings,
table of contents, search); payloads are read with the OpenAPI `SchemaBuilder` and shown as
nested lists with the same type labels as API pages. There is no playground.
AsyncAPI 2's `publish` is what the application receives and `subscribe` what it sends (the
naming AsyncAPI 3 made explicit), so both versions show as send/receive.
"""

from __future__ import annotations

import json
import os
import re
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sitegen.confine import OUTSIDE, inside_project
from sitegen.errors import OpenAPIError
from sitegen.openapi.documents import DocumentStore
from sitegen.openapi.schema import Schema, SchemaBuilder, ordered_properties, type_label

_V2_ACTIONS = {"publish": "receive", "subscribe": "send"}
MAX_NESTING = 6  # payload levels shown; deeper ones are named, not expanded


@dataclass(frozen=True)
class Message:
    key: str  # how operations name it: its key in the channel (3.x), else its name
    name: str
    title: str | None
    summary: str | None
    description: str | None
    content_type: str | None
    payload: Schema | None
    payload_format: str | None  # a schemaFormat other than JSON Schema: named, not shown


@dataclass(frozen=True)
class ChannelOperation:
    action: str  # send or receive
    name: str | None
    summary: str | None
    description: str | None
    messages: tuple[str, ...]  # message keys


@dataclass(frozen=True)
class Channel:
    key: str
    address: str | None
    title: str | None
    summary: str | None
    description: str | None
    parameters: tuple[tuple[str, str | None], ...]
    operations: tuple[ChannelOperation, ...]
    messages: tuple[Message, ...]

    @property
    def display_title(self) -> str:
        return self.title or self.key


@dataclass(frozen=True)
class AsyncSpec:
    source: str
    title: str | None
    channels: tuple[Channel, ...]


def load_asyncapi(store: DocumentStore, source: str) -> AsyncSpec:
    """The channels of the AsyncAPI document `source` (OpenAPIError naming the file)."""
    uri = store.source_uri(source)
    if uri.startswith("file:"):  # said here in AsyncAPI's words; the store would say "OpenAPI"
        path = Path(urllib.request.url2pathname(urllib.parse.urlparse(uri).path))
        if inside_project(store.project_dir, path) is None:
            raise OpenAPIError(f"'{source}' is {OUTSIDE}; not read")
        if not os.path.isfile(path):
            raise OpenAPIError(f"{source}: AsyncAPI file not found")
    doc = store.load(uri, name=source)
    data = doc.data
    if not isinstance(data, dict):
        raise OpenAPIError(f"{source}: not an AsyncAPI document (expected a mapping at the top)")
    version = str(data.get("asyncapi", ""))
    if not version.startswith(("2.", "3.")):
        found = f"'asyncapi: {version}'" if version else "no 'asyncapi' version"
        raise OpenAPIError(f"{source}: only AsyncAPI 2.x and 3.x are read, found {found}")
    reader = _Reader(store, doc.uri, source)
    channels = reader.channels_v3(data) if version.startswith("3.") else reader.channels_v2(data)
    return AsyncSpec(source, _text(_mapping(data.get("info")).get("title")), tuple(channels))


def frontmatter_channel(store: DocumentStore, written: str, configured: tuple[str, ...],
                        where: str) -> Channel:
    """The channel a page's front matter names: `asyncapi: "/path/to/spec.yaml channelName"`,
    or `asyncapi: channelName` looked up in `configured` (docs.json's `api.asyncapi`, else the
    navigation's `asyncapi` documents), first document first. OpenAPIError says why not."""
    tokens = written.split()
    if len(tokens) not in (1, 2):
        raise OpenAPIError(f"{where}: asyncapi: {written!r} is not 'CHANNEL' or 'FILE CHANNEL'")
    name = tokens[-1]
    sources = tokens[:1] if len(tokens) == 2 else list(configured)
    if not sources:
        raise OpenAPIError(f"{where}: asyncapi: no AsyncAPI document to find '{name}' in (write 'FILE {name}', "
                           "or name the file in docs.json's api.asyncapi)")
    specs: list[AsyncSpec] = []
    for source in sources:
        try:
            specs.append(load_asyncapi(store, source))
        except OpenAPIError as exc:
            raise OpenAPIError([f"{where}: asyncapi: {message}" for message in exc.messages[:3]]) from None
    for spec in specs:
        channel = next((channel for channel in spec.channels if channel.key == name), None)
        if channel is not None:
            return channel
    known = sorted(channel.key for spec in specs for channel in spec.channels)
    shown = f" (channels: {', '.join(known[:10])})" if known else ""
    raise OpenAPIError(f"{where}: asyncapi: no channel '{name}' in {', '.join(spec.source for spec in specs)}{shown}")


class _Reader:
    def __init__(self, store: DocumentStore, uri: str, source: str) -> None:
        self.store = store
        self.uri = uri
        self.source = source
        self.schemas = SchemaBuilder(store)

    def deref(self, node: Any) -> tuple[Any, str]:
        """`node` with `$ref` chains followed, and the document it ended in."""
        base, seen = self.uri, set()
        while isinstance(node, dict) and isinstance(node.get("$ref"), str):
            node, key = self.store.resolve(node["$ref"], base, where=self.source)
            if key in seen:
                raise OpenAPIError(f"{self.source}: $ref cycle at {key}")
            seen.add(key)
            base = key.split("#", 1)[0]
        return node, base

    def message(self, raw: Any, fallback: str, key: str | None = None) -> Message:
        node, base = self.deref(raw)
        name = raw["$ref"].rsplit("/", 1)[-1] if isinstance(raw, dict) and isinstance(raw.get("$ref"), str) else None
        node = node if isinstance(node, dict) else {}
        schema_format = _text(node.get("schemaFormat"))
        payload: Schema | None = None
        if "payload" in node and (schema_format is None or _is_json_schema(schema_format)):
            payload = self.schemas.build(node["payload"], base)
        name = _text(node.get("name")) or name or fallback
        return Message(
            key=key or name, name=name, title=_text(node.get("title")),
            summary=_text(node.get("summary")), description=_text(node.get("description")),
            content_type=_text(node.get("contentType")), payload=payload,
            payload_format=None if schema_format is None or _is_json_schema(schema_format) else schema_format,
        )

    def messages_of(self, raw: Any, fallback: str) -> list[Message]:
        node, _ = self.deref(raw)
        if isinstance(node, dict) and isinstance(node.get("oneOf"), list):  # AsyncAPI 2: a choice of messages
            return [self.message(item, f"{fallback} {index + 1}") for index, item in enumerate(node["oneOf"])]
        return [self.message(raw, fallback)] if node else []

    def channels_v2(self, data: dict[str, Any]) -> list[Channel]:
        channels = []
        for key, raw in _mapping(data.get("channels")).items():
            node, _ = self.deref(raw)
            node = node if isinstance(node, dict) else {}
            operations: list[ChannelOperation] = []
            messages: list[Message] = []
            for verb, action in _V2_ACTIONS.items():
                operation = node.get(verb)
                if not isinstance(operation, dict):
                    continue
                found = self.messages_of(operation.get("message"), f"{action} message") if "message" in operation \
                    else []
                messages += [m for m in found if m.key not in {known.key for known in messages}]
                operations.append(ChannelOperation(action, _text(operation.get("operationId")),
                                                   _text(operation.get("summary")), _text(operation.get("description")),
                                                   tuple(m.key for m in found)))
            channels.append(Channel(str(key), str(key), None, None, _text(node.get("description")),
                                    self.parameters(node), tuple(operations), tuple(messages)))
        return channels

    def channels_v3(self, data: dict[str, Any]) -> list[Channel]:
        found: dict[str, tuple[dict[str, Any], list[Message]]] = {}
        for key, raw in _mapping(data.get("channels")).items():
            node, _ = self.deref(raw)
            node = node if isinstance(node, dict) else {}
            messages = [self.message(message, str(name), str(name))
                        for name, message in _mapping(node.get("messages")).items()]
            found[str(key)] = (node, messages)
        operations: dict[str, list[ChannelOperation]] = {key: [] for key in found}
        for name, raw in _mapping(data.get("operations")).items():
            node, _ = self.deref(raw)
            if not isinstance(node, dict):
                continue
            channel_ref = node.get("channel", {}).get("$ref") if isinstance(node.get("channel"), dict) else None
            channel = channel_ref.rsplit("/", 1)[-1].replace("~1", "/").replace("~0", "~") if channel_ref else None
            if channel not in operations or node.get("action") not in ("send", "receive"):
                continue
            names = tuple(ref.rsplit("/", 1)[-1] for item in node.get("messages", []) or []
                          if isinstance(item, dict) and isinstance(ref := item.get("$ref"), str))
            operations[channel].append(ChannelOperation(node["action"], str(name), _text(node.get("summary")),
                                                        _text(node.get("description")), names))
        return [Channel(key, _text(node.get("address")), _text(node.get("title")), _text(node.get("summary")),
                        _text(node.get("description")), self.parameters(node), tuple(operations[key]),
                        tuple(messages))
                for key, (node, messages) in found.items()]

    def parameters(self, channel: dict[str, Any]) -> tuple[tuple[str, str | None], ...]:
        out = []
        for name, raw in _mapping(channel.get("parameters")).items():
            node, _ = self.deref(raw)
            out.append((str(name), _text(node.get("description")) if isinstance(node, dict) else None))
        return tuple(out)


def _mapping(value: Any) -> dict[Any, Any]:
    return value if isinstance(value, dict) else {}


def _text(value: Any) -> str | None:
    return value.strip() or None if isinstance(value, str) else None


def _is_json_schema(schema_format: str) -> bool:
    return schema_format.startswith(("application/vnd.aai.asyncapi", "application/schema+json"))


# --- the page ---------------------------------------------------------------------------


def channel_markdown(channel: Channel) -> str:
    """The page body of `channel` (its summary is the page's description): plain Markdown,
    the page is not MDX."""
    lines: list[str] = []
    titles = {message.key: message.title or message.name for message in channel.messages}
    if channel.address:
        lines += [f"Address: {_code(channel.address)}", ""]
    if channel.description:
        lines += [channel.description, ""]
    if channel.parameters:
        lines += ["## Parameters", ""]
        lines += [f"- {_code(name)}" + (f": {description}" if description else "") for name, description
                  in channel.parameters]
        lines.append("")
    if channel.operations:
        lines += ["## Operations", ""]
        for operation in channel.operations:
            lines += _operation_lines(operation, titles)
        lines.append("")
    if channel.messages:
        lines += ["## Messages", ""]
        for message in channel.messages:
            lines += _message_lines(message)
    return "\n".join(lines).rstrip() + "\n"


def _operation_lines(operation: ChannelOperation, titles: dict[str, str]) -> list[str]:
    """One list item: action, name, summary and the titles of its messages; the
    description indented below."""
    head = f"- **{operation.action.capitalize()}**"
    if operation.name:
        head += f" {_code(operation.name)}"
    if operation.summary:
        head += f": {_one_line(operation.summary)}"
    if operation.messages:
        head += f" (messages: {', '.join(titles.get(key, key) for key in operation.messages)})"
    if operation.description:
        return [head, "", f"  {_one_line(operation.description)}"]
    return [head]


def _message_lines(message: Message) -> list[str]:
    """A section: the message's texts, content type and payload properties."""
    lines = [f"### {message.title or message.name}", ""]
    if message.summary:
        lines += [message.summary, ""]
    if message.description:
        lines += [message.description, ""]
    if message.content_type:
        lines += [f"Content type: {_code(message.content_type)}", ""]
    if message.payload_format:
        lines += [f"Payload in {_code(message.payload_format)} format (not shown).", ""]
    elif message.payload is not None:
        lines += [f"**Payload** {_code(type_label(message.payload))}", ""]
        lines += _schema_lines(message.payload, 0)
        lines.append("")
    return lines


def _schema_lines(schema: Schema, depth: int) -> list[str]:
    target = schema.items if schema.is_array and schema.items is not None else schema
    if depth >= MAX_NESTING or target.recursive:
        return []
    lines = []
    indent = "  " * depth
    for prop in ordered_properties(target, maintain_order=True):
        line = f"{indent}- {_code(prop.name)} {_code(type_label(prop.schema))}"
        if prop.required:
            line += " required"
        if prop.schema.description:
            line += f": {_one_line(prop.schema.description)}"
        if prop.schema.enum:
            line += f" (one of {', '.join(_code(json.dumps(v)) for v in prop.schema.enum)})"
        lines.append(line)
        lines += _schema_lines(prop.schema, depth + 1)
    return lines


def _code(text: str) -> str:
    """An inline code span holding `text` as it is, whatever backticks it contains."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _one_line(text: str) -> str:
    return " ".join(text.split())
