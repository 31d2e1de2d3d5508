"""Business operations of the tournaments app: keyword-only, atomic, one module per domain."""
