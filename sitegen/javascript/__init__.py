"""Authors' JavaScript: `transform.py` turns JSX and TypeScript into plain JavaScript (tree-sitter),
`engine.py` runs it in an embedded, sandboxed QuickJS. Imports nothing of sitegen's stages."""
