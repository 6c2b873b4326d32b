"""Learning: the tutorials and the review of a finished match."""
