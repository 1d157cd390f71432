"""jantaku (雀卓, "mahjong table"): Doman riichi and classical German Mah-Jongg."""

__version__ = "0.1.0"
