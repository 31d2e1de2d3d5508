"""The referee's desk (issue 34, docs/desk.md "The referee's desk"): the live queue (calls from the
tables, incidents waiting for a ruling, what waits for the chief referee, appeals), ruling, deciding,
cancelling with a preview first, and the rules questions. The pages' script calls the public API as
the logged-in referee: what it may do is what the API lets that account do."""
