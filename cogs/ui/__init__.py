"""Helpers of the Discord layer (not extensions): messages, panels, custom ids, errors, delivery."""
