"""The rules contract of each game and the match core: rules, properties, generator, match, saves."""
