"""Local AI opponents: they act on an observation only, never on the true hidden state."""
