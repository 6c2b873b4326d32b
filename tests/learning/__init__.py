"""Learning: the tutorials, hints and match reviews."""
