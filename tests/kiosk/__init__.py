"""Kiosk mode: the controller, its config and timers, and the kiosk in a real window."""
