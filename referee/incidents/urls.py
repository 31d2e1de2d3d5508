from django.urls import re_path

from referee.incidents.views import IncidentViewSet, PenaltyCancelView
from tournaments.urls import EVENT, Router

router = Router(use_regex_path=True)
router.register(f"{EVENT}/incidents", IncidentViewSet, basename="incident")

urlpatterns = [
    *router.urls,
    re_path(r"^penalties/(?P<pk>\d+)/cancel$", PenaltyCancelView.as_view(), name="penalty-cancel"),
]
