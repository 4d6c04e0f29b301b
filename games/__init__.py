"""Card games with Qt frontends and CPU opponents: Schwimmen, COOL 24+24 and Daifugō."""
