"""The filters of an event's tables list (``GET …/matches/``): by round, table and status, and the
round board's search by a pair's or a table's number (docs/desk.md "The round board")."""

from __future__ import annotations

import django_filters

from core.filters import SMALLINT_MAX, IntegerFilter, StringChoiceFilter
from tournaments.models import Match, MatchStatus
from tournaments.selectors.search import table_or_pair, tables_of_pair


class MatchFilter(django_filters.FilterSet):
    round = IntegerFilter(field_name="round__number", maximum=SMALLINT_MAX, help_text="Round number")
    table = IntegerFilter(field_name="table", maximum=SMALLINT_MAX, help_text="Table number")
    status = StringChoiceFilter(choices=MatchStatus.choices)
    # The round board's search (docs/desk.md): answered by the database, so that it stays one query
    # at 2,500 tables, not a read of the whole round by the page.
    pair = IntegerFilter(
        method="filter_pair", maximum=SMALLINT_MAX, help_text="A pair's number: the tables where it plays"
    )
    number = IntegerFilter(
        method="filter_number",
        maximum=SMALLINT_MAX,
        help_text="A table's or a pair's number: that table, and the tables where that pair plays",
    )

    class Meta:
        model = Match
        fields = ["round", "table", "status", "pair", "number"]

    def filter_pair(self, queryset, name, value):
        return tables_of_pair(queryset, value)

    def filter_number(self, queryset, name, value):
        return table_or_pair(queryset, value)
