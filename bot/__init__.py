"""Bricabot's application layer: settings, the SQLite store, the async game service, scheduler and CLI."""
