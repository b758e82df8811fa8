"""The repository's commit-msg hook (CONTRIBUTING.md, "Commits"): subjects of at most 72 characters."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

HOOK = Path(__file__).resolve().parents[1] / ".githooks" / "commit-msg"


def run_hook(tmp_path: Path, message: str) -> subprocess.CompletedProcess[str]:
    file = tmp_path / "COMMIT_EDITMSG"
    file.write_text(message, encoding="utf-8")
    return subprocess.run(["sh", str(HOOK), str(file)], capture_output=True, text=True, check=False)


@pytest.mark.parametrize("subject", ["search: index a page as soon as it is written", "é" * 72])
def test_a_subject_of_72_characters_or_fewer_is_accepted(tmp_path: Path, subject: str) -> None:
    done = run_hook(tmp_path, f"# a comment git adds\n{subject}\n\nThe why, in a body line far longer than seventy-two "
                              "characters, which the hook does not measure.\n")
    assert (done.returncode, done.stderr) == (0, "")


def test_a_longer_subject_is_refused_with_its_length(tmp_path: Path) -> None:
    done = run_hook(tmp_path, "pipeline: " + "x" * 63 + "\n\nWhy.\n")
    assert done.returncode == 1
    assert done.stderr == "commit-msg: the subject line has 73 characters; keep it to 72 and put the why in the body\n"
