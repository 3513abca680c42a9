"""One module per ``bricabot`` sub-command (see :mod:`bot.cli`)."""
