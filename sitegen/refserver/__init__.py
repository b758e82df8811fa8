"""The Plant Store reference server behind `sitegen api`.

Modules: models (Pydantic shapes of openapi.yaml), storage (SQLite, group
commit), auth (bearer tokens), errors (the Error body), app (the Starlette
app), cli (`sitegen api` arguments and run).
"""

from sitegen.refserver.app import create_app

__all__ = ["create_app"]
