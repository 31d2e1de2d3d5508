"""What the scoring layer tells the layers above it, which it does not import.

``standings_changed``: sent by ``services.common.notify_standings`` (``event=`` the event) in the
transaction of every change the standings show: a result confirmed, corrected or ruled on, a pair
withdrawn, a bye published. The seasons app rates the club's players again after the commit
(docs/ratings.md).
"""

from django.dispatch import Signal

standings_changed = Signal()
