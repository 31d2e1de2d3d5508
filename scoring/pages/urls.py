"""``/e/{slug}/…``: the public event pages (docs/pages.md). Anything else under ``/e/`` is an HTML 404."""

from django.urls import path, re_path

from scoring.pages import credentials, views

ROUND = r"(?P<number>\d{1,5})"

app_name = "pages"
urlpatterns = [
    path("<slug:slug>/", views.event_home, name="event"),
    re_path(rf"^(?P<slug>[-\w]+)/rounds/{ROUND}/$", views.round_pairings, name="pairings"),
    re_path(rf"^(?P<slug>[-\w]+)/rounds/{ROUND}/results/$", views.round_results, name="results"),
    re_path(rf"^(?P<slug>[-\w]+)/rounds/{ROUND}/deals/$", views.round_deals, name="round-deals"),
    path("<slug:slug>/screen/duplicate", views.screen_percentages, name="screen-duplicate"),
    re_path(r"^(?P<slug>[-\w]+)/print/deal-sets/(?P<pk>\d{1,9})/slips$", views.deal_slips, name="deal-slips"),
    path("<slug:slug>/standings/", views.standings, name="standings"),
    path("<slug:slug>/standings/units/", views.unit_standings, name="units"),
    path("<slug:slug>/rulings/", views.rulings, name="rulings"),
    path("<slug:slug>/screen/", views.screen, name="screen"),
    path("<slug:slug>/screen/live", views.screen_live, name="screen-live"),
    path("<slug:slug>/embed/standings", views.embed_standings, name="embed-standings"),
    path("<slug:slug>/print/", views.print_index, name="print"),
    re_path(
        rf"^(?P<slug>[-\w]+)/print/rounds/{ROUND}/pairings$", views.print_pairings, name="print-pairings"
    ),
    re_path(
        rf"^(?P<slug>[-\w]+)/print/rounds/{ROUND}/scoresheets$",
        views.print_scoresheets,
        name="print-scoresheets",
    ),
    path("<slug:slug>/print/standings", views.print_standings, name="print-standings"),
    path("<slug:slug>/print/table-cards", credentials.print_table_cards, name="print-table-cards"),
    path("<slug:slug>/print/pair-cards", credentials.print_pair_cards, name="print-pair-cards"),
    re_path(r"^.*$", views.not_found),
]
