"""Human messages for the engine's stable codes, marked for translation.

The engine is pure Python and speaks English; in another language the API replaces its
sentence with the translated message of the same code (the code itself never changes).
"""

from django.utils.translation import gettext_lazy as _

MESSAGES = {
    # malformed questions (400)
    "unknown_card": _("Unknown card code."),
    "too_many_copies": _("A card occurs more than twice; two decks hold only two of each."),
    "unknown_level": _("Unknown level; use 2-10, J, Q, K or A."),
    "unknown_seat": _("Unknown seat; use N, E, S or W."),
    "unknown_ruleset": _("Unknown rule profile."),
    "unknown_combination_type": _("Unknown combination type."),
    "unknown_rank": _("Unknown rank."),
    "empty_play": _("A play holds at least one card; pass instead."),
    "too_many_cards": _("A play holds at most 27 cards."),
    "wrong_hand_size": _("Every hand holds 27 cards."),
    "missing_hand": _("All four hands are needed."),
    "duplicate_seat": _("A seat appears twice."),
    "invalid_action": _("An action plays cards or passes."),
    "invalid_choice": _("Not one of the allowed values."),
    # verdicts (200)
    "illegal_combination": _("These cards form no legal combination."),
    "does_not_beat": _("This play does not beat the play on the table."),
    "declared_reading_invalid": _("The declared reading is not a legal reading of these cards."),
    "previous_illegal": _("The play on the table is itself no legal combination."),
    "deal_over": _("The deal is already over."),
    "not_your_turn": _("It is not this seat's turn."),
    "card_not_in_hand": _("The seat does not hold these cards."),
    "cannot_pass_on_lead": _("The seat that leads cannot pass."),
    "tribute_not_highest": _("The tribute must be the payer's highest card (wilds excluded)."),
    "wild_tributed": _("A heart level card is never tributed."),
    "tribute_wrong_payer": _("This seat does not pay tribute."),
    "tribute_wrong_receiver": _("The tribute goes to another seat."),
    "missing_tribute": _("A tribute is missing."),
    "unexpected_tribute": _("No tribute is due."),
    "duplicate_tribute": _("This seat already paid its tribute."),
    "return_not_allowed": _("This card may not be returned."),
    "return_wrong_receiver": _("The return goes back to the seat the tribute came from."),
    "missing_return": _("A return is missing."),
    "unexpected_return": _("No return is due."),
    "duplicate_return": _("This seat already returned a card."),
}
