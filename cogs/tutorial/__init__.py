"""``/game tutorial``: a game's guided tutorial on Discord, privately (ephemeral messages).

The lessons are the game's own data (:mod:`engine.core.tutorial`), presented as the terminal presents
them (:mod:`bot.lessons`); where the learner stands is kept by the service, so a tutorial left on
Discord (or in the terminal) resumes at the same step. Its buttons and menus carry everything a click
needs in their custom_id (:mod:`cogs.tutorial.ids`, routed by :mod:`cogs.routes`), so they keep working after a restart.
"""
