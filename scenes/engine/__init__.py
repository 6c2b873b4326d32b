"""The app engine: window, loop and scene stack, fonts, crisp text, animation, audio, input, theme, caches and widgets."""
