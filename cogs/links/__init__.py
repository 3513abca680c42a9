"""``/game web``: links to the web pages, given privately after the access rule."""
