"""Rules: ``/rules`` look-up of every card, action and topic, and each game's paged How to play guide."""
