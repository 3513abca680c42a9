"""What the bot owes Discord, delivered: the outbox worker, what each owed row does on Discord,
and the scheduler of deadlines.
"""
