from django.urls import re_path

from scoring.views import duplicate, events, forms, matches, standings, sync
from scoring.views.match_detail import MatchViewSet
from scoring.views.rounds import RoundViewSet
from tournaments.urls import CLUB, EVENT, Router

ID = r"(?P<pk>\d{1,18})"
ROUND = rf"{EVENT}/rounds/(?P<number>\d{{1,5}})"  # an event's round by its number
# Collections and resources are written with a trailing slash (``…/deals/``), operations without
# (``…/result/confirm``), as the OpenAPI document shows them; both spellings are served, because a
# redirect would make a client drop the body of its POST.

router = Router(use_regex_path=True)
# The rounds are the tournaments layer's, published through this one (scoring.views.rounds).
router.register(f"{EVENT}/rounds", RoundViewSet, basename="round")
router.register(f"{EVENT}/disputes", events.DisputeViewSet, basename="dispute")
router.register(f"{EVENT}/audit", events.AuditViewSet, basename="audit")
router.register(f"{CLUB}/audit", events.ClubAuditViewSet, basename="club-audit")
router.register(f"{EVENT}/webhooks", events.WebhookViewSet, basename="webhook")
router.register("matches", MatchViewSet, basename="match")  # one table: /matches/{id}/

urlpatterns = [
    re_path(rf"^matches/{ID}/deals/?$", matches.MatchDealsView.as_view(), name="match-deals"),
    re_path(rf"^matches/{ID}/deal-form/?$", forms.MatchDealFormView.as_view(), name="match-deal-form"),
    re_path(
        rf"^matches/{ID}/deals/preview(?:/)?$", forms.DealPreviewView.as_view(), name="match-deals-preview"
    ),
    re_path(rf"^matches/{ID}/deals/void(?:/)?$", matches.DealsVoidView.as_view(), name="match-deals-void"),
    re_path(
        rf"^matches/{ID}/deals/(?P<number>\d{{1,5}})/?$", matches.MatchDealView.as_view(), name="match-deal"
    ),
    re_path(rf"^matches/{ID}/result(?:/)?$", matches.MatchResultView.as_view(), name="match-result"),
    re_path(
        rf"^matches/{ID}/result/confirm(?:/)?$",
        matches.ResultConfirmView.as_view(),
        name="match-result-confirm",
    ),
    re_path(r"^table/?$", matches.TableView.as_view(), name="table"),
    re_path(r"^sync(?:/)?$", sync.SyncView.as_view(), name="sync"),
    re_path(rf"^{EVENT}/standings/?$", standings.StandingsView.as_view(), name="standings"),
    re_path(
        rf"^{EVENT}/standings/export(?:/)?$",
        standings.StandingsView.as_view(export=True),
        name="standings-export",
    ),
    re_path(rf"^{EVENT}/standings/units/?$", standings.UnitStandingsView.as_view(), name="unit-standings"),
    re_path(
        rf"^{EVENT}/standings/units/export(?:/)?$",
        standings.UnitStandingsView.as_view(export=True),
        name="unit-standings-export",
    ),
    re_path(rf"^{EVENT}/results/?$", standings.ResultsView.as_view(), name="results"),
    re_path(
        rf"^{EVENT}/results/export(?:/)?$", standings.ResultsView.as_view(export=True), name="results-export"
    ),
    re_path(rf"^{EVENT}/deal-sets/?$", duplicate.DealSetsView.as_view(), name="deal-sets"),
    re_path(
        rf"^{EVENT}/deal-sets/import(?:/)?$", duplicate.DealSetImportView.as_view(), name="deal-sets-import"
    ),
    re_path(rf"^{EVENT}/deal-sets/{ID}/?$", duplicate.DealSetView.as_view(), name="deal-set"),
    re_path(
        rf"^{ROUND}/deals/?$",
        duplicate.RoundDealsView.as_view(),
        name="round-deals",
    ),
    re_path(
        rf"^{ROUND}/deals/(?P<board>\d{{1,3}})/traveller(?:/)?$",
        duplicate.TravellerView.as_view(),
        name="traveller",
    ),
    re_path(
        rf"^{EVENT}/duplicate/standings/?$",
        duplicate.DuplicateStandingsView.as_view(),
        name="duplicate-standings",
    ),
    re_path(
        rf"^{ROUND}/team-draw(?:/)?$",
        duplicate.TeamDrawView.as_view(),
        name="team-draw",
    ),
    re_path(
        rf"^{ROUND}/team-matches/?$",
        duplicate.TeamMatchesView.as_view(),
        name="team-matches",
    ),
    re_path(
        rf"^{EVENT}/duplicate/teams/standings/?$",
        duplicate.TeamStandingsView.as_view(),
        name="team-standings",
    ),
    *router.urls,
]
