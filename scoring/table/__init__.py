"""The table app (docs/table-app.md): the phone at a table, opened from its card's QR code, served
under ``/t/`` as one page and plain ES modules (``scoring/static/table/``) that talk to the public
API only. Nothing here knows a rule or a game: the page is a shell with its strings."""
