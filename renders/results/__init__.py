"""Pictures of finished games and of a server's results: the post-game report chart, the
leaderboard and stats tables, and the replay animation.

They are drawn from plain values (:mod:`renders.results.model`) that the caller fills with text
already in the reader's language, so nothing here knows about the store, Discord or catalogues.
Every picture is at most :data:`renders.results.model.WIDTH` px wide with text at least
:data:`renders.kit.fonts.MIN_SIZE` px (11 px or more when a phone shows it 400 px wide).
"""
