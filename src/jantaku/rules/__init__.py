"""Rule families: ``riichi`` (Doman and Tenhou presets) and ``classical`` (German Mah-Jongg)."""
