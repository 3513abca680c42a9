"""Pure Pillow renders: from a game *view* (never the full state) to PNG bytes plus a text summary."""
