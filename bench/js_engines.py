"""QuickJS (`quickjs`) against V8 (`mini-racer`) on sitegen's own work: start an engine with
sitegen's prelude, load a page's components, render them with children, as a worker does.

    python bench/js_engines.py [--pages 300]

Prints, per engine: start-up (import + context + prelude), the first page (its module
loaded), a page afterwards (module cached: three component calls and an expression), and
the process's resident memory before the engine, after start-up and after every page.
Each engine runs in its own child process so neither's memory or imports count for the other.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

PAGE_MODULE = """
export const plans = [{ name: "Hobby", price: 0 }, { name: "Pro", price: 20 }, { name: "Team", price: 99 }];

export const HeroCard = ({ title, href = "/quickstart", children, ...rest }) => (
  <a href={href} className="hero-card not-prose" data-kind={rest.kind}>
    <h3 className="text-lg font-semibold">{title}</h3>
    <div className="text-sm">{children}</div>
  </a>
);

export function PlanTable({ rows }) {
  const [sorted] = useState(() => [...rows].sort((a, b) => b.price - a.price));
  return (
    <table>
      <tbody>
        {sorted.map((plan, i) => (
          <tr key={i}><td>{plan.name}</td><td>{plan.price ? `$${plan.price}` : "free"}</td></tr>
        ))}
      </tbody>
    </table>
  );
}
"""

CALLS = [
    '__h(HeroCard, {"title": "Quickstart", "kind": "guide"}, {"$html": "<p>Start <strong>here</strong>.</p>"})',
    '__h(PlanTable, {"rows": plans})',
    'plans.filter(p => p.price > 0).map(p => p.name).join(", ")',
]


def _child(engine_name: str, pages: int) -> dict[str, float]:
    sys.path.insert(0, str(REPO))
    from sitegen.javascript.engine import _PRELUDE
    from sitegen.javascript.transform import transform_module

    script = transform_module(PAGE_MODULE)
    names = ", ".join(f"{name}: {local}" for name, local in script.exports.items())
    module = f"__modules['page'] = (function () {{ {script.code}\n; return {{{names}}}; }})();"

    def rss_mb() -> float:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    before = rss_mb()
    started = time.perf_counter()
    if engine_name == "quickjs":
        import quickjs

        context = quickjs.Context()
        context.set_memory_limit(64 * 1024 * 1024)
        context.set_time_limit(1)
        evaluate = context.eval
    else:
        from py_mini_racer import MiniRacer

        racer = MiniRacer()

        def evaluate(code: str) -> object:
            return racer.eval(code, timeout=1000, max_memory=64 * 1024 * 1024)

    evaluate(_PRELUDE)
    startup = time.perf_counter() - started
    after_start = rss_mb()

    def page(first: bool) -> None:
        if first:
            evaluate(module)
        for call in CALLS:
            text = evaluate(f"__run(function () {{ with (__modules['page']) {{ return ({call}); }} }})")
            json.loads(str(text))

    started = time.perf_counter()
    page(first=True)
    first_page = time.perf_counter() - started
    started = time.perf_counter()
    for _ in range(pages):
        page(first=False)
    per_page = (time.perf_counter() - started) / pages
    return {"startup_ms": startup * 1000, "first_page_ms": first_page * 1000, "page_ms": per_page * 1000,
            "rss_before_mb": before, "rss_started_mb": after_start, "rss_end_mb": rss_mb()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=300)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(_child(args.child, args.pages)))
        return
    print(f"{'engine':<12}{'start-up ms':>12}{'1st page ms':>12}{'page ms':>9}{'RSS +start MB':>15}{'RSS +pages MB':>15}")
    for name in ("quickjs", "mini-racer"):
        done = subprocess.run([sys.executable, __file__, "--child", name, "--pages", str(args.pages)],
                              capture_output=True, text=True, check=True)
        row = json.loads(done.stdout)
        print(f"{name:<12}{row['startup_ms']:>12.1f}{row['first_page_ms']:>12.2f}{row['page_ms']:>9.3f}"
              f"{row['rss_started_mb'] - row['rss_before_mb']:>15.1f}{row['rss_end_mb'] - row['rss_started_mb']:>15.1f}")


if __name__ == "__main__":
    main()
