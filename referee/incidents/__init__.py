"""Incidents, rulings, penalties and appeals (docs/referees.md, docs/rules/guandan.md G12): the Django side.

The penalty tables and proposals are pure (``engine.penalties``); the records are ``referee.models``;
here are the services that write them, the selectors that read them, and the API.
"""
