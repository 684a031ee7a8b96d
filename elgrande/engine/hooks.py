"""The hooks a rules module may give, grouped by what they serve, and how the modules'
functions of each compose (docs/architecture.md, "Where does my rule go"):
:mod:`elgrande.engine.modules` composes them.
"""

from __future__ import annotations

from typing import Final

#: Every hook by concern: group -> hook name -> "signature -> what it returns: when it is
#: called (rule); how the modules compose". Every hook is called ``hook(ctx, *own)``:
#: ``ctx`` is a :class:`elgrande.model.hook_context.HookContext` (the state, the board, the
#: events sink a hook appends its events to, the acting player, the engine and flow when
#: there are), then the hook's own arguments; a folded value comes last. How the modules
#: compose (:data:`HOOK_KINDS`): **each** (every module, in load order), **fold** (each
#: module transforms the value the one before returned), **collect** (the lists
#: concatenated), **last** (the last module that answers, not None, wins), **merge** (the
#: dicts merged), **own** (only the module named in what is being answered). A ctx is
#: built once per answer, step or scoring and handed on, never per caballero or place.
#: The hooks marked *event* are the named events the card language's triggers listen to
#: (elgrande/engine/triggers.py): None-checked, they cost nothing unheard.
HOOK_GROUPS: Final[dict[str, dict[str, str]]] = {
    "turn": {
        "setup": "setup(ctx, rng, start_player) -> None: place pieces, deal hands and "
                 "shuffle at the start (B2; start_player is None or the seat that plays "
                 "first, B2.5); each.",
        "initial_hand": "initial_hand(ctx) -> list[int] | None: the cards a player holds "
                        "at the start (B1.3); last.",
        "offer": "offer(ctx, cards) -> list[(card, stack)]: the action cards open this "
                 "round (B3.1), with the stack each came from (-1: a card that is reused); "
                 "fold.",
        "round_start": "round_start(ctx) -> None: *event*: a round begins, its offer open "
                       "(B3.1); each.",
        "turn_start": "turn_start(ctx) -> None: *event*: a turn begins (B4; ctx.player the "
                      "acting player); each.",
        "card_taken": "card_taken(ctx, card) -> None: *event*: the acting player took an "
                      "action card from the offer (B4.2); each.",
        "special_action_done": "special_action_done(ctx) -> None: the special "
                               "action of the turn's action card was carried out (B4.4: "
                               "not declined, not cancelled); each.",
        "turn_end": "turn_end(ctx, card) -> None: *event*: a turn is over, its action card "
                    "back on its stack or kept (B4.6); each.",
        "round_end": "round_end(ctx) -> None: *event*: a round's turns are over (B3.5); "
                     "each.",
    },
    "placement": {
        "court_limit": "court_limit(ctx, limit) -> int: how many caballeros ctx.player may "
                       "bring to court this turn (B4.1); fold.",
        "placement_limit": "placement_limit(ctx, limit) -> int: how many caballeros "
                           "ctx.player may place from court this turn (B4.3); fold.",
        "placement_targets": "placement_targets(ctx, places) -> list[int]: where "
                             "ctx.player's caballeros from court may go with an action "
                             "card's number (B4.3, B5.1); fold.",
        "placement_refused": "placement_refused(ctx, refused) -> dict[place id, [rule, "
                             "message]]: why places that are not placement targets are "
                             "refused (B4.3 refusals citing a module's rule); fold.",
        "placement_room": "placement_room(ctx, room) -> dict[place id, [n, rule, "
                          "message]]: the most caballeros a place may still take (a "
                          "capacity; ctx.player's or, moved by ctx.player's effect, "
                          "anybody's), with the rule a refusal cites; fold; called only "
                          "when some place in question may be named (the modules' "
                          "``hook_places``).",
        "king_places": "king_places(ctx, places) -> list[int]: the places the king may "
                       "stand in beside the mainland regions (B5, an expansion's areas); "
                       "fold.",
        "grande_places": "grande_places(ctx, places) -> list[int]: the places a Grande may "
                         "be moved to beside the mainland regions (B1.2, an expansion's "
                         "areas; the Castillo only where a set's rules put a Grande there, "
                         "I8); fold.",
    },
    "movement": {
        "adjacent": "adjacent(ctx, a, b, adjacent) -> bool: whether places a and b count "
                    "as adjacent now (B5.1; a lasting change of the map, e.g. a bridge); "
                    "fold over the board's adjacency.",
        "movable": "movable(ctx, place, owner, to, n) -> int: how many of owner's n "
                   "caballeros in a place an effect of ctx.player may move to the places "
                   "``to`` (ids; B8.2); fold.",
        "sendable": "sendable(ctx, place, owner, n) -> int: how many of owner's n "
                    "caballeros in a place an effect of ctx.player may send to the "
                    "provinces or court (B8.7); fold.",
        "move_which": "move_which(ctx, sources) -> dict[place id, dict[player, [key, "
                      "[[value, n], ...]]]]: for a move_caballeros decision's ``sources`` "
                      "({place id: {player: n}}; also a send_caballeros decision's places, "
                      "one owner: its parts may name the kinds), which kinds of those "
                      "caballeros a move entry may name with ``key`` (a move entry's extra "
                      "key declared by the module, e.g. which caballero leaves), each "
                      "``value`` with how many of the n are of that kind (the kinds' n "
                      "add up to the n), listed in the order an entry naming none takes "
                      "them; only where there is a real choice; merge.",
        "leaving": "leaving(ctx, place, player, n, key, value) -> None: n of player's "
                   "caballeros are about to leave a place as a move entry (or a send's "
                   "part) named them (``key``: ``value``, declared by ``move_which``), "
                   "before their counts are lowered and the ``leave`` hooks hear of it; "
                   "each.",
        "leave": "leave(ctx, place, player, n) -> None: n of player's caballeros "
                 "left a place (a piece leaves); each.",
        "arrive": "arrive(ctx, place, player, n) -> None: *event*: n of player's "
                  "caballeros arrived in a place (a piece arrives: roles, seats, "
                  "carriers); each.",
        "moved": "moved(ctx, src, dst, player, n) -> None: a special action of ctx.player "
                 "moved n of player's caballeros from src to dst (after the ``leave`` and "
                 "``arrive`` hooks heard of it; B8.2); each.",
        "relocated": "relocated(ctx, options, moves) -> None: the answer to a special "
                     "action's move_caballeros decision was applied (``options``: the "
                     "decision's; ``moves``: (from, to, player, n) or, for kinds a module "
                     "declared, (from, to, player, n, (key, value)); B8.2); each.",
    },
    "scoring": {
        "castillo_emptied": "castillo_emptied(ctx, discs, moves) -> None: *event*: after "
                            "the Castillo's caballeros went to their discs' regions "
                            "(B6.3); each.",
        "scoring_order": "scoring_order(ctx, places) -> list[int]: the order of a general "
                         "scoring after the Castillo (B6.4); fold.",
        "scoring_places": "scoring_places(ctx) -> list[int]: the places whose scoring this "
                          "module's ``ranking_counts`` and ``area_bonus`` may change now (a "
                          "general scoring calls them for these only; a module with those "
                          "hooks and without this one has them called everywhere); "
                          "collect.",
        "ranking_counts": "ranking_counts(ctx, place, ranking) -> (who, counts): who counts "
                          "in a place's ranking and with how many (``ranking``: (who, "
                          "counts); B6.5; seated caballeros, officers not counted, neutral "
                          "caballeros); fold.",
        "area_bonus": "area_bonus(ctx, place, first_only) -> list[(participant, reason, "
                      "points)]: bonuses paid in a place beside the ranking (B6.6-B6.7 are "
                      "the base game's own); collect.",
        "scoring_step": "scoring_step(ctx, step, place) -> None: a step of a "
                        "general scoring is done (``step``: \"castillo\" the Castillo "
                        "scored, B6.2; \"emptied\" its caballeros gone to their discs' "
                        "regions, B6.3; \"region\" a place scored, B6.4; place -1 when "
                        "none); each.",
        "scored": "scored(ctx, places) -> None: *event*: a scoring (general or special) of "
                  "these places is over (B6, B8.6); each.",
    },
    "view": {
        "board_summary": "board_summary(ctx, names) -> list[str]: lines the log's board "
                         "summary after a general scoring adds for a module's pieces (B6; "
                         "an expansion's areas, offices, discs), indented by four spaces; "
                         "collect.",
        "log_changes": "log_changes(ctx, names, seen) -> list[(anchor, line)]: lines the "
                       "log adds for what an answer changed that no event says (e.g. who "
                       "holds an office), each after the answer's last line naming anchor; "
                       "``seen``: a dict kept per log, where the module notes what it told "
                       "(nothing to tell when it had noted nothing yet); collect.",
        "hide": "hide(ctx, state_json, flow_json, viewer) -> None: remove from a view what "
                "the viewer may not see or derive (B8.5a), in place; each.",
        "hide_pieces": "hide_pieces(ctx, viewer) -> None: what ``hide`` removes from a view, "
                       "removed from copies ``ctx.state``, ``ctx.flow`` before ``determinise`` "
                       "(a bot's game drawn without the view's JSON, B8.5a); each.",
        "determinise": "determinise(ctx, viewer, view, rng) -> None: draw the hidden things "
                       "of a game rebuilt from a view (for search bots); each.",
    },
    "saved": {
        "check_saved": "check_saved(ctx, library, state_json, flow_json) -> None: check "
                       "this module's own parts of a saved game being loaded (its "
                       "``state.ext`` pieces, its ``flow.parts`` part; plain data whose "
                       "types the loader checked against the attrs classes; ctx.state is "
                       "read from them) and raise SavedGameError (elgrande.errors) naming "
                       "the bad field; run on load only; each.",
    },
    "side decisions": {
        "aside": "aside(ctx, run) -> Aside | None: a side decision (elgrande.engine.context."
                 "Aside) a module asks of its own accord before the next statement of a "
                 "special action (``run``: the interpreter's position; ``ctx.flow`` None) or, "
                 "with ``run`` None, before the flow's phase decides (between phases, e.g. "
                 "after a court step); the driver pushes it on the run's or the flow's stack "
                 "of asides and asks it first. It must be asked again, the same, from the "
                 "same position (a saved game's load checks ask it again). Asked only while "
                 "``ctx.state.due`` is set (cleared before each ask): a module sets it when a "
                 "change of its own may make it ask, and again from this hook while "
                 "something stays to ask at a later pause; last.",
        "aside_apply": "aside_apply(ctx, aside, answer) -> None: apply an answer, already "
                       "checked and normalised by ``aside.decision``, to an aside this module "
                       "asked (``aside.module``); only that module's hook is called (own).",
    },
}

#: Every hook: name -> its entry of :data:`HOOK_GROUPS`.
HOOKS: Final[dict[str, str]] = {h: doc for group in HOOK_GROUPS.values()
                                 for h, doc in group.items()}

#: How the modules' functions of a hook compose (see :data:`HOOK_GROUPS`).
HOOK_KINDS: Final[dict[str, str]] = {
    **dict.fromkeys(("setup", "round_start", "turn_start", "card_taken",
                     "special_action_done", "turn_end", "round_end", "leaving", "leave",
                     "arrive", "moved", "relocated", "castillo_emptied", "scoring_step",
                     "scored", "hide", "hide_pieces", "determinise", "check_saved"),
                    "each"),
    **dict.fromkeys(("offer", "court_limit", "placement_limit", "placement_targets",
                     "placement_refused", "placement_room", "king_places", "grande_places",
                     "adjacent", "movable", "sendable", "scoring_order", "ranking_counts"),
                    "fold"),
    **dict.fromkeys(("scoring_places", "area_bonus", "board_summary", "log_changes"),
                    "collect"),
    "move_which": "merge",
    **dict.fromkeys(("initial_hand", "aside"), "last"),
    "aside_apply": "own",
}


#: The hooks a module may say the places of (``RulesModule.hook_places``: hook -> ``(board)
#: -> place ids``, the places the hook may ever name or act on with that board, a fixed
#: superset): the engine then calls the hook only when one of the places in question is
#: among them (:meth:`elgrande.engine.modules.Rules.places_of`); a hook composed with a
#: function that says none (another module's, a rule parameter's) is called always.
PLACED_HOOKS: Final[frozenset[str]] = frozenset({"placement_room"})

#: The hooks a module may declare for the neutral caballeros' holder alone
#: (``RulesModule.holder_hooks``: the hook returns the limit it is given unchanged on the
#: turn of a player who does not hold them, ``state.neutral_holder``; C8): the engine then
#: skips the hook on such a turn while no rule change is live (``state.lasting`` empty: a
#: rule parameter's function composed into the hook changes nothing then), when every
#: module with the hook declares it (:attr:`elgrande.engine.modules.Rules.holder_only`).
HOLDER_HOOKS: Final[frozenset[str]] = frozenset({"court_limit", "placement_limit"})
