"""Card games with Qt frontends and CPU opponents: Schwimmen, COOL 24+24 and Daifugō."""

GAMES = {  # command name -> (Japanese title, English title); the menu shows them in this order
    "schwimmen": ("シュビメン", "Schwimmen"),
    "cool24": ("COOL 24+24", "COOL 24+24"),
    "daifugo": ("大富豪", "Daifugō"),
}
