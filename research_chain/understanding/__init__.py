"""Understanding questions in terms of a graph's own vocabulary."""
