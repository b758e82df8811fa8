"""Icons as a reader sees them: Font Awesome's aliases, the free style closest to the one
asked for, a Pro-only name's free counterpart or a placeholder (never a hole), image icons
in front matter, and the warning that says what was drawn instead."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import fontawesomefree
import pytest

from sitegen.icons import find_icon, icon_problem
from sitegen.pipeline import build_site
from sitegen.pipeline.output import write_site

SVGS = Path(fontawesomefree.__file__).resolve().parent / "static" / "fontawesomefree" / "svgs"
CONFIG: dict[str, Any] = {"theme": "mint", "name": "Kiln", "colors": {"primary": "#0D9373"},
                          "navigation": {"groups": [{"group": "Start", "pages": ["glazes", "firing/cones"]}]}}


def package_svg(style: str, name: str) -> str:
    """The icon as sitegen should inline it, made here from the package's own file: its
    viewBox and paths inside a wrapper that scales with the text and takes its colour."""
    text = (SVGS / style / f"{name}.svg").read_text(encoding="utf-8")
    view_box = re.search(r'viewBox="([^"]+)"', text)
    paths = re.findall(r"<path [^>]*/>", text)
    assert view_box is not None and paths
    return (f'<svg class="icon" viewBox="{view_box.group(1)}" width="1em" height="1em" fill="currentColor" '
            f'aria-hidden="true" focusable="false">{"".join(paths)}</svg>')


def build(make_project: Callable[..., Path], glazes_front: str, body: str = "Glazes.\n",
          extra: dict[str, str | bytes] | None = None) -> tuple[Path, list[str]]:
    pages: dict[str, str | bytes] = {
        "glazes.mdx": f"---\ntitle: Glazes\n{glazes_front}---\n{body}",
        "firing/cones.mdx": "---\ntitle: Cones\n---\nCone 6.\n",
        **(extra or {}),
    }
    project = make_project(CONFIG, pages)
    result = build_site(project)
    write_site(result, project / "site")
    return project / "site", list(result.warnings)


def page(site: Path, name: str) -> str:
    return (site / name / "index.html").read_text(encoding="utf-8")


def sidebar_icon(html: str, title: str) -> str:
    """The icon markup before a sidebar link's title."""
    match = re.search(r'<span class="nav-icon">(.*?)</span>\s*(?:<span[^>]*>)?' + re.escape(title), html, re.S)
    assert match is not None, f"no icon before {title!r}"
    return match.group(1)


def test_an_alias_draws_the_icon_it_names_without_a_warning(make_project: Callable[..., Path]) -> None:
    site, warnings = build(make_project, "icon: home\n",
                           '<Card title="Kiln log" icon="external-link" href="/firing/cones">Log.</Card>\n')
    assert warnings == []
    text = page(site, "glazes")
    assert sidebar_icon(text, "Glazes") == package_svg("solid", "house")
    assert f'<span class="card-icon" aria-hidden="true">{package_svg("solid", "arrow-up-right-from-square")}</span>' \
        in text


def test_font_awesome_class_words_and_a_v4_name_are_read_as_font_awesome_does() -> None:
    assert find_icon("fa-solid fa-house").svg == find_icon("house").svg
    assert find_icon("fab fa-github", "solid").svg == package_svg("brands", "github")
    assert find_icon("fa-regular fa-bell").svg == package_svg("regular", "bell")
    assert (find_icon("check-circle").name, find_icon("external-link").name) == (
        "circle-check", "arrow-up-right-from-square")
    # A version 4 outline (`-o`) is Font Awesome's regular icon.
    assert find_icon("envelope-o").svg == package_svg("regular", "envelope")
    for written in ("fa-solid fa-house", "fab fa-github", "envelope-o"):
        assert icon_problem(written, "solid", find_icon(written)) is None


def test_a_style_without_that_free_icon_draws_the_free_one(make_project: Callable[..., Path]) -> None:
    # Every free icon has a solid form; Pro styles (regular for most icons, light, duotone…)
    # are drawn in it silently, as the same picture a reader of the Mintlify site sees.
    assert not (SVGS / "regular" / "rocket.svg").exists()
    site, warnings = build(make_project, "icon: rocket\niconType: regular\n",
                           '<Card title="Glaze" icon="bell" iconType="regular">Ding.</Card>\n'
                           '<Card title="Docs" icon="github" iconType="duotone">Code.</Card>\n'
                           '<Card title="Fire" icon="fire" iconType="light">Hot.</Card>\n')
    assert warnings == []
    text = page(site, "glazes")
    assert sidebar_icon(text, "Glazes") == package_svg("solid", "rocket")
    assert package_svg("regular", "bell") in text  # the style asked for, where it is free
    assert package_svg("brands", "github") in text  # a brand logo whatever the style
    assert package_svg("solid", "fire") in text


def test_a_pro_only_icon_is_drawn_as_its_free_counterpart(make_project: Callable[..., Path]) -> None:
    site, warnings = build(make_project, "icon: shield-check\n",
                           '<Card title="Safety" icon="phone-arrow-up-right">Call.</Card>\n'
                           '<Card title="New" icon="sparkles">Shiny.</Card>\n'
                           '<Card title="Mixed" icon="chart-mixed">Chart.</Card>\n')
    assert warnings == [
        "content/glazes.mdx:3: front matter: icon: 'shield-check' is not a free Font Awesome icon; using 'shield'",
        "content/glazes.mdx:5: <Card> 'phone-arrow-up-right' is not a free Font Awesome icon; using 'phone'",
        "content/glazes.mdx:6: <Card> 'sparkles' is not a free Font Awesome icon; using the Lucide icon 'sparkles'",
        "content/glazes.mdx:7: <Card> 'chart-mixed' is not a free Font Awesome icon; using 'chart-bar'",
    ]
    text = page(site, "glazes")
    assert sidebar_icon(text, "Glazes") == package_svg("solid", "shield")
    assert package_svg("solid", "phone") in text and package_svg("solid", "chart-bar") in text
    assert re.search(r'<span class="card-icon" aria-hidden="true"><svg class="icon icon-lucide" viewBox="0 0 24 24" '
                     r'width="1em" height="1em" fill="none" stroke="currentColor"[^>]*><path ', text)


def test_a_name_with_no_free_counterpart_is_the_placeholder(make_project: Callable[..., Path]) -> None:
    site, warnings = build(make_project, "icon: kiln-shelf-wash\n")
    assert warnings == ["content/glazes.mdx:3: front matter: icon: unknown Font Awesome icon 'kiln-shelf-wash' "
                        "(or Pro-only, with no free counterpart); using the placeholder 'circle'"]
    assert sidebar_icon(page(site, "glazes"), "Glazes") == package_svg("regular", "circle")


def test_upper_case_and_emoji_icons() -> None:
    found = find_icon("Rocket")
    assert found.svg == package_svg("solid", "rocket")
    assert icon_problem("Rocket", "solid", found) == "'Rocket': Font Awesome names are lower case; using 'rocket'"
    emoji = find_icon("🔥")
    assert str(emoji.svg) == '<span class="icon icon-emoji" aria-hidden="true">🔥</span>'
    assert icon_problem("🔥", "solid", emoji) is None


@pytest.mark.parametrize("front", ["icon: /images/kiln.svg\n", "icon: images/kiln.svg\n"])
def test_a_front_matter_image_icon_is_the_project_file(make_project: Callable[..., Path], front: str) -> None:
    svg = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>'
    site, warnings = build(make_project, front, extra={"images/kiln.svg": svg})
    assert warnings == []
    assert sidebar_icon(page(site, "glazes"), "Glazes") == '<img class="icon" src="../images/kiln.svg" alt="">'
    assert sidebar_icon(page(site, "firing/cones"), "Glazes") == '<img class="icon" src="../../images/kiln.svg" alt="">'
    assert (site / "images" / "kiln.svg").read_bytes() == svg


def test_a_url_icon_and_a_missing_or_outside_image_icon(make_project: Callable[..., Path]) -> None:
    site, warnings = build(make_project, "icon: https://cdn.example/kiln.png\n")
    assert warnings == []
    assert sidebar_icon(page(site, "glazes"), "Glazes") == '<img class="icon" src="https://cdn.example/kiln.png" alt="">'
    site, warnings = build(make_project, "icon: /images/missing.svg\n")
    assert warnings == ["content/glazes.mdx:3: front matter: icon: icon '/images/missing.svg' is not a file of the "
                        "project; no icon is shown"]
    assert '<span class="nav-icon">' not in page(site, "glazes")
    _, warnings = build(make_project, "icon: ../../secret.svg\n", extra={"/../secret.svg": b"<svg/>"})
    assert warnings == ["content/glazes.mdx:3: front matter: icon: icon '../../secret.svg' is outside the project; "
                        "not read, no icon is shown"]


def test_the_tabler_library_draws_tabler_icons_and_falls_back_to_font_awesome(
        make_project: Callable[..., Path]) -> None:
    project = make_project({**CONFIG, "icons": {"library": "tabler"}}, {
        "glazes.mdx": "---\ntitle: Glazes\nicon: flame\n---\n<Card title=\"Code\" icon=\"github\">Repo.</Card>\n",
        "firing/cones.mdx": "---\ntitle: Cones\n---\nCone 6.\n",
    })
    result = build_site(project)
    write_site(result, project / "site")
    assert list(result.warnings) == ["content/glazes.mdx:5: <Card> unknown Tabler icon 'github'; "
                                     "using the Font Awesome icon 'github'"]
    text = page(project / "site", "glazes")
    assert re.fullmatch(r'<svg class="icon icon-tabler" viewBox="0 0 24 24" width="1em" height="1em" fill="none" '
                        r'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" '
                        r'aria-hidden="true" focusable="false">(<path [^>]*/>)+</svg>', sidebar_icon(text, "Glazes"))
    assert package_svg("brands", "github") in text


@pytest.mark.parametrize(("pro", "free"), [
    ("shield-check", "shield"),  # the object its first word names…
    ("phone-arrow-up-right", "phone"),
    ("book-open-cover", "book-open"),
    ("rectangle-terminal", "terminal"),  # …past a frame word
    ("ban-bug", "bug"),
    ("messages", "message"),  # a plural as its singular
    ("arrows-repeat", "repeat"),  # `arrows` is only an old alias: the other words first
    ("arrows-exchange", "arrow-right-arrow-left"),  # a run that is an alias (`exchange`)
    ("wave-pulse", "wave-square"),  # the plainest icon of its family
])
def test_a_pro_only_name_s_free_counterpart(pro: str, free: str) -> None:
    found = find_icon(pro)
    assert (found.kind, found.name, found.svg) == ("relative", free, find_icon(free).svg)
