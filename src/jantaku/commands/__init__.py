"""Command-line commands, one module each; ``jantaku.cli`` registers them on the main group."""
