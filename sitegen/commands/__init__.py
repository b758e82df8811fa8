"""The commands: each module parses its flags (`add_arguments`), calls one function and
prints what happened (`run(args) -> int`). `sitegen.cli` only picks the module."""
