"""``python -m builder`` runs the ``heroes`` command."""

from builder.cli import main

main()
