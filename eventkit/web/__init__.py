"""The web pieces every phone server of the toolkit shares (bingo's phones, the games' tables).

Rate limits (`limits`), the security headers (`headers`), the page's files from memory
(`files`), the connection guard and the guarded listener (`guard`, `serving`), the join QR
code (`qr`), the laptop's addresses and whether a public URL reaches it (`network`, `reach`).
Importing this package stays light: aiohttp is imported by the modules that need it.
"""
