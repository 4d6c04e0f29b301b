"""Players follow their own card on their phones: a small web server that follows the journal.

It never writes the draw: it reads the journal (the single source of truth), shows a number only
once the show says the reel has landed, and passes claims to the show and verdicts back.
The server itself (aiohttp) is in `bingo.web.server`; importing this package stays light.
"""
