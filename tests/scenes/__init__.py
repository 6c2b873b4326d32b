"""The app around the tables: engine (anim, audio, fonts, crisp text, window, memory) and menus."""
