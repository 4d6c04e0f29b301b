"""Puyo-style bingo: config, draw session, journal, probability engine, card checks, Qt display."""
