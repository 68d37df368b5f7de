"""Command-line tools above every layer: the benchmarks."""
