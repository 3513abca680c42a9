"""Bot Factory: workers on four factory boards building robots for contracts (1-4 players, solo
variant Inspection, production-tile variants 1 and 2)."""

from engine.botfactory.game import BotFactoryGame

GAME = BotFactoryGame()

__all__ = ["GAME", "BotFactoryGame"]
