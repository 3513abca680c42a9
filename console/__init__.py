"""The terminal face: the ``bricabot`` commands that need neither Discord nor the web pages (the terminal
table, the demo, the benchmarks of the renders and of the service, the results and repair tools). Like
the Discord layer (``cogs/``) and the web pages (``web/``), it stands on ``bot/`` and never names the
other faces; ``program/`` composes them all."""
