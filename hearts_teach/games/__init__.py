"""The checked games (Hearts and Spades): rules, legality, scoring, hands, matches, records and
views. Built on the kernel; knows nothing of bots, displays or lessons."""
