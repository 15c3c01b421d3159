"""``python -m planet_king.cli``: the command line, as the ``planet-king`` script runs it."""

from planet_king.cli import main

main()
