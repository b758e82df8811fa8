"""What the Markdown export (page .md files, llms-full.txt) costs per page, in CPU time.

    python3 bench/corpus.py /tmp/corpus --pages 1000
    python3 bench/llms_export.py /tmp/corpus/sitegen

For every page, in this one process: the markdown-it parse + HTML render (what every build
did before the export), then `export_markdown` on the same tokens, then `page_markdown`
(title, API operation). CPU time (time.process_time), so that other jobs on the machine
disturb the numbers less than wall-clock time would; each pass runs `--runs` times and the
fastest is kept.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from sitegen.config import find_project_dir
from sitegen.llms import page_markdown
from sitegen.markdown import make_markdown
from sitegen.markdown.components import ComponentRenderer
from sitegen.markdown.export import export_markdown
from sitegen.markdown.mdx import Document, PageState, parse_and_render
from sitegen.pages import find_pages
from sitegen.pipeline.render_pages import TrackingResolver
from sitegen.theme import load_theme


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("project", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    project = find_project_dir(args.project.resolve())
    pages, _ = find_pages(project, exclude=(project / "site", project / ".sitegen-cache"))
    md = make_markdown()
    components = ComponentRenderer(load_theme(project))
    resolver = TrackingResolver(project, pages)
    best_html = best_export = best_page = float("inf")
    size_html = size_md = 0
    for _ in range(args.runs):
        html_time = export_time = page_time = 0.0
        size_html = size_md = 0
        for page in pages:
            links = resolver.fork()
            state = PageState(md=md, page=page, resolver=links, components=components)
            doc = Document(page.body, page.display_path, page.body_line, page.source.suffix == ".mdx", page.source)
            start = time.process_time()
            html, tokens = parse_and_render(state, doc)
            middle = time.process_time()
            exported = export_markdown(tokens, page, links, state.warnings, state.ui)
            after = time.process_time()
            whole = page_markdown(page, exported, None)
            text, at_root = whole.text, whole.at_root()
            end = time.process_time()
            html_time += middle - start
            export_time += after - middle
            page_time += end - after
            size_html += len(html)
            size_md += len(text) + len(at_root)
        best_html, best_export, best_page = min(best_html, html_time), min(best_export, export_time), \
            min(best_page, page_time)
    print(f"{len(pages)} pages, best of {args.runs} runs (CPU seconds, one process)")
    print(f"  parse + HTML render (before):     {best_html:7.3f} s")
    print(f"  export_markdown (tokens -> .md):   {best_export:7.3f} s  ({best_export / best_html:.0%} of the render)")
    print(f"  page_markdown + both link forms:   {best_page:7.3f} s")
    print(f"  body HTML {size_html / 1e6:.1f} MB, Markdown (page + root forms) {size_md / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
