"""`python -m sitegen.refserver [flags]`: the same as `sitegen api [flags]`."""

import argparse
import sys

from sitegen.refserver.cli import add_arguments, run

parser = argparse.ArgumentParser(prog="python -m sitegen.refserver", description="Plant Store reference API server")
add_arguments(parser)
sys.exit(run(parser.parse_args()))
