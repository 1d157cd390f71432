"""Rule families: riichi (Doman, Tenhou) and classical German Mah-Jongg (Sontag)."""
