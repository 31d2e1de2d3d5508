"""PostgreSQL as Django's backend, with the connection health check only after idleness (``base``)."""
