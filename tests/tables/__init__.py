"""The table and the five game tables, headless: scenes, layouts, art, the table's machinery."""
