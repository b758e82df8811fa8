"""`sitegen gh-deploy`: commit a built site as the whole tree of a branch and push it.

Like `mkdocs gh-deploy` (ghp-import), the user's checkout is never used: the files are
written straight into the object database (`hash-object -w`), assembled in a throw-away
index (`GIT_INDEX_FILE`, `update-index`, `write-tree`) and committed with `commit-tree` on
top of the branch's previous tip, so the site branch keeps its history while the working
tree, the real index and HEAD stay exactly as they were. The local branch only moves once
the push succeeded, so a rejected push leaves everything as it was.

The main CLI wires this as `add_arguments(sub.add_parser("gh-deploy"))` and `return run(args)`.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from sitegen import __version__
from sitegen.errors import BuildError

NOJEKYLL = ".nojekyll"  # without it GitHub Pages' Jekyll hides folders starting with "_" (_sitegen/)


@dataclass(frozen=True)
class DeployResult:
    commit: str  # the new tip of `branch`
    parent: str | None  # its previous tip (None for the branch's first commit)
    branch: str
    remote: str
    message: str
    files: int  # files in the deployed tree, .nojekyll included
    pushed: bool


def gh_deploy(
    repo_dir: Path,
    site_dir: Path,
    *,
    remote: str = "origin",
    branch: str = "gh-pages",
    message: str | None = None,
    push: bool = True,
    force: bool = False,
) -> DeployResult:
    """Commit `site_dir` as the whole tree of `branch` in the repository holding `repo_dir`, then push it.

    The new commit's parent is the local branch's tip, or the last fetched `<remote>/<branch>`
    when there is no local branch or it is behind, so deploying from a fresh clone (or after a
    fetch) continues the published history. `push=False` only commits; `force` pushes with --force.
    """
    repo = check_deployable(repo_dir, remote=remote if push else None, branch=branch)
    site_dir = site_dir.resolve()
    if not site_dir.is_dir():
        raise BuildError(f"cannot deploy {site_dir}: it is not a folder")
    ref = f"refs/heads/{branch}"
    files = _site_files(site_dir)
    local_tip = _resolve(repo, ref)
    fetched = _resolve(repo, f"refs/remotes/{remote}/{branch}")
    parent = local_tip
    behind = local_tip is not None and fetched is not None and _git(
        repo, "merge-base", "--is-ancestor", local_tip, fetched, check=False).returncode == 0
    if fetched and (local_tip is None or behind):
        parent = fetched  # someone deployed from elsewhere and we fetched it: continue from there
    if message is None:
        head = _resolve(repo, "HEAD")
        sha = f" {_git(repo, 'rev-parse', '--short', head).stdout.strip()}" if head else ""
        message = f"Deployed{sha} with sitegen {__version__}"

    commit, count = _commit(repo, site_dir, files, parent, message)
    if push:
        _push(repo, remote, commit, ref, branch, force)
    # `update-ref NEW OLD` refuses if the branch moved meanwhile; "" = must not exist yet.
    _git(repo, "update-ref", "-m", "sitegen gh-deploy", ref, commit, local_tip or "")
    return DeployResult(commit, parent, branch, remote, message, count, push)


def check_deployable(repo_dir: Path, *, remote: str | None, branch: str) -> Path:
    """Every refusal that does not need the site; returns the top of the work tree."""
    repo = _repository(repo_dir)
    ref = f"refs/heads/{branch}"
    if _git(repo, "check-ref-format", ref, check=False).returncode != 0:
        raise BuildError(f"cannot deploy to branch '{branch}': it is not a valid git branch name")
    _refuse_checked_out(repo, ref, branch)
    if remote is not None and _git(repo, "remote", "get-url", remote, check=False).returncode != 0:
        raise BuildError(
            f"remote '{remote}' is not configured in {repo}; add it with git remote add {remote} URL or pass --remote"
        )
    return repo


# --- git ---------------------------------------------------------------------------------

def _git(repo: Path, *args: str, stdin: bytes | None = None, env: dict[str, str] | None = None,
         check: bool = True) -> subprocess.CompletedProcess[str]:
    """Run `git -C repo ARGS`; a failure becomes a one-line BuildError (git's own last line)."""
    try:
        result = subprocess.run(
            ["git", "-C", str(repo), *args],
            input=stdin, capture_output=True, env={**os.environ, **(env or {})},
        )
    except FileNotFoundError:
        raise BuildError("git is not installed (or not on PATH); sitegen gh-deploy needs it") from None
    done = subprocess.CompletedProcess(
        result.args, result.returncode, result.stdout.decode(errors="replace"), result.stderr.decode(errors="replace")
    )
    if check and done.returncode != 0:
        raise BuildError(_failure(repo, args[0], done.stderr))
    return done


def _failure(repo: Path, command: str, stderr: str) -> str:
    if "Author identity unknown" in stderr or "unable to auto-detect email" in stderr:
        return f"git does not know who is committing in {repo}; set git config user.name and user.email"
    # git's first fatal/error line says why; what follows is advice ("Please make sure …").
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    fallback = lines[-1] if lines else "no message"
    reason = next((line for line in lines if line.startswith(("fatal: ", "error: "))), fallback)
    return f"git {command} failed in {repo}: {reason.removeprefix('fatal: ').removeprefix('error: ')}"


def _repository(path: Path) -> Path:
    """The top of the work tree holding `path`, or a clear refusal."""
    found = _git(path, "rev-parse", "--show-toplevel", check=False) if path.is_dir() else None
    if found is None or found.returncode != 0:
        raise BuildError(f"{path} is not inside a git repository; "
                         "gh-deploy publishes to a branch of the project's repository")
    return Path(found.stdout.strip())


def _resolve(repo: Path, ref: str) -> str | None:
    found = _git(repo, "rev-parse", "--verify", "-q", f"{ref}^{{commit}}", check=False)
    return found.stdout.strip() if found.returncode == 0 else None


def _refuse_checked_out(repo: Path, ref: str, branch: str) -> None:
    # Moving a branch some work tree has checked out would make its files disagree with HEAD.
    listing = _git(repo, "worktree", "list", "--porcelain").stdout
    for block in listing.split("\n\n"):
        fields = dict(line.partition(" ")[::2] for line in block.splitlines())
        if fields.get("branch") == ref:
            raise BuildError(
                f"branch '{branch}' is checked out in {fields.get('worktree', repo)}; deploying would overwrite "
                f"that working tree: switch to another branch or pass --branch"
            )


def _site_files(site_dir: Path) -> list[Path]:
    files = []
    for path in sorted(site_dir.rglob("*")):
        rel = path.relative_to(site_dir)
        if ".git" in rel.parts or not path.is_file():
            continue
        if "\n" in str(rel):  # hash-object --stdin-paths reads one path per line
            raise BuildError(f"cannot deploy {str(site_dir / rel)!r}: its name contains a line break")
        files.append(path)
    return files


def _commit(repo: Path, site_dir: Path, files: list[Path], parent: str | None, message: str) -> tuple[str, int]:
    """Write the files as blobs, build their tree in a private index, commit it; (sha, files)."""
    # --no-filters: the exact bytes, whatever eol/LFS attributes the user's config has.
    paths = "".join(f"{path}\n" for path in files).encode()
    blobs = _git(repo, "hash-object", "-w", "--no-filters", "--stdin-paths", stdin=paths).stdout.split()
    entries = [
        (("100755" if os.access(path, os.X_OK) else "100644"), blob, path.relative_to(site_dir).as_posix())
        for path, blob in zip(files, blobs, strict=True)
    ]
    if not any(name == NOJEKYLL for _, _, name in entries):
        empty = _git(repo, "hash-object", "-w", "--stdin", stdin=b"").stdout.strip()
        entries.append(("100644", empty, NOJEKYLL))
    info = "".join(f"{mode} {blob}\t{name}\0" for mode, blob, name in entries).encode()
    with tempfile.TemporaryDirectory(prefix="sitegen-deploy-index-") as tmp:
        index = {"GIT_INDEX_FILE": str(Path(tmp) / "index")}  # never the user's index
        _git(repo, "update-index", "--add", "-z", "--index-info", stdin=info, env=index)
        tree = _git(repo, "write-tree", env=index).stdout.strip()
    parents = ["-p", parent] if parent else []
    commit = _git(repo, "commit-tree", tree, *parents, "-F", "-", stdin=message.encode()).stdout.strip()
    return commit, len(entries)


def _push(repo: Path, remote: str, commit: str, ref: str, branch: str, force: bool) -> None:
    pushed = _git(repo, "push", *(["--force"] if force else []), remote, f"{commit}:{ref}", check=False)
    if pushed.returncode == 0:
        return
    if "[rejected]" in pushed.stderr or "non-fast-forward" in pushed.stderr or "fetch first" in pushed.stderr:
        raise BuildError(
            f"push to {remote} rejected: its branch '{branch}' has commits not made by this gh-deploy; "
            f"check them (git fetch {remote} && git log {remote}/{branch}) and pass --force to replace them"
        )
    raise BuildError(_failure(repo, "push", pushed.stderr))
