"""Test setup shared by every test: no screen, no sound device, no real home folder."""

import os
import tempfile

# Set before anything imports pygame: the display and audio tests run headless everywhere.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Settings and autosaves of the test session go to a throwaway folder, never the user's.
os.environ.setdefault("KOTATSU_HOME", tempfile.mkdtemp(prefix="kotatsu-test-"))
