"""The AI levels of each game, the shared search, advice and the paired comparison."""
