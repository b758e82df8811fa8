from sitegen.cli import run

run()
