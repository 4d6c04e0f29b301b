"""Card games with Qt frontends and CPU opponents: Schwimmen, COOL 24+24 and Daifugō (each
registered in games.common.registry through pyproject's ``eventkit.games`` entry points)."""
