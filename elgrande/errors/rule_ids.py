"""The rules reference: every rule id the code, the cards and the docs cite, with a
one-line title, the rule in the project's own words, and where it comes from.

Rule ids are stable: ``B..`` the base game, ``I..`` Intrigue & the King, ``C..`` Grand
Inquisitor & the Colonies, ``X..`` the two expansions played together. ``B1`` .. ``B8`` name
a whole section. Errors cite them (:class:`elgrande.errors.IllegalMove` ends its message
with the id and title), card files list them under ``rules:``, and ``elgrande docs``
writes this registry out as ``docs/rules.md``; ``elgrande rules [ID...]`` prints it.

Where the published rules are silent or disagree, the text says which reading the engine
follows ("our choice"). Printed figures (region values, the power-card table, card lists)
are data: they live in the set manifests and card files under ``cards/``, not here.
"""

from __future__ import annotations

import re
from typing import Any

import attrs

#: Where a rule comes from: source key -> the name a player knows.
SOURCES = {
    "base": "El Grande (base game)",
    "intrigue": "Intrigue & the King",
    "colonies": "Grand Inquisitor & the Colonies",
    "both": "Intrigue & the King with Grand Inquisitor & the Colonies",
}


@attrs.frozen(repr=False, eq=False)
class Rule:
    """One rule of the reference.

    Args:
        id: the stable rule id, e.g. ``"B5.2"`` (a section: ``"B5"``).
        title: a one-line title in lower case, e.g. ``"the king's region is closed"``.
        text: the rule in the project's own words (one paragraph, plain text).
        source: a key of :data:`SOURCES`: ``base``, ``intrigue``, ``colonies`` or ``both``.
    """

    id: str
    title: str
    text: str
    source: str = "base"

    @property
    def source_name(self) -> str:
        """The name of the game or expansion the rule comes from."""
        return SOURCES[self.source]

    @property
    def section(self) -> str:
        """The id of the section the rule belongs to: ``B5`` for ``B5.2``, ``I`` for ``I3``."""
        if self.source != "base":
            return self.id[0]
        return self.id.split(".", 1)[0]


def _r(rid: str, title: str, text: str, source: str = "base") -> Rule:
    return Rule(rid, title, " ".join(text.split()), source)


_RULES = (
    # -- B1 components and state --
    _r("B1", "components and state", "What a game is made of and where every piece may be."),
    _r("B1.0", "two to five players", "A game has 2, 3, 4 or 5 players."),
    _r("B1.1", "caballeros are conserved",
       "Each player owns a fixed number of caballeros (30 in the base game, 36 with the "
       "Colonies; the score marker is not one of them). Each of them is always in exactly one "
       "place: the provinces, the court, a region (or a new area of an expansion) or the "
       "Castillo. No effect creates or destroys a caballero, so a player's total never "
       "changes."),
    _r("B1.2", "one Grande per player",
       "Each player has a single Grande. It always stands in one of the nine mainland "
       "regions; only an Intrigue & the King card can put it into the Castillo (I8), and "
       "with the Colonies it may also stand in a new area (C3)."),
    _r("B1.3", "thirteen power cards",
       "Each player holds power cards valued 1 to 13. Each card shows how many caballeros "
       "its player may bring from the provinces to the court when it is played (the table "
       "is in the base set's data)."),
    _r("B1.4", "action cards and their stacks",
       "There are 45 action cards, sorted by the number on their back (the caballeros they "
       "let a player place). The cards backed 1 to 4 form four shuffled, face-down stacks; "
       "the one card backed 5 is the King's card, open to players every round."),
    _r("B1.5", "two mobile scoreboards",
       "Two mobile scoreboards can be laid on a region to replace its printed values; their "
       "values are in the base set's data."),
    _r("B1.6", "the map",
       "The board has nine mainland regions and the Castillo. Which regions border each "
       "other and what each region scores are data of the base set."),
    # -- B2 setup --
    _r("B2", "setup", "How a game is set up before round 1."),
    _r("B2.1", "the king's starting region",
       "One of the nine region cards is drawn at random: the king starts in that region."),
    _r("B2.2", "the Grandes' starting regions",
       "Each player then draws one of the remaining region cards and puts their Grande "
       "there, so no two Grandes start together and none starts with the king."),
    _r("B2.3", "starting caballeros",
       "Each player puts 2 caballeros beside their Grande, 7 in their court and the rest "
       "in the provinces."),
    _r("B2.4", "starting scores", "Every score starts at 0; both mobile scoreboards start "
       "beside the board."),
    _r("B2.5", "the start player",
       "The youngest player plays the first power card of round 1. The engine takes the "
       "start player as a setup choice, chosen at random when none is given."),
    # -- B3 rounds --
    _r("B3", "the round", "The order of play inside one of the nine rounds."),
    _r("B3.1", "the action cards on offer",
       "At the start of a round the top card of each of the four stacks is turned face up; "
       "with the King's card, five action cards are on offer."),
    _r("B3.2", "one power card each, no repeated value",
       "Going clockwise from the round's first player, each player plays one power card "
       "from their hand. A value another player has already played this round may not be "
       "played. Played power cards are gone for good (unless a special action brings one "
       "back)."),
    _r("B3.3", "who plays the first power card",
       "Round 1 begins with the start player. In every later round the player who had the "
       "last turn of the previous round (the one with the lowest power card) plays the "
       "first power card; it is not the player who happened to lay the last card."),
    _r("B3.4", "turn order by power card",
       "Turns are taken from the highest power card played down to the lowest."),
    _r("B3.5", "unchosen action cards are discarded",
       "When every player has had a turn, the action cards nobody took are discarded. The "
       "King's card is never discarded."),
    _r("B3.6", "scorings and the end",
       "A general scoring follows rounds 3, 6 and 9; the game ends after the scoring that "
       "follows round 9."),
    _r("B3.7", "short games",
       "Two shorter games are allowed: the publisher's short game (B3.7a) and the six-round "
       "game of the base game rules (B3.7b)."),
    _r("B3.7a", "the short game",
       "The publisher's short game leaves out rounds 1, 4 and 7. Six rounds are played, "
       "with a scoring after rounds 3, 6 and 9."),
    _r("B3.7b", "the six-round game",
       "The base game rules also allow stopping after round 6 and its scoring, so the game "
       "has two general scorings."),
    # -- B4 a turn --
    _r("B4", "a player's turn", "What a player does on their turn."),
    _r("B4.1", "bringing caballeros to court",
       "First the player brings up to as many caballeros as their power card shows from the "
       "provinces to their court. Only when the provinces are empty may the rest come from "
       "their own caballeros on the board, and never from the Castillo or the king's region. "
       "Every effect that brings caballeros to court follows the same rule."),
    _r("B4.2", "choosing an action card",
       "The player must take one of the action cards still on offer."),
    _r("B4.3", "placing caballeros from court",
       "The player may place from their court up to as many caballeros as the back of the "
       "chosen card shows (none is fine). They go into regions next to the king's region "
       "and/or into the Castillo; how many go into the Castillo is said aloud."),
    _r("B4.4", "the special action may be declined",
       "The player may carry out the special action printed on the card, or not."),
    _r("B4.5", "placement and special action are not mixed",
       "The placement and the special action may come in either order, but each is done "
       "as a whole: one is finished before the other begins (publisher's English rules)."),
    _r("B4.6", "the used card",
       "The used action card goes face down under its stack; the King's card is turned "
       "over to show it has been used this round."),
    # -- B5 the king --
    _r("B5", "the king", "What the king allows and forbids."),
    _r("B5.1", "placement only next to the king",
       "Caballeros placed from court go only into the regions that border the king's "
       "region, or into the Castillo. Special actions may put caballeros elsewhere, but "
       "never into the king's region."),
    _r("B5.2", "the king's region is closed",
       "Nothing enters or leaves the king's region: no caballero, no Grande, no mobile "
       "scoreboard, whether by placement or by a special action. Only the king himself "
       "moves, and only through a special action."),
    _r("B5.3", "the king's bonus",
       "At every scoring, the player who has more caballeros in the king's region than each "
       "other player scores 2 extra points. A tie for most gives nobody the bonus."),
    # -- B6 scoring --
    _r("B6", "the general scoring", "The scoring after rounds 3, 6 and 9."),
    _r("B6.1", "the secret disc",
       "Each player secretly turns their disc to one of the nine mainland regions (the "
       "king's region may be chosen; the Castillo and the new areas of an expansion may "
       "not)."),
    _r("B6.2", "the Castillo is scored first",
       "The Castillo is scored like a region before its caballeros leave it."),
    _r("B6.3", "emptying the Castillo",
       "The discs are shown. Each player moves all their caballeros out of the Castillo "
       "into the region on their disc; a player whose disc shows the king's region puts "
       "them back into their court. The Castillo is then empty."),
    _r("B6.4", "the regions are scored in order",
       "Then the regions are scored one after another in the order of the scoring track "
       "(the order is data of the base set)."),
    _r("B6.5", "ranking a region",
       "Players with at least one caballero in the region are ranked by how many they have "
       "there; Grandes do not count. First place takes the region's left value, second the "
       "middle one, third the right one, and fourth or lower nothing. Tied players all take "
       "the value of the rank below: going down the counts from highest with a position p "
       "starting at 1, a player alone at a count takes rank p and p goes up by 1; two or "
       "more tied players all take rank p + 1 and p goes up by 2. So if everybody ties, "
       "everybody takes the middle value."),
    _r("B6.6", "the Grande bonus",
       "A player whose own Grande stands in the region and who has more caballeros there "
       "than each other player scores 2 extra points. Several Grandes may share a region."),
    _r("B6.7", "the king's bonus at a scoring", "The king's bonus of B5.3 is paid whenever "
       "the king's region is scored."),
    _r("B6.8", "values with two or three players",
       "With 2 players only the left value is paid; with 3 players the left and middle "
       "values. The bonuses are not cut."),
    _r("B6.9", "mobile scoreboards",
       "A region under a mobile scoreboard is scored with the scoreboard's values instead "
       "of its printed ones. A mobile scoreboard may lie on the Castillo; one may never lie "
       "on the other."),
    # -- B7 end --
    _r("B7", "the end of the game", "When the game ends and who wins."),
    _r("B7.1", "the winner",
       "After the last scoring the player with the most points wins; players tied for the "
       "most points share the victory. Nothing more may be played once the game is over."),
    # -- B8 action cards --
    _r("B8", "special actions", "How the special actions of the action cards work."),
    _r("B8.1", "special actions respect the king",
       "The king's region stays closed to every special action (B5.2)."),
    _r("B8.2", "moving caballeros",
       "A move takes caballeros from regions (never from the court, the Castillo or the "
       "king's region) and puts them into any region except the king's, or into the "
       "Castillo; the destination need not border the king. A card naming \"one region\" "
       "as the source means a single region. A card that moves all of your own caballeros "
       "from one region may move all or only some, split over several destinations. Other "
       "\"all\" effects mean all: caballeros sent away by a disc all go to the one region "
       "on the disc."),
    _r("B8.3", "the Intrigue cards",
       "The stack backed 1 holds the Intrigue cards, whose special actions move or place "
       "caballeros (their texts and copies are in the card files)."),
    _r("B8.4", "the Veto",
       "A player who takes a Veto keeps it. It cancels one special action of another "
       "player during this round or the next, and must be played as soon as that player "
       "announces the action; it never stops a placement from court. While a live Veto is "
       "held, every special action is announced before it is carried out, so its holder "
       "can react. A Veto can cancel a Veto, which restores the first action. A Veto is "
       "spent when used, and discarded unused at the end of the round after the one it was "
       "taken in. General scorings carry out no special action, so no Veto applies there. "
       "(The publisher's English rules also let a Veto stop the rest of an action already "
       "begun; the engine follows the base game rules, which do not.)"),
    _r("B8.5", "decide secretly",
       "When a card says to decide secretly, each affected player sets their choice on "
       "the secret disc; all discs are shown together, then carried out."),
    _r("B8.5a", "hidden information",
       "Nobody may look into the Castillo: the number put in is said aloud, so each "
       "player's view shows those announced counts, and the contents are shown at the "
       "scoring. Hands of power cards, discs not yet shown and the order of the stacks are "
       "hidden."),
    _r("B8.6", "special scorings",
       "A special scoring scores only the regions its card names, with the usual ranking, "
       "the two- and three-player values, mobile scoreboards and the king's and Grande "
       "bonuses. The Castillo is never part of an \"all regions of a value\", \"most\", "
       "\"fewest\" or \"first position only\" scoring; it may be picked by \"score any one "
       "region\" and is scored by \"score the Castillo\", after which its caballeros stay "
       "inside. \"Most\" and \"fewest\" count every colour and score every tied region; "
       "\"fewest\" ignores empty regions. In a \"first position only\" scoring a tie for "
       "first scores nothing there. Our choices: a value class uses the values lying on "
       "the region now (a mobile scoreboard's if there is one), and the Castillo is never "
       "in a value class. \"Score any one region\" may pick the king's region."),
    _r("B8.7", "sending caballeros away",
       "Effects that send caballeros to the provinces or to the court never take them from "
       "the Castillo or the king's region; a player who has fewer than asked sends what "
       "they have. \"Each other player\" effects go clockwise from the acting player's "
       "left, each player seeing what the earlier ones did, unless the card says to decide "
       "secretly (B8.5)."),
    _r("B8.8", "the action cards of the base game",
       "The base game has 45 action cards in the four stacks and the King's card; the card "
       "files of the base set list them all with their stack and copies."),
    # -- I Intrigue & the King --
    _r("I1", "combined action and power cards",
       "The base game's power and action cards are not used. Each player has 31 combined "
       "action/power cards and, before the game, secretly picks 13 of them; the rest leave "
       "the game unseen. Beginners may play with the 18 values that divide by ten.",
       "intrigue"),
    _r("I2", "setup with Intrigue & the King",
       "Set up as the base game; then each player secretly picks a region with the disc and "
       "puts 1 court caballero there (picking the king's region keeps it in court). The "
       "King card, the Intrigue card and the Caballero cards for the number of players are "
       "laid out.", "intrigue"),
    _r("I3", "playing cards and taking Caballero cards",
       "Each player plays one of their chosen cards, clockwise from the start player (later "
       "rounds: from the player who played the lowest card last round, as in B3.3); no value "
       "may repeat in a round. The highest card takes the King card and the highest "
       "Caballero card, the next the next Caballero card, and so on; the lowest takes the "
       "lowest Caballero card and the Intrigue card.", "intrigue"),
    _r("I4", "a turn with Intrigue & the King",
       "Turns follow the Caballero cards, highest first. On a turn the player brings "
       "caballeros to court as their card shows (B4.1); then, in either order, carries out "
       "the special action and places up to the Caballero card's number from court (B4.3).",
       "intrigue"),
    _r("I5", "the King and Intrigue cards",
       "The King card lets its holder move the king to any region. The Intrigue card moves "
       "one opponent's caballero, or up to all of the holder's own caballeros, from one "
       "region to any other regions. With 4 or 5 players the holder of either card carries "
       "out only that card's action; with 2 or 3 players they choose between it and their "
       "own card's.", "intrigue"),
    _r("I6", "compulsory special actions",
       "A special action whose text does not say \"you may\" must be carried out (unless "
       "the King or Intrigue card replaces it).", "intrigue"),
    _r("I7", "played cards", "Played cards are discarded face up and never come back; the "
       "King, Intrigue and Caballero cards return to the table at the end of each round.",
       "intrigue"),
    _r("I8", "notes on single cards",
       "Most special actions are the base game's. Some cards differ: one places up to 5 "
       "caballeros instead of the Caballero card's number; one places anywhere except the "
       "king's region; one puts an opponent's Grande into the Castillo, from where it leaves "
       "with the caballeros at the next emptying; one is a Veto usable in other players' "
       "turns; one lays a bridge (only one bridge at a time); one brings a mobile "
       "scoreboard (an unused one first) that goes back after the scoring; and several "
       "limit which regions they reach, as the card texts say.", "intrigue"),
    _r("I9", "a Grande in the Castillo",
       "Our choice: a Grande put into the Castillo counts there like a Grande in a region "
       "(bonus with the sole majority). When the Castillo empties it goes with its owner's "
       "caballeros to the disc's region, or, if that is the king's region, to any other "
       "mainland region its owner picks.", "intrigue"),
    # -- C Grand Inquisitor & the Colonies --
    _r("C1", "components of the Colonies",
       "Four new areas (France, the ship, America, the Mediterranean); the Grand Inquisitor "
       "with 4 black Inquisitor caballeros; 6 more caballeros per player; gold and goods "
       "discs; the Grand Inquisitor card (a sixth stack, used every round); 11 new action "
       "cards (a seventh stack); and two limit tables.", "colonies"),
    _r("C2", "setup with the Colonies",
       "Set up as the base game, then put 2 Inquisitor caballeros in each of two more "
       "drawn regions and the limit table in a third (10 seats with 4 or 5 players, 6 with "
       "2 or 3). Each player takes 12 caballeros, leaving the rest in the provinces: 2 go "
       "beside the Grande, 1 marks the score and 9 go to court; then each player secretly "
       "picks a region and moves 2 court caballeros there (picking the king's region keeps "
       "them in court). America gets 1 gold, the Mediterranean 2 goods. Seven action cards "
       "are on offer each round: the four stacks, the King's card, the Grand Inquisitor "
       "card and the top card of the seventh stack. The Grand Inquisitor starts beside the "
       "board.", "colonies"),
    _r("C3", "the new areas",
       "The new areas work like regions, except that a disc can never show them and the "
       "king may enter France only. A Grande may be moved into any new area (never the "
       "king's region); it is no caballero, so it takes no place there and stays where it "
       "is when caballeros move. Card effects on "
       "\"regions\" include the new areas unless a card or C12 says otherwise (our "
       "choice).", "colonies"),
    _r("C4", "France",
       "France holds at most 3 caballeros, black ones included (a Grande is no caballero: "
       "it takes no place). The first there is the Ambassador (2 extra "
       "points at a scoring), the second the Envoy (1). Caballeros may be placed into France "
       "only while the king is in one of the regions that border it, or by special "
       "actions.", "colonies"),
    _r("C5", "the ship",
       "Caballeros board the ship from court only while the king is in a coastal region. At "
       "the start of a turn a player may sail their caballeros on to France, America, the "
       "Mediterranean or a coastal region (never the king's), or bring caballeros from "
       "America or the Mediterranean back aboard; each caballero makes one such move a "
       "turn. At a scoring only the Captain, the first caballero aboard while the seat is "
       "empty, scores on the ship (3 points).", "colonies"),
    _r("C6", "America and the Mediterranean",
       "These are reached only by ship or by special actions; the king never enters. The "
       "first caballero to arrive in America while the seat is empty is the Viceroy, who "
       "scores 5 every time America is scored and does not count for the ranking there.",
       "colonies"),
    _r("C7", "gold and goods",
       "A seventh-stack card carried out adds its gold and goods to America and the "
       "Mediterranean. A caballero there may pick up one disc; brought to a mainland "
       "region, gold scores 6 and goods 4 at once.", "colonies"),
    _r("C8", "the Grand Inquisitor card",
       "Its taker may bring the Grand Inquisitor to their court, place up to 3 caballeros "
       "and move 2 Inquisitor caballeros. While he is in a player's court, that player "
       "gets one more caballero per turn and the black caballeros count as theirs. Our "
       "choice: effects that move caballeros of any colour, or foreign ones, may move the "
       "black caballeros; nothing sends them to the provinces or to court.", "colonies"),
    _r("C9", "unheld Inquisitor caballeros",
       "While nobody holds the Grand Inquisitor, the black caballeros rank like a player "
       "of their own, and whatever rank they take scores for nobody.", "colonies"),
    _r("C10", "the limit table",
       "In the region with the limit table only the seated caballeros count for its "
       "scoring (ranking and bonuses). Arrivals take empty seats; no seat stays empty "
       "while caballeros stand beside the table.", "colonies"),
    _r("C11", "relocation by special actions",
       "Special actions may move caballeros straight between Spain and America or the "
       "Mediterranean, take a caballero off a limit table, strip an office holder of their "
       "office, or move Inquisitor caballeros (never to the provinces).", "colonies"),
    _r("C12", "scoring the new areas",
       "A general scoring scores the base order, then France, the ship, America and the "
       "Mediterranean. A \"first position only\" scoring pays no Viceroy or Captain, and "
       "the Ambassador and Envoy bonus only to the first-placed player.", "colonies"),
    _r("C13", "new special actions",
       "Conspiracy moves your Grande, with your Castillo caballeros, to your disc's region "
       "at the next general scoring. Removing an action card takes one face-up card still "
       "open to later players out of this round.", "colonies"),
    # -- X both expansions --
    _r("X1", "setup with both expansions",
       "Set up as the Colonies without the base power and action cards; keep the Grand "
       "Inquisitor card and the seventh stack, and lay out the King, Intrigue and "
       "Caballero cards. Each player picks 13 of their 31 cards.", "both"),
    _r("X2", "the Inquisitor and seventh-stack cards",
       "At most two players a round may take the Grand Inquisitor card or the seventh-stack "
       "card, each a different one; such a player carries out one special action, their "
       "own card's or the taken card's. The placement stays the Caballero card's number.",
       "both"),
    _r("X3", "turning over an action card",
       "The seventh-stack card that turns over an action card works as a Veto. The Intrigue "
       "action may move caballeros into and out of the new areas.", "both"),
)

#: Every rule by id, in reading order (sections, then their rules).
RULES: dict[str, Rule] = {r.id: r for r in _RULES}

#: A rule id as it is written in code, cards and docs: ``B5.2``, ``B8.5a``, ``C13``, ``B1``.
RULE_ID = re.compile(r"\b[BICX]\d+(?:\.\d+)?[a-z]?\b")


def rule_key(rid: str) -> tuple[Any, ...]:
    """A sort key putting rule ids in reading order: ``B6.9`` < ``B8.5`` < ``B8.5a`` <
    ``I1`` < ``C10``."""
    order = "BICX"
    head = order.index(rid[0]) if rid and rid[0] in order else len(order)
    parts = re.findall(r"\d+|\D+", rid[1:])
    return (head, *((0, int(x), "") if x.isdigit() else (1, 0, x) for x in parts))


def title(rid: str) -> str | None:
    """The one-line title of rule ``rid``, or None for an id the reference does not hold."""
    r = RULES.get(rid)
    return r.title if r is not None else None


def suggest(rid: str, n: int = 3) -> list[str]:
    """Up to ``n`` known rule ids close to ``rid`` (for "did you mean"), best first."""
    wanted = rid.strip()
    import difflib  # a suggestion only (not imported with the module)
    return difflib.get_close_matches(wanted[:1].upper() + wanted[1:], list(RULES), n=n,
                                     cutoff=0.5)


def lookup(rid: str) -> Rule:
    """The rule with id ``rid`` (``b5.2`` is taken for ``B5.2``).

    Raises:
        KeyError: unknown id; the message offers the closest ids ("did you mean ...").
    """
    r = RULES.get(rid) or RULES.get(rid.strip()[:1].upper() + rid.strip()[1:])
    if r is None:
        close = suggest(rid)
        hint = f" (did you mean {' or '.join(close)}?)" if close else ""
        raise KeyError(f"unknown rule id {rid!r}{hint}")
    return r
