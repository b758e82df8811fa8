"""What the MDX parser hands to the component renderer.

The parser (`sitegen.markdown.mdx`) turns every JSX element of a page into an `MdxElement`
whose props are already evaluated to Python values and whose children are already rendered
to HTML. The renderer (`sitegen.markdown.components.ComponentRenderer`) turns one element
into HTML through a theme template. Neither side knows how the other works.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:
    from sitegen.i18n import UiStrings


@dataclass(frozen=True)
class CodeInfo:
    """A fenced code block that is a direct child of an element (CodeGroup, RequestExample…)."""

    language: str  # "python", "" when the fence names none
    title: str | None  # the file name / title from the fence meta
    code: str  # the code as written, without the fences
    icon: str | None = None  # the fence's `icon=` (its tab shows it in a CodeGroup)


@dataclass
class MdxChild:
    """One direct child of an element, in source order. Whitespace-only text is dropped."""

    html: str  # this child rendered on its own
    element: MdxElement | None = None  # set when the child is a JSX element
    code: CodeInfo | None = None  # set when the child is a fenced code block


@dataclass
class MdxElement:
    name: str  # "Card", "Tree.Folder", "img"; "" for a fragment <>…</>
    props: dict[str, Any]  # evaluated: str, int/float, bool (True for a bare attribute), None, list, dict
    source: str  # display path of the file the tag is written in ("snippets/x.mdx" when inlined)
    line: int  # 1-based line of the opening tag in `source`
    inline: bool  # True for text (inline) JSX, False for flow (block) JSX
    children_html: str = ""  # all children rendered, in order
    children: list[MdxChild] = field(default_factory=list)
    anchor: str = ""  # the id the component renderer gave it (an <Update>'s: its feed items link there)


class ComponentFailed(Exception):
    """A component's theme template failed (a project's override with a mistake): the page
    cannot be rendered; the message says which template, where and why."""


class ComponentContext(Protocol):
    """What a component may ask of the page being rendered."""

    @property
    def icon_library(self) -> Literal["fontawesome", "lucide", "tabler"]:
        """Where icon names are looked up (docs.json `icons.library`)."""
        ...

    @property
    def ui(self) -> UiStrings:
        """The theme's words in the page's language ("required", "Show child attributes"…)."""
        ...

    def link(self, element: MdxElement, target: str, *, image: bool = False) -> str:
        """The page-relative URL for an author's href/src (`/quickstart`, `images/a.png`).

        Local files are registered to be copied. A broken target is a warning naming
        `element.source:element.line` and the URL is returned as written.
        """
        ...

    def warn(self, element: MdxElement, message: str) -> None:
        """Record a build warning: `f"{element.source}:{element.line}: {message}"`."""
        ...

    def unique_id(self, text: str) -> str:
        """Mintlify's heading id for `text`, numbered on this page (`-2`, `-3`) like headings."""
        ...

    def exact_id(self, wanted: str) -> str:
        """`wanted` as the id of an element (a field, an accordion), `wanted-2`… if taken."""
        ...

    @property
    def field_path(self) -> tuple[str, ...]:
        """Names of the ParamField/ResponseFields the element sits in, outermost first."""
        ...

    def add_toc(self, level: int, id: str, text: str) -> None:
        """Add an entry to the page's "On this page" list, in document order."""
        ...

    def require(self, feature: str) -> None:
        """Ask for a page-level asset: "mermaid" loads the diagram script on this page only."""
        ...
