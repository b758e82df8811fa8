"""`sitegen gh-deploy`: real git repositories in tmp folders, a bare repository as the remote."""

from __future__ import annotations

import argparse
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from sitegen import __version__
from sitegen.commands.gh_deploy import add_arguments, run
from sitegen.deploy import gh_deploy
from sitegen.errors import BuildError
from sitegen.pipeline import build

CONFIG = {"name": "Fern Notes", "navigation": [{"group": "Start", "pages": ["intro", "watering"]}]}
PAGES = {
    "intro.mdx": "---\ntitle: Intro\n---\n\nFerns like shade.\n\n<Note>\n  Mist them in summer.\n</Note>\n",
    "watering.md": "---\ntitle: Watering\n---\n\nKeep the soil moist, never wet.\n",
}


@pytest.fixture(autouse=True)
def hermetic_git(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Only the test repositories' own config counts, and no repository above tmp_path is found.
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", "/dev/null")
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout.strip()


def identity(repo: Path) -> None:
    git(repo, "config", "user.name", "Fern Writer")
    git(repo, "config", "user.email", "writer@example.com")


def init_repo(folder: Path, remote: Path | None = None, commit: bool = True) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    git(folder, "init", "-q", "-b", "main")
    identity(folder)
    if commit:
        git(folder, "add", "-A")
        git(folder, "commit", "-q", "-m", "docs")
    if remote is not None:
        git(folder, "remote", "add", "origin", str(remote))
    return folder.resolve()


@pytest.fixture
def remote(tmp_path: Path) -> Path:
    bare = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(bare)], check=True)
    return bare


@pytest.fixture
def project(make_project: Callable[..., Path], remote: Path) -> Path:
    return init_repo(make_project(CONFIG, PAGES), remote)


def built(project: Path, tmp_path: Path, name: str = "out") -> Path:
    return build(project, tmp_path / name / "site").out_dir


def tree(repo: Path, rev: str) -> list[str]:
    return git(repo, "ls-tree", "-r", "--name-only", rev).splitlines()


def state(repo: Path) -> tuple[str, str, str]:
    """What the user sees of their checkout: status (work tree and index), HEAD, its branch."""
    return (git(repo, "status", "--porcelain", "--untracked-files=all"), git(repo, "rev-parse", "HEAD"),
            git(repo, "symbolic-ref", "HEAD"))


def parsed(*argv: str | Path) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="sitegen gh-deploy")
    add_arguments(parser)
    return parser.parse_args([str(arg) for arg in argv])


def test_run_builds_and_pushes_the_example_docs_without_touching_the_checkout(
    example_project: Path, remote: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = init_repo(example_project, remote)
    # Work in progress during the deploy: a modified page, a staged new file, an untracked one.
    (repo / "content/quickstart.mdx").write_text((repo / "content/quickstart.mdx").read_text() + "\nDraft.\n")
    (repo / "notes.md").write_text("todo\n")
    git(repo, "add", "notes.md")
    (repo / "scratch.txt").write_text("scratch\n")
    before = state(repo)

    assert run(parsed(repo)) == 0

    assert state(repo) == before
    assert not (repo / "site").exists()  # built in a temporary folder, not in the project
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Built 12 pages in ")
    tip = git(remote, "rev-parse", "gh-pages")
    files = tree(remote, "gh-pages")
    assert out[1] == f"Deployed {tip[:7]} ({len(files)} files) to origin/gh-pages"
    for name in (".nojekyll", "index.html", "404.html", "quickstart/index.html",
                 "api-reference/plants/create/index.html", "images/logo-light.svg", "openapi.yaml"):
        assert name in files, name
    assert not any(name.startswith(("content/", "docs.json")) for name in files)  # the site, not the sources
    assert git(remote, "log", "-1", "--format=%s", "gh-pages") == (
        f"Deployed {git(repo, 'rev-parse', '--short', 'HEAD')} with sitegen {__version__}"
    )
    assert git(repo, "rev-parse", "gh-pages") == tip  # the local branch follows the pushed one
    # The uncommitted draft was built: gh-deploy publishes what is on disk, like sitegen build.
    assert "Draft." in git(remote, "show", "gh-pages:quickstart/index.html")
    # The temporary output folder leaves no record behind in the cache (the pages stay cached).
    cache = repo / ".sitegen-cache" / "build"
    assert (cache / "pages.sqlite").is_file()
    assert not list(cache.glob("site-*.json")) and not list(cache.glob("uptodate-*.json"))


def test_second_deploy_adds_a_commit_on_top_with_exactly_the_new_site(project: Path, remote: Path, tmp_path: Path) -> None:
    first = gh_deploy(project, built(project, tmp_path, "one"))
    assert first.parent is None and first.pushed
    (project / "content/watering.md").unlink()
    (project / "content/intro.mdx").write_text("---\ntitle: Intro\n---\n\nFerns like deep shade.\n")
    (project / "docs.json").write_text('{"name": "Fern Notes", "navigation": [{"group": "Start", "pages": ["intro"]}]}')
    second = gh_deploy(project, built(project, tmp_path, "two"), message="Publish shade update")

    assert git(remote, "rev-list", "gh-pages").splitlines() == [second.commit, first.commit]
    assert second.parent == first.commit
    assert git(remote, "log", "-1", "--format=%B", "gh-pages") == "Publish shade update"
    assert "Ferns like deep shade." in git(remote, "show", "gh-pages:intro/index.html")
    assert "watering/index.html" in tree(remote, first.commit)
    assert "watering/index.html" not in tree(remote, "gh-pages")  # the branch is the site, nothing left over


def test_nojekyll_is_added_and_the_tree_is_exactly_the_folder(project: Path, remote: Path, tmp_path: Path) -> None:
    site = tmp_path / "handmade"
    (site / "_assets").mkdir(parents=True)
    (site / "index.html").write_bytes(b"<h1>Ferns</h1>\r\n")
    (site / "_assets/app.js").write_text("console.log('fern')\n")
    result = gh_deploy(project, site, push=False)

    assert tree(project, "gh-pages") == [".nojekyll", "_assets/app.js", "index.html"]
    assert result.files == 3 and not result.pushed
    assert git(project, "cat-file", "-s", "gh-pages:.nojekyll") == "0"
    assert git(project, "cat-file", "-p", "gh-pages:index.html") == "<h1>Ferns</h1>"  # text=True strips \r\n
    assert subprocess.run(["git", "-C", str(project), "show", "gh-pages:index.html"], capture_output=True,
                          check=True).stdout == b"<h1>Ferns</h1>\r\n"  # the exact bytes
    assert git(remote, "branch", "--list") == ""  # push=False: nothing sent
    assert not (site / ".nojekyll").exists()  # the folder itself is left alone


def test_message_without_sha_when_the_repository_has_no_commits(
    make_project: Callable[..., Path], remote: Path, tmp_path: Path
) -> None:
    repo = init_repo(make_project(CONFIG, PAGES), remote, commit=False)
    gh_deploy(repo, built(repo, tmp_path))
    assert git(remote, "log", "-1", "--format=%s", "gh-pages") == f"Deployed with sitegen {__version__}"
    assert git(repo, "status", "--porcelain") == "?? content/\n?? docs.json"  # still nothing committed


def test_a_fresh_clone_continues_the_published_history(project: Path, remote: Path, tmp_path: Path) -> None:
    first = gh_deploy(project, built(project, tmp_path))
    subprocess.run(["git", "clone", "-q", str(remote), str(tmp_path / "laptop")], check=True)
    laptop = tmp_path / "laptop"
    identity(laptop)
    site = tmp_path / "laptop-site"
    site.mkdir()
    (site / "index.html").write_text("<h1>From the laptop</h1>\n")
    second = gh_deploy(laptop, site)
    assert second.parent == first.commit  # origin/gh-pages from the clone, no local branch needed
    assert git(remote, "rev-list", "gh-pages").splitlines() == [second.commit, first.commit]
    # Back on the first machine, whose local gh-pages is now behind: after a fetch it continues too.
    git(project, "fetch", "-q", "origin")
    third = gh_deploy(project, built(project, tmp_path, "again"))
    assert third.parent == second.commit
    assert git(project, "rev-parse", "gh-pages") == git(remote, "rev-parse", "gh-pages") == third.commit


def test_diverged_remote_branch_is_refused_then_replaced_with_force(
    project: Path, remote: Path, tmp_path: Path
) -> None:
    # Someone pushed a hand-made gh-pages the project has never seen.
    other = init_repo(tmp_path / "other", remote, commit=False)
    (other / "hand-edited.html").write_text("<p>by hand</p>\n")
    git(other, "checkout", "-q", "--orphan", "gh-pages")
    git(other, "add", "-A")
    git(other, "commit", "-q", "-m", "hand edit")
    git(other, "push", "-q", "origin", "gh-pages")
    theirs = git(remote, "rev-parse", "gh-pages")
    before = state(project)

    with pytest.raises(BuildError) as refused:
        run(parsed(project))
    assert refused.value.messages == [
        "push to origin rejected: its branch 'gh-pages' has commits not made by this gh-deploy; "
        "check them (git fetch origin && git log origin/gh-pages) and pass --force to replace them"
    ]
    assert git(remote, "rev-parse", "gh-pages") == theirs
    assert git(project, "branch", "--list", "gh-pages") == ""  # a rejected push moves nothing locally
    assert state(project) == before

    assert run(parsed(project, "--force")) == 0
    assert git(remote, "rev-parse", "gh-pages") == git(project, "rev-parse", "gh-pages") != theirs
    assert "hand-edited.html" not in tree(remote, "gh-pages")
    assert "intro/index.html" in tree(remote, "gh-pages")
    assert state(project) == before


def test_refuses_a_project_outside_any_git_repository(make_project: Callable[..., Path]) -> None:
    plain = make_project(CONFIG, PAGES).resolve()
    with pytest.raises(BuildError) as refused:
        run(parsed(plain))
    assert refused.value.messages == [
        f"{plain} is not inside a git repository; gh-deploy publishes to a branch of the project's repository"
    ]


def test_refuses_when_git_is_not_installed(project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "empty-bin").mkdir()
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))
    with pytest.raises(BuildError) as refused:
        run(parsed(project))
    assert refused.value.messages == ["git is not installed (or not on PATH); sitegen gh-deploy needs it"]


def test_refuses_a_remote_that_is_not_configured(project: Path, tmp_path: Path) -> None:
    with pytest.raises(BuildError) as refused:
        gh_deploy(project, built(project, tmp_path), remote="upstream")
    assert refused.value.messages == [
        f"remote 'upstream' is not configured in {project}; add it with git remote add upstream URL or pass --remote"
    ]
    assert git(project, "branch", "--list", "gh-pages") == ""


def test_refuses_the_checked_out_branch(project: Path, tmp_path: Path) -> None:
    site = built(project, tmp_path)
    before = state(project)
    with pytest.raises(BuildError) as refused:
        gh_deploy(project, site, branch="main")
    assert refused.value.messages == [
        f"branch 'main' is checked out in {project}; deploying would overwrite that working tree: "
        "switch to another branch or pass --branch"
    ]
    assert state(project) == before


def test_push_failure_other_than_rejection_names_gits_reason(project: Path, tmp_path: Path) -> None:
    git(project, "remote", "set-url", "origin", str(tmp_path / "gone.git"))
    with pytest.raises(BuildError) as refused:
        gh_deploy(project, built(project, tmp_path))
    [message] = refused.value.messages
    assert message == f"git push failed in {project}: '{tmp_path / 'gone.git'}' does not appear to be a git repository"
    assert git(project, "branch", "--list", "gh-pages") == ""


def test_refusals_come_before_the_build(project: Path) -> None:
    (project / "docs.json").write_text("{ not json")  # a build would fail with a config error
    with pytest.raises(BuildError) as refused:
        run(parsed(project, "--remote", "upstream"))
    assert refused.value.messages[0].startswith("remote 'upstream' is not configured in ")
    with pytest.raises(BuildError) as refused:
        run(parsed(project, "--branch", "bad..name"))
    assert refused.value.messages == ["cannot deploy to branch 'bad..name': it is not a valid git branch name"]


def test_refuses_to_commit_without_an_identity(
    make_project: Callable[..., Path], remote: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL", "EMAIL"):
        monkeypatch.delenv(name, raising=False)
    repo = make_project(CONFIG, PAGES)
    git(repo, "init", "-q", "-b", "main")
    git(repo, "config", "user.useConfigOnly", "true")  # no guessing from the host name
    git(repo, "remote", "add", "origin", str(remote))
    with pytest.raises(BuildError) as refused:
        gh_deploy(repo, built(repo, tmp_path))
    assert refused.value.messages == [
        f"git does not know who is committing in {repo.resolve()}; set git config user.name and user.email"
    ]
    assert git(remote, "branch", "--list") == ""
