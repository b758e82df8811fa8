"""The wheel carries the theme: install it into a fresh venv and build from elsewhere."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from conftest import REPO


def test_wheel_installs_and_builds_from_another_directory(tmp_path: Path, example_project: Path) -> None:
    wheels = tmp_path / "wheels"
    # --no-build-isolation: use the installed hatchling instead of downloading one.
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(wheels), str(REPO)],
        check=True, capture_output=True, text=True, timeout=300,
    )
    wheel = next(wheels.glob("sitegen-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "sitegen/themes/default/templates/base.html" in names
    assert "sitegen/themes/default/assets/site.css" in names

    venv = tmp_path / "venv"
    # The fresh venv sees the already-installed dependencies but gets sitegen only from the wheel.
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)],
                   check=True, capture_output=True, timeout=300)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    where = subprocess.run([str(python), "-c", "import sitegen; print(sitegen.__file__)"],
                           cwd=elsewhere, capture_output=True, text=True, check=True).stdout
    assert Path(where.strip()).is_relative_to(venv)

    result = subprocess.run([str(venv / "bin" / "sitegen"), "build", str(example_project), "--out", "out"],
                            cwd=elsewhere, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Built 12 pages in ")
    assert result.stdout.rstrip().endswith("-> out/")
    assert (elsewhere / "out/_sitegen/site.css").is_file()
    assert "Quickstart" in (elsewhere / "out/quickstart/index.html").read_text()
