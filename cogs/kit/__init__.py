"""What every feature of the Discord layer shares: the bot's parts reached from an interaction, who may
see a game, custom ids, checked options, errors and answers, translated commands, text limits, and images
drawn off the event loop.
"""
