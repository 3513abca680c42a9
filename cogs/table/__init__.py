"""A player's private table: their screen, the controls for their pending decision, hints, close-ups and their log."""
