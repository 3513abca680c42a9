"""The drawing toolkit every game's renders share: fonts, colours, icons, text layout, frames, PNG output.

Game modules (``renders.imaginarium``, ``renders.botfactory``) compose these pieces; nothing here knows
about a particular game's rules.
"""
