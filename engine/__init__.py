"""Pure rules engines for the games Bricabot hosts.

Nothing in this package imports discord, asyncio, sqlite, PIL, wall-clock time or the global ``random``
module: a game is a deterministic function of (seats, seed, options, choices).
"""
