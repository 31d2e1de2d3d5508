"""A table's deal form and a deal's preview (docs/table-app.md): what any app needs to enter any game's
deals without knowing its rules. The game's scoresheet describes the form and plays the preview
(engine/forms.py, ``MatchSheet.deal_form``/``deal_notes``); these views translate and answer."""

from __future__ import annotations

from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.response import Response

from core.fast import lean
from core.problems import Problem
from core.schema import problems
from engine.levels import format_level
from scoring.permissions import ScoringPermission
from scoring.problems import Missing
from scoring.selectors.deal_forms import correction_form, next_deal_form
from scoring.selectors.matches import state_answer
from scoring.serializers.deals import deal_body, deal_input_serializer
from scoring.serializers.forms import DealPreviewSerializer, MatchDealFormSerializer
from scoring.services.deal_preview import deal_preview
from scoring.views.base import MatchScopedView
from scoring.views.matches import DEAL_INPUT

NUMBER = OpenApiParameter(
    "number",
    int,
    description="A posted deal's number: the form of that deal as its correction "
    "(`PUT …/deals/{number}`) takes it, the match as it stood before the deal. "
    "`404 deal_not_posted` for a deal not posted.",
)


class MatchDealFormView(MatchScopedView):
    """``/matches/{id}/deal-form``: the form of the match's next deal (or, with ``?number=``, of a
    posted deal to correct), in the caller's language."""

    read_permission = ScoringPermission.RESULTS

    @extend_schema(
        summary="The form of the match's next deal, or of a posted deal to correct",
        parameters=[NUMBER],
        responses={200: MatchDealFormSerializer, **problems(400, 403, 404)},
        tags=["scorekeeping"],
    )
    def get(self, request, pk):
        match = self.get_match()
        asked = request.query_params.get("number")
        if asked is None:
            form = next_deal_form(match)
        else:
            if not asked.isdigit() or not 1 <= int(asked) <= 99999:
                raise Problem("number is a deal's number (1, 2, …).", "invalid", field="number")
            form = correction_form(match, int(asked))
            if form is None:
                raise Missing(f"Deal {asked} of this match is not posted.", "deal_not_posted", field="number")
        return Response({"match": match.pk, "game": match.round.event.game, "form": form.to_dict(gettext)})


class DealPreviewView(MatchScopedView):
    """``/matches/{id}/deals/preview``: a deal checked and played as its post would be, not stored."""

    @extend_schema(
        summary="Preview a deal: what its post would record and do (nothing is stored)",
        request=DEAL_INPUT,
        responses={200: DealPreviewSerializer, **problems(400, 403, 404, 409, 422)},
        tags=["scorekeeping"],
    )
    def post(self, request, pk):
        match = self.get_match()
        data = lean.validated(deal_input_serializer(match.round.event.game), request.data)
        preview = deal_preview(match=match, number=data["number"], body=deal_body(data), actor=self.actor)
        names = {code: gettext(label) for code, label in preview.form.labels().items()}
        return Response(
            {
                "match": match.pk,
                "number": preview.number,
                "level": None if preview.level is None else format_level(preview.level),
                "record": preview.record,
                "notes": [note.to_dict(gettext, names) for note in preview.notes],
                "state": state_answer(match, preview.after),
            }
        )
