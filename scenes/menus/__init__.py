"""Menus around the table: title, setup, settings, records, help, pause and results."""
