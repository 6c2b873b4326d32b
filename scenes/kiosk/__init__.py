"""The kiosk: the event organiser's supervisor, its screens, command and soak."""
