from django.urls import re_path
from rest_framework.routers import Route, SimpleRouter

from tournaments.views.clubs import CLUB_SLUG, ClubStaffViewSet, ClubViewSet, MemberViewSet
from tournaments.views.events import EventRoleViewSet, EventViewSet, TableTokenViewSet
from tournaments.views.invitations import InvitationViewSet, PasswordView
from tournaments.views.me import MeView
from tournaments.views.registration import PairViewSet, PlayerViewSet, UnitViewSet
from tournaments.views.schedule import EventMatchViewSet, StageViewSet
from tournaments.views.substitutes import SubstitutionViewSet

EVENT = r"events/(?P<event_slug>[-a-zA-Z0-9_]+)"
CLUB = rf"clubs/(?P<club_slug>{CLUB_SLUG})"


class Router(SimpleRouter):
    """Collections and resources end in a slash (``/events/``); operations need none (``…/draw``).

    docs/events.md writes operations without a slash (``POST …/rounds/{n}/draw``, ``…/pairs/import``);
    both spellings are served, because a redirect would make a client drop the body of its POST.
    The OpenAPI document shows the spelling without the slash.
    """

    def _get_dynamic_route(self, route, action) -> Route:
        dynamic = super()._get_dynamic_route(route, action)
        return dynamic._replace(url=dynamic.url.replace("{trailing_slash}", "(?:/)?"))


router = Router(use_regex_path=True)
router.register("events", EventViewSet, basename="event")
router.register(f"{EVENT}/roles", EventRoleViewSet, basename="event-role")
router.register(f"{EVENT}/table-tokens", TableTokenViewSet, basename="table-token")
router.register(f"{EVENT}/invitations", InvitationViewSet, basename="invitation")
router.register(f"{EVENT}/units", UnitViewSet, basename="unit")
router.register(f"{EVENT}/players", PlayerViewSet, basename="player")
router.register(f"{EVENT}/pairs", PairViewSet, basename="pair")
router.register(f"{EVENT}/substitutions", SubstitutionViewSet, basename="substitution")
router.register(f"{EVENT}/stages", StageViewSet, basename="stage")
router.register(f"{EVENT}/matches", EventMatchViewSet, basename="event-match")
router.register("clubs", ClubViewSet, basename="club")
router.register(f"{CLUB}/staff", ClubStaffViewSet, basename="club-staff")
router.register(f"{CLUB}/members", MemberViewSet, basename="club-member")

urlpatterns = [
    re_path(r"^me/?$", MeView.as_view(), name="me"),
    re_path(r"^me/password/?$", PasswordView.as_view(), name="me-password"),
    *router.urls,
]
