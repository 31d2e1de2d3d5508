from django.urls import include, path

from referee.api import views

urlpatterns = [
    path("referee/plays/validate", views.PlayValidateView.as_view(), name="referee-play-validate"),
    path("referee/deals/replay", views.DealReplayView.as_view(), name="referee-deal-replay"),
    path("referee/tributes/validate", views.TributeValidateView.as_view(), name="referee-tribute-validate"),
    path("referee/bidding/validate", views.BiddingValidateView.as_view(), name="referee-bidding-validate"),
    path("rulesets/", views.RulesetListView.as_view(), name="ruleset-list"),
    path("rulesets/<str:key>/", views.RulesetDetailView.as_view(), name="ruleset-detail"),
    path("infractions/", views.InfractionListView.as_view(), name="infraction-list"),
    path("", include("referee.incidents.urls")),
    path("", include("referee.calls.urls")),
]
