"""Click commands of the ``jantaku`` CLI, one module each; ``jantaku.cli`` registers them."""
