"""The wheel as a user gets it: built from the repository, installed with its dependencies into
a fresh virtual environment that sees nothing of the test environment, then used from another
directory.

pip resolves the dependencies from the wheel's own metadata, through whatever indexes pip is
configured with (pip.conf, PIP_* variables): a dependency missing from pyproject.toml fails
here. constraints.txt only holds each one at the version CI tests, as in README's command.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

from conftest import REPO

CONSTRAINTS = REPO / "constraints.txt"


def _clean_env() -> dict[str, str]:
    """The caller's environment without anything that would let the new venv import this
    checkout or the test environment's packages."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONNOUSERSITE")}
    env["PYTHONNOUSERSITE"] = "1"  # not ~/.local either
    return env


def _run(command: list[str | Path], cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(part) for part in command], cwd=cwd, env=_clean_env(),
                          capture_output=True, text=True, timeout=600)


def test_wheel_installs_with_its_dependencies_and_builds_from_another_directory(
    tmp_path: Path, example_project: Path
) -> None:
    wheels = tmp_path / "wheels"
    # --no-build-isolation: hatchling comes from the test extra instead of a download.
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                  "-w", wheels, REPO])
    assert built.returncode == 0, built.stderr
    wheel = next(wheels.glob("sitegen-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "sitegen/themes/default/templates/base.html" in names
    assert "sitegen/themes/default/assets/site.css" in names
    assert "sitegen/themes/default/fonts/Lato-Bold.ttf" in names and "sitegen/themes/default/fonts/OFL.txt" in names
    assert "sitegen/starter/docs.json" in names and "sitegen/starter/openapi.yaml" in names

    venv = tmp_path / "venv"
    made = _run([sys.executable, "-m", "venv", venv])  # no --system-site-packages: nothing shared
    assert made.returncode == 0, made.stderr
    python = venv / "bin" / "python"
    installed = _run([python, "-m", "pip", "install", "-q", "--disable-pip-version-check",
                      "-c", CONSTRAINTS, wheel])
    assert installed.returncode == 0, installed.stderr

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    where = _run([python, "-c", "import sitegen, markdown_it; print(sitegen.__file__); print(markdown_it.__file__)"],
                 cwd=elsewhere)
    assert where.returncode == 0, where.stderr
    for line in where.stdout.split():
        assert Path(line).is_relative_to(venv), line  # the wheel's copy and the venv's dependencies

    # `sitegen new` writes the starter from the wheel's package data; it builds with no warning.
    started = _run([venv / "bin" / "sitegen", "new", "starter"], cwd=elsewhere)
    assert started.returncode == 0, started.stderr
    strict = _run([venv / "bin" / "sitegen", "build", "starter", "--strict", "-q"], cwd=elsewhere)
    assert strict.returncode == 0, strict.stderr
    assert (elsewhere / "starter/site/api-reference/get-plant/index.html").is_file()

    # With a site URL: the social cards need Pillow (a dependency) and the wheel's fonts.
    result = _run([venv / "bin" / "sitegen", "build", example_project, "--out", "out",
                   "--site-url", "https://docs.example.com/"], cwd=elsewhere)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Built 12 pages in ")
    assert result.stdout.rstrip().endswith("-> out/")
    assert (elsewhere / "out/_sitegen/site.css").is_file()
    assert "Quickstart" in (elsewhere / "out/quickstart/index.html").read_text()
    cards = sorted((elsewhere / "out/_sitegen/cards").glob("*.png"))
    assert len(cards) == 12
    # The Plant Store's logo is SVG: drawn only if resvg-py (a dependency) installed and works.
    from PIL import Image

    with Image.open(cards[0]) as card:
        logo = card.convert("RGB").crop((80, 70, 480, 134))
        assert (0x15, 0x80, 0x3D) in {colour for _, colour in logo.getcolors(400 * 64) or []}
