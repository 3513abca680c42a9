"""The web face: a game's table, its history, a server's leaderboard, a player's page and "my games",
behind signed links, updating live; beside the Discord layer on the same floors (see docs/web.md)."""
