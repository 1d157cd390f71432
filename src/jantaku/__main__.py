"""``python -m jantaku`` runs the command line."""

from jantaku.cli import main

main()
