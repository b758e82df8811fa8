"""OpenAPI support: load and validate specs, model operations and schemas, generate
examples and code samples. Imports nothing later in the pipeline (render, build, ...)."""

from sitegen.openapi.load import find_openapi_files, load_discovered, load_openapi
from sitegen.openapi.model import (
    ApiCatalog,
    ApiSpec,
    CodeSample,
    Header,
    MediaType,
    Operation,
    Parameter,
    RequestBody,
    Response,
    SecurityScheme,
    Server,
)
from sitegen.openapi.schema import Alternative, Property, Schema, ordered_properties, type_label
from sitegen.openapi.view import ApiView, build_api_view

__all__ = [
    "Alternative",
    "ApiCatalog",
    "ApiSpec",
    "ApiView",
    "CodeSample",
    "Header",
    "MediaType",
    "Operation",
    "Parameter",
    "Property",
    "RequestBody",
    "Response",
    "Schema",
    "SecurityScheme",
    "Server",
    "build_api_view",
    "find_openapi_files",
    "load_discovered",
    "load_openapi",
    "ordered_properties",
    "type_label",
]
