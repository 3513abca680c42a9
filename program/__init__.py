"""The ``bricabot`` program: the floor above both faces, composing the commands of ``bot`` (offline),
``cogs`` (``run``: the Discord bot) and ``web`` (``web``: the pages, and their benchmark)."""
