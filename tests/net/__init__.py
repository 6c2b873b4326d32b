"""LAN play: codec, host, client, seats, discovery and the LAN screens, over loopback only."""
