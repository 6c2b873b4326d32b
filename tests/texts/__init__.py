"""Words: the text catalogues, the help's house readings, the move log's narration."""
