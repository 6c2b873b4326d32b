"""LAN play: the wire protocol, the host, the client and table discovery (no pygame)."""
