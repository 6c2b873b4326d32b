"""The house: how the code is laid out (layers without circles) and what the wheel carries."""
