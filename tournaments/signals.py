"""What the tournaments layer tells the layers above it, which it does not import.

``round_published``: sent by ``services.rounds.round_publish`` once a round is published, in the
publishing transaction (``round=`` the round); the scoring app queues its ``round.published``
webhook on it (scoring.signals).

``member_merged``: see below.
"""

from django.dispatch import Signal

round_published = Signal()

#: ``member_merged``: sent by ``services.clubs.member_merge`` in the merging transaction, once every
#: entry of the merged member points at the one it became (``member=`` the merged member, whose
#: ``merged_into`` is set, ``into=`` the survivor); the ratings of the seasons app listen to it.
member_merged = Signal()
