"""Human messages of scorekeeping's stable codes, marked for translation (Chinese on zh-Hans).

The services write an English sentence with the details (which deal, which version); in another
language the API answers this translated message of the code instead (core.problems). A test keeps
every code the scoring services raise in this catalogue.
"""

from django.utils.translation import gettext_lazy as _

MESSAGES = {
    # deals (G5-G8)
    "deal_conflict": _("Another deal was already posted under this number."),
    "deal_out_of_order": _("This is not the number of the next deal."),
    "match_over": _("The match is over; no more deals."),
    "match_closed": _("The match has a confirmed result; deals are closed."),
    "result_submitted": _("A result was submitted; correct the result instead of adding deals."),
    "round_not_published": _("The round is not published yet; nothing can be scored."),
    "bye_match": _("A bye has no opponent and no deals."),
    "wrong_level": _("The deal was played at another level."),
    "wrong_leader": _("Another seat leads this deal."),
    "deal_not_finished": _("The plays end before the deal is over."),
    "finishing_order_mismatch": _("The plays give another finishing order."),
    "finishing_order_incomplete": _(
        "The deal has not ended: give the 1st and 2nd seats of a 1-2 finish, or three seats."
    ),
    "hands_required": _("Plays are replayed from the hands as dealt."),
    "leader_required": _("Name the seat that led the first deal."),
    "wrong_table": _("You do not keep the score of this table."),
    "invalid_anti_tribute": _("An anti-tribute shows both big jokers, held by the seats that owe tribute."),
    "anti_tribute_missed": _("The payers held both big jokers: that is an anti-tribute, not a tribute."),
    "deal_not_posted": _("This deal was not posted; post it instead of correcting it."),
    "later_deal_conflict": _(
        "With this correction a later deal no longer fits the rules: void the deals from it first."
    ),
    # results (G8)
    "match_not_finished": _("The match is not over."),
    "wrong_deal_count": _("The number of deals does not fit the match format."),
    "impossible_levels": _("No number of deals this small can reach these levels."),
    "winner_required": _("Equal levels: say which side won the deal that decides."),
    "unexpected_winner": _("Equal levels are a draw here: give no winner."),
    "winner_contradicts_levels": _("The winner is the side with the higher level."),
    "contradicts_deals": _("The result contradicts the posted deals."),
    "deals_required": _("This event scores every deal: post the deals."),
    "too_many_games": _("The match was decided before this game."),
    "no_time_limit": _("This match format has no clock."),
    "no_game_in_progress": _("No game is being played."),
    "ambiguous_result": _("Give the result one way: levels, games or forfeit."),
    "result_confirmed": _("The match has a confirmed result; a correction names its version."),
    "version_conflict": _("This is not the current version of the result."),
    "same_side": _("The other side, the table token or a referee confirms a result."),
    "not_your_submission": _("Another party submitted this version."),
    "referee_required": _("Only a referee may do this."),
    "correction_period_over": _("The correction period is over: only the chief referee corrects now."),
    "round_closed": _("The round is closed; ask a referee."),
    "no_result": _("No result was submitted for this match."),
    "version_required": _("Name the version."),
    "unknown_version": _("The match has no such result version."),
    "results_pending": _("Some matches have no confirmed result yet."),
    "knockout_needs_winner": _("A knockout match must produce a winner: name the side that forfeited."),
    "winner_advanced": _("The winner already plays in a later published round; the winner cannot change."),
    "sheet_required": _("Setting the deals aside goes with the level sheet: give the levels."),
    # the table's own app, and webhooks
    "table_token_required": _("This answers a table token."),
    "no_match": _("No published round has a match at this table yet."),
    "url_not_allowed": _("A webhook URL is a public http or https address."),
    # event settings (G9, G10)
    "unknown_method": _("Unknown scoring method."),
    "unknown_metric": _("Unknown tiebreak."),
    "duplicate_metric": _("A tiebreak appears twice."),
    "lots_seed_required": _("Drawing lots needs a stored seed."),
}
