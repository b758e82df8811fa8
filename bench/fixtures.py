"""Count MDX constructs per Mintlify fixture and time a build of each.

    PYTHONPATH=. python3 bench/fixtures.py            # counts + one timed build per fixture
    PYTHONPATH=. python3 bench/fixtures.py --no-build # counts only

Counts are "how many files of the fixture use this construct at least once", from a
line-based scan that skips fenced code blocks; good enough to show what a fixture covers.
A build is the real CLI (`python -m sitegen build FIXTURE --out TMP -q`), timed around the
process, with its exit code and the number of warning lines.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "mintlify"

FENCE = re.compile(r"^\s*(```+|~~~+)")
CONSTRUCTS: dict[str, re.Pattern[str]] = {
    "multi-line tag": re.compile(r"^\s*<[A-Za-z][\w.]*(\s+[\w-]+(=(\"[^\"]*\"|'[^']*'|\{[^}]*\}))?)*\s*$"),
    "expression {x}": re.compile(r"(?<![={\w])\{(?!/\*)[^{}\n]+\}"),
    "comment {/* */}": re.compile(r"\{/\*"),
    "snippet import": re.compile(r"^import \w+ from ['\"]/?snippets/"),
    "export const": re.compile(r"^export const "),
    "lower-case element": re.compile(r"<[a-z][a-z0-9]*[\s/>]"),
    "fragment <>": re.compile(r"<>"),
    "$math$": re.compile(r"\$[^$\s][^$]*\$"),
}
COMPONENT = re.compile(r"<([A-Z][\w]*(?:\.[A-Z]\w*)?)")


def scan(path: Path) -> tuple[set[str], set[str]]:
    constructs: set[str] = set()
    components: set[str] = set()
    in_fence = False
    in_front_matter = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if number == 1 and line.strip() == "---":
            in_front_matter = True
            continue
        if in_front_matter:
            in_front_matter = line.strip() != "---"
            continue
        if FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        prose = re.sub(r"`[^`]*`", "", line)
        constructs.update(name for name, pattern in CONSTRUCTS.items() if pattern.search(prose))
        components.update(COMPONENT.findall(prose))
    return constructs, components


def count(fixture: Path) -> tuple[int, Counter[str], Counter[str]]:
    files = sorted(p for p in fixture.rglob("*") if p.suffix in (".md", ".mdx"))
    constructs: Counter[str] = Counter()
    components: Counter[str] = Counter()
    for path in files:
        found, names = scan(path)
        constructs.update(found)
        components.update(names)
    return len(files), constructs, components


def build(fixture: Path) -> tuple[int, float, int, str]:
    with tempfile.TemporaryDirectory() as out:
        started = time.perf_counter()
        result = subprocess.run([sys.executable, "-m", "sitegen", "build", str(fixture), "--out", out, "-q"],
                                capture_output=True, text=True, timeout=300)
        seconds = time.perf_counter() - started
    lines = result.stderr.splitlines()
    warnings = sum(line.startswith("warning: ") for line in lines)
    first_error = next((line for line in lines if not line.startswith("warning: ")), "")
    return result.returncode, seconds, warnings, first_error


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-build", action="store_true", help="only count constructs")
    args = parser.parse_args()
    for fixture in sorted(p for p in FIXTURES.iterdir() if p.is_dir()):
        files, constructs, components = count(fixture)
        print(f"== {fixture.name}: {files} .md/.mdx files")
        print("   constructs: " + ", ".join(f"{k} {v}" for k, v in sorted(constructs.items())))
        print("   components: " + ", ".join(f"{k} {v}" for k, v in sorted(components.items())))
        if not args.no_build:
            code, seconds, warnings, error = build(fixture)
            print(f"   build: exit {code} in {seconds:.2f} s, {warnings} warnings"
                  + (f"; first error: {error[:160]}" if error else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
