"""Presentation: text and HTML views of game objects, plots and widgets (views over a
controller; no game logic)."""
