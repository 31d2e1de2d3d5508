"""What the tournaments layer tells the layers above it, which it does not import, besides the
changes of an event's rows (``tournaments.changes``: its one write path and its subscribers).

``member_merged``: see below.
"""

from django.dispatch import Signal

#: ``member_merged``: sent by ``services.clubs.member_merge`` in the merging transaction, once every
#: entry of the merged member points at the one it became (``member=`` the merged member, whose
#: ``merged_into`` is set, ``into=`` the survivor); the ratings of the seasons app listen to it.
member_merged = Signal()
