"""Results: ``/game stats``, ``/game leaderboard``, ``/game replay`` and the report posted with the final scores."""
