from django.urls import re_path

from referee.incidents.table import MatchIncidentsView
from referee.incidents.views import (
    IncidentViewSet,
    PenaltyCancelPreviewView,
    PenaltyCancelView,
    PenaltyProposalView,
)
from tournaments.urls import EVENT, Router

router = Router(use_regex_path=True)
router.register(f"{EVENT}/incidents", IncidentViewSet, basename="incident")

urlpatterns = [
    *router.urls,
    re_path(r"^matches/(?P<pk>\d{1,18})/incidents/?$", MatchIncidentsView.as_view(), name="match-incidents"),
    re_path(r"^penalties/(?P<pk>\d+)/cancel$", PenaltyCancelView.as_view(), name="penalty-cancel"),
    re_path(
        r"^penalties/(?P<pk>\d+)/cancel/preview$",
        PenaltyCancelPreviewView.as_view(),
        name="penalty-cancel-preview",
    ),
    re_path(
        rf"^{EVENT}/matches/(?P<match>\d+)/penalty-proposal$",
        PenaltyProposalView.as_view(),
        name="penalty-proposal",
    ),
]
