"""Everything on screen: pygame-ce lives only in this package."""
