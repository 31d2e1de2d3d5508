"""Server-rendered public pages of an event (docs/pages.md): ``/e/{slug}/`` and below.

Owned by the scoring app: pages show pairings, results and standings, read through the API's own
selectors and visibility rules (``data``); ``views`` are thin; ``printing`` adds what paper needs
(score sheets, table cards with QR codes, certificates). Templates live in
``scoring/templates/pages/``, CSS and JavaScript in ``scoring/static/pages/`` (served by WhiteNoise).
"""
