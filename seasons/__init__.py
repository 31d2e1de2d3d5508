"""A club's season (issue 24): series of events, the players' histories across events, ratings.

It sits above ``scoring`` (it reads confirmed results and standings) beside the referee app:
neither imports the other (pyproject.toml's import-linter layers).
"""
