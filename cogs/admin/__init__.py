"""Running a server's games: its settings and status, a game's settings, players' names kept up to date."""
