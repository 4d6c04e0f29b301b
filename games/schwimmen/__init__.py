"""Schwimmen (シュビメン): rules engine (`rules`), CPU players (`ai`), Qt table (`ui`, `app`)."""
