"""What the tournaments layer tells the layers above it, which it does not import.

``round_published``: sent by ``services.rounds.round_publish`` once a round is published, in the
publishing transaction (``round=`` the round); the scoring app queues its ``round.published``
webhook on it (scoring.signals).
"""

from django.dispatch import Signal

round_published = Signal()
