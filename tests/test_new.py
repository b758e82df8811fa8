"""`sitegen new DIR`: a starter project that builds with no warning, written only into a new
or empty folder."""

from __future__ import annotations

from pathlib import Path

from conftest import run_sitegen

STARTER_FILES = ["api-reference/get-plant.mdx", "docs.json", "index.mdx", "openapi.yaml", "quickstart.mdx"]


def files_under(folder: Path) -> list[str]:
    return sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file())


def test_new_writes_a_starter_that_builds_strictly_with_its_api_page(tmp_path: Path) -> None:
    project = tmp_path / "nested" / "my-docs"
    created = run_sitegen("new", project)
    assert created.returncode == 0, created.stderr
    assert created.stdout.splitlines() == [
        f"wrote a starter project into {project}: {', '.join(STARTER_FILES)}",
        f"build it with `sitegen build {project}`, or preview it with `sitegen serve {project}`",
    ]
    assert files_under(project) == STARTER_FILES

    out = tmp_path / "out"
    built = run_sitegen("build", project, "--strict", "--out", out)
    assert built.returncode == 0, built.stderr
    assert built.stderr == ""
    assert built.stdout.startswith("Built 3 pages in ")
    assert '<h1 class="page-title" id="page-title">Quickstart</h1>' in (out / "quickstart/index.html").read_text()
    api_page = (out / "api-reference/get-plant/index.html").read_text()
    assert '<span class="method-badge method-get api-method">GET' in api_page
    assert "/plants/{plantId}" in api_page


def test_new_refuses_a_folder_that_holds_anything(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine\n")
    result = run_sitegen("new", folder)
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == (
        f"error: {folder} is not empty; sitegen new writes a project into a new or empty folder\n")
    assert files_under(folder) == ["notes.txt"]
    assert (folder / "notes.txt").read_text() == "mine\n"


def test_new_refuses_a_file(tmp_path: Path) -> None:
    target = tmp_path / "docs.json"
    target.write_text("{}")
    result = run_sitegen("new", target)
    assert result.returncode == 1
    assert result.stderr == (
        f"error: {target} is a file; sitegen new writes a project into a new or empty folder\n")
    assert target.read_text() == "{}"


def test_new_accepts_a_folder_with_only_dot_files(tmp_path: Path) -> None:
    """A freshly cloned or `git init`-ed repository is empty for this purpose."""
    folder = tmp_path / "repo"
    (folder / ".git").mkdir(parents=True)
    (folder / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    result = run_sitegen("new", folder)
    assert result.returncode == 0, result.stderr
    assert files_under(folder) == [".git/HEAD", *STARTER_FILES]
