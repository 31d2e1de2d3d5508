"""The desks (issue 34, docs/desk.md): the staff's web pages — the organiser's desk and the referee's
desk — served by the service, in Chinese and English, for a laptop or a tablet.

The top layer of the project: its pages call the same services, selectors and permission rules as
the API views of every app below (or the API itself, from their scripts); nothing is checked here by
hand that the API checks, nothing is allowed here that the API refuses.
"""
