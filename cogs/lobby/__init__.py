"""Lobbies: the message that gathers a game's seats and options, and its buttons."""
