"""``POST /sync``: a batch of deals, results and confirmations from a phone that was offline."""

from __future__ import annotations

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema, extend_schema_serializer
from rest_framework import exceptions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import StrictCharField, StrictChoiceField, StrictIntegerField
from core.filters import BIGINT_MAX
from core.idempotency import request_principal
from core.permissions import Permission
from core.problems import exception_handler
from core.schema import PROBLEM_SERIALIZER, problems
from core.serializers import represent
from scoring.actors import actor_of
from scoring.selectors.access import visible_match
from scoring.selectors.matches import state_answer
from scoring.serializers.deals import (
    DealPostedSerializer,
    DealSerializer,
    deal_body,
    deal_input_serializer,
)
from scoring.serializers.matches import results_document
from scoring.serializers.results import ConfirmInputSerializer, MatchResultsSerializer, ResultInputSerializer
from scoring.services.deals import deal_submit
from scoring.services.result_facts import ResultSubmission
from scoring.services.results import result_confirm, result_submit
from scoring.services.sync import SyncItem, sync_apply
from scoring.views.matches import DEAL_INPUT

#: What each kind of item takes: a deal, its game's body (its adapter's, ``deal_input_serializer``).
INPUTS = {"result": ResultInputSerializer, "confirm": ConfirmInputSerializer}
KINDS = ("deal", *INPUTS)


class SyncItemSerializer(serializers.Serializer):
    key = StrictCharField(max_length=255, help_text="The item's own idempotency key (a UUID).")
    kind = StrictChoiceField(choices=list(KINDS), help_text="deal, result or confirm.")
    match = StrictIntegerField(min_value=1, max_value=BIGINT_MAX, help_text="The match id.")
    body = serializers.DictField(help_text="What the single endpoint takes.")


class SyncRequestSerializer(serializers.Serializer):
    # (ignore: a many=True serializer takes min_length and max_length since DRF 3.14; the stubs lack them)
    items = SyncItemSerializer(many=True, min_length=1, max_length=200)  # type: ignore[call-arg]


BODY_HELP = {
    "deal": "What `POST /matches/{id}/deals/` takes.",
    "result": "What `POST /matches/{id}/result` takes.",
    "confirm": "What `POST /matches/{id}/result/confirm` takes, without a PIN (docs/scoring.md §3).",
}


# ---- the OpenAPI document's shapes of a batch: each item and each answer by its kind ------------
# The batch is checked item by item at run time (a bad item is refused alone, with its problem);
# the document says what each kind of item carries and answers, told apart by ``kind``.

#: What each kind's single endpoint takes (a deal: any game's), and answers when it applies the item.
DOCUMENTED_INPUTS = {**INPUTS, "deal": DEAL_INPUT}
ANSWERS = {"deal": DealPostedSerializer, "result": MatchResultsSerializer, "confirm": MatchResultsSerializer}


def _instance(body, **kwargs) -> serializers.Serializer:
    """A body as a field of an item: a serializer class made one (a proxy is one already)."""
    return body(**kwargs) if isinstance(body, type) else body


def _item(kind: str) -> type[serializers.Serializer]:
    name = f"Sync{kind.capitalize()}Item"
    fields = {
        "key": StrictCharField(max_length=255, help_text="The item's own idempotency key (a UUID)."),
        "kind": StrictCharField(help_text=f"`{kind}`."),
        "match": StrictIntegerField(min_value=1, max_value=BIGINT_MAX, help_text="The match id."),
        "body": _instance(DOCUMENTED_INPUTS[kind], help_text=BODY_HELP[kind]),
    }
    return extend_schema_serializer(component_name=name)(
        type(f"{name}Serializer", (serializers.Serializer,), fields)
    )


#: What an answer's ``outcome`` says of its body: the single endpoint's answer, or its problem.
APPLIED, REFUSED = ("applied", "already_applied"), ("conflict", "refused")


def _answer_as(kind: str, outcomes: tuple[str, ...], body, help_text: str) -> type[serializers.Serializer]:
    """One kind's answer with one kind of body: applied (its endpoint's answer) or refused (a problem)."""
    name = f"Sync{kind.capitalize()}{'Applied' if outcomes == APPLIED else 'Refused'}"
    fields = {
        "key": StrictCharField(),
        "kind": StrictCharField(help_text=f"`{kind}`."),
        "match": StrictIntegerField(),
        "outcome": StrictCharField(help_text=" or ".join(f"`{outcome}`" for outcome in outcomes) + "."),
        "status": StrictIntegerField(help_text="The status the single endpoint would have answered."),
        "body": _instance(body, help_text=help_text),
    }
    return extend_schema_serializer(component_name=name)(
        type(f"{name}Serializer", (serializers.Serializer,), fields)
    )


def _answer(kind: str) -> PolymorphicProxySerializer:
    """One kind's answer, told apart by ``outcome``: its body is the single endpoint's answer when the
    item applied (or was applied already), its problem+json body when it was refused or conflicted
    (docs/api.md "The contract": a phone's generated client narrows on ``kind``, then ``outcome``)."""
    applied = _answer_as(kind, APPLIED, ANSWERS[kind], "The single endpoint's answer.")
    refused = _answer_as(kind, REFUSED, PROBLEM_SERIALIZER, "The single endpoint's problem+json body.")
    return PolymorphicProxySerializer(
        component_name=f"Sync{kind.capitalize()}Answer",
        serializers={**dict.fromkeys(APPLIED, applied), **dict.fromkeys(REFUSED, refused)},
        resource_type_field_name="outcome",
    )


SYNC_ITEM = PolymorphicProxySerializer(
    component_name="SyncItem",
    serializers={kind: _item(kind) for kind in KINDS},
    resource_type_field_name="kind",
    many=True,
    min_length=1,
    max_length=200,
)
SYNC_ANSWER = PolymorphicProxySerializer(
    component_name="SyncAnswer",
    serializers={kind: _answer(kind) for kind in KINDS},
    resource_type_field_name="kind",
    many=True,
)


@extend_schema_serializer(component_name="SyncRequest")
class SyncRequestDocument(serializers.Serializer):
    """A batch of up to 200 items, applied in order, each as its single endpoint would."""

    items = SYNC_ITEM


@extend_schema_serializer(component_name="SyncResponse")
class SyncResponseDocument(serializers.Serializer):
    items = SYNC_ANSWER


class SyncView(APIView):
    write_permission = Permission.AUTHENTICATED

    @extend_schema(
        summary="Apply a batch of deals and results from an offline phone, item by item",
        request=SyncRequestDocument,
        responses={200: SyncResponseDocument, **problems(400, 401)},
        tags=["scorekeeping"],
    )
    def post(self, request):
        serializer = SyncRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        items = [SyncItem(**item) for item in serializer.validated_data["items"]]
        answers = sync_apply(
            items=items,
            principal=request_principal(request),
            apply=self.apply,
            problem=lambda exc: exception_handler(exc, {"request": request, "view": self}),
        )
        return Response({"items": answers})

    def apply(self, item: SyncItem):
        match = visible_match(self.request, item.match)
        # A match the caller cannot see (another table's, for a table token) is not found, as at its
        # single endpoint (docs/scoring.md §8).
        if match is None:
            raise exceptions.NotFound(f"No match {item.match}.")
        actor = actor_of(self.request, match.round.event)
        kind = deal_input_serializer(match.round.event.game) if item.kind == "deal" else INPUTS[item.kind]
        inputs = kind(data=item.body)
        inputs.is_valid(raise_exception=True)
        data = inputs.validated_data
        if item.kind == "deal":
            dealt = deal_submit(
                match=match,
                number=data["number"],
                body=deal_body(data),
                played_at=data.get("played_at"),
                actor=actor,
            )
            state = state_answer(match, dealt.state)
            dealt.deal.match = match  # its sheet is the match's, loaded
            answer = {"match": match.pk, "deal": represent(DealSerializer, dealt.deal), "state": state}
            return (201 if dealt.created else 200), answer, dealt.created
        if item.kind == "result":
            posted = result_submit(match=match, submission=ResultSubmission(**data), actor=actor)
        else:
            posted = result_confirm(
                match=match, version=data["version"], side=data["side"] or "", actor=actor
            )
        answer = results_document(match, posted.versions, staff=True)  # as written: not read again
        return (201 if posted.created else 200), answer, posted.changed
