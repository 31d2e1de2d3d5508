"""Human messages for the engine's stable codes, marked for translation.

The engine is pure Python and speaks English; in another language the API replaces its
sentence with the translated message of the same code (the code itself never changes).
"""

from enum import StrEnum

from django.utils.translation import gettext_lazy as _

from engine.errors import InputCode
from engine.registry import GAMES
from engine.rounds import TurnCode

# The engine's code catalogue: every code a referee answer or a 400 can carry has a member here: the
# shared codes, then each game's own (``Game.codes``).
CATALOGUE: tuple[type[StrEnum], ...] = (
    InputCode,
    TurnCode,
    *dict.fromkeys(codes for game in GAMES.values() for codes in game.codes),
)

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
    # every other code of the catalogue (referee.api.messages.CATALOGUE)
    "invalid": _("The request is malformed."),
    "invalid_type": _("A value has the wrong JSON type."),
    "unknown_field": _("Unknown field."),
    "out_of_range": _("The value is out of range."),
    "not_supported": _("This game has no such question."),
    "unknown_game": _("Unknown game."),
    "unknown_suit": _("Unknown suit."),
    "invalid_play_size": _("A play of this game cannot hold that many cards."),
    "wrong_number_of_cards": _("A follow must hold as many cards as the lead."),
    "invalid_bid": _("A bid is an object with a seat and a bid or a pass."),
    "invalid_lead": _("The lead on the table is not a legal lead."),
    "empty_trick": _("A trick holds at least its lead."),
    "incomplete_trick": _("Only the last trick may be unfinished."),
    "too_many_plays": _("A trick holds one play per seat."),
    "missing_dealer": _("Name the dealer of the first deal."),
    "wrong_dealer": _("This seat is not the dealer of the deal."),
    "match_over": _("The match is already over."),
    "invalid_declaration": _("Not a legal declaration."),
    "invalid_anti_tribute": _("An anti-tribute needs both big jokers shown by the payers."),
    "anti_tribute_missed": _("The payers held both big jokers: the tribute should have been refused."),
    "bidding_over": _("The bidding is already over."),
    "bidding_banned": _("This seat may not bid."),
    "bid_not_higher": _("A bid must be higher than the last one."),
    "bidding_unfinished": _("The bidding is not over yet."),
    "missing_report": _("The seat had to report its remaining cards."),
    "bomb_limit": _("No more bombs may be played in this deal."),
    "wrong_report": _("The reported card count is wrong."),
    "already_reported": _("The seat has already reported its cards: a report comes once."),
    "ask_out_of_turn": _("This seat may not ask now."),
    "ask_not_allowed": _("Asking is not allowed here."),
    "declaration_not_allowed": _("No declaration is allowed in this deal."),
    "declaration_after_bottom": _("No declaration after the bottom cards are taken."),
    "overcall_too_weak": _("An overcall must be stronger than the declaration it replaces."),
    "mixed_lead": _("A lead holds cards of one suit."),
    "not_a_throw": _("These cards are not a legal throw."),
    "throw_wrongly_refused": _("The throw was refused although it could not be beaten."),
    "wrong_throw_remedy": _("A failed throw is settled otherwise."),
    "throw_not_highest": _("A throw must be the highest of its suit."),
    "not_following_suit": _("The seat must follow suit."),
    "not_following_tractor": _("The seat must follow with a tractor."),
    "not_following_pairs": _("The seat must follow with pairs."),
}
