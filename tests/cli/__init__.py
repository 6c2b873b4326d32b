"""The command line's values and the packaged wheel."""
