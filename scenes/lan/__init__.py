"""LAN and internet tables: browsing, joining, hosting and the remote plate."""
