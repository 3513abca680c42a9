"""Thin discord.py adapters: slash commands and components call the service and send renders."""
