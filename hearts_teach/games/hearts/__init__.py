"""Hearts: rules and options, the legality cascade, the checked hand, the match, records,
replay, the per-seat view and the batch engine."""
