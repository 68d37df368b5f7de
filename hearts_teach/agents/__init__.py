"""Agents: the bots of both games, the coach and tournaments. They act on the games through
per-seat views; nothing here draws anything."""
