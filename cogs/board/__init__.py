"""The public board of a game: its message and embed, and the read-only answers that show it on demand."""
