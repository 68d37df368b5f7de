"""The kernel: cards and masks, the table's seats, the trick, randomness, errors and argument
checks. It knows no game's rules and imports nothing above it."""
