"""Bingo cards: the card model, unique seeded generation, the registry and PDF rendering."""
