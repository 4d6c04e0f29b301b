"""People play the card games together on their phones: the hub (rooms, seats, the journal;
no Qt, no aiohttp) and the server (aiohttp, the phone pages, the laptop's screen)."""
