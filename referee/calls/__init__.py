"""A table calls a referee (docs/referees.md "Calling a referee"): the call, its list for the event's
referees, the table's cancel and the referee's answer, and the ``referee.called`` webhook."""
