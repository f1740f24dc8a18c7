// Made from docs/protocol.schema.json by tests/protocol_types.py: do not edit.

/** Take an action as text: cards ``"3D 3S"``, ``"pass"``, ``"no"`` (decline an offer), a side action (``"announce"``, ``"give 3D"``, …). ``id`` is the client's own id for the action, so a resend is applied once; ``seq`` the state it was chosen in, so an action for a turn that has passed is refused as stale. */
export interface Act {
  id: string;
  type: "act";
  action: string;
  seq?: number | null;
}

/** A line to everyone in the room (at most `CHAT_LENGTH` characters). */
export interface Chat {
  id?: string | null;
  type: "chat";
  text: string;
}

/** Open a room and sit in its first seat as the host. */
export interface Create {
  id?: string | null;
  type: "create";
  name: string;
  preset?: string;
  players?: number | null;
  options?: Record<string, string>;
  seats?: Array<string>;
  deals?: number | null;
  target?: number | null;
  turn_seconds?: number;
  public?: boolean;
  pace?: "normal" | "fast" | "instant" | null;
  pause_seconds?: number | null;
  spectators_chat?: boolean;
}

/** The host's controls. ``what``: ``start``; ``seat`` (make ``seat`` open or a bot of ``kind`` before the start); ``remove`` (a player's seat goes to a bot); ``mute``; ``hand_over`` (the host role to ``seat``); ``invite`` (a token for an open seat, for a program to play it); ``close``; ``rematch`` (after the session: a new one, the same seats); ``no_rematch`` (the rematch asked for is refused); ``spectators_chat`` (whether spectators may chat: ``allow``). */
export interface Host {
  id?: string | null;
  type: "host";
  what: "start" | "seat" | "remove" | "mute" | "hand_over" | "invite" | "close" | "rematch" | "no_rematch" | "spectators_chat";
  seat?: number | null;
  kind?: string | null;
  allow?: boolean | null;
}

/** Take an open seat (``seat``, or the first open one) under ``name``. */
export interface Join {
  id?: string | null;
  type: "join";
  room: string;
  name: string;
  seat?: number | null;
}

/** Leave the seat to a bot for the rest of the session. */
export interface Leave {
  id?: string | null;
  type: "leave";
}

/** A heartbeat: answered with ``pong`` (a connection silent for a minute is dropped). */
export interface Ping {
  id?: string | null;
  type: "ping";
}

/** Between deals: this seat has read the deal's summary; the next deal starts once every person present is ready (or the room's pause runs out). */
export interface Ready {
  id?: string | null;
  type: "ready";
}

/** After the session: ask for a rematch (``yes`` false takes it back); the host confirms with ``host`` ``rematch`` or refuses with ``no_rematch``. */
export interface Rematch {
  id?: string | null;
  type: "rematch";
  yes?: boolean;
}

/** Come back to the seat a token was given for; ``last`` is the last sequence number received (what was missed is sent again, or a fresh state). */
export interface Resume {
  id?: string | null;
  type: "resume";
  room: string;
  token: string;
  last?: number | null;
}

/** Stop following the room: no more of its messages on this connection. A player's seat stays theirs, as when the socket closes (a bot plays it after the grace period). */
export interface Unwatch {
  id?: string | null;
  type: "unwatch";
}

/** Vote to end the session after the deal in play (a majority of the people ends it). */
export interface Vote {
  id?: string | null;
  type: "vote_end";
  yes?: boolean;
}

/** Watch a room: the public view only; ``name`` signs the spectator's chat lines. */
export interface Watch {
  id?: string | null;
  type: "watch";
  room: string;
  last?: number | null;
  name?: string | null;
}

/** Why ``action`` would be refused now, asked before sending it: answered with a ``why`` message; nothing changes. */
export interface Why {
  id?: string | null;
  type: "why";
  action: string;
}

export type ClientMessage = Act | Chat | Create | Host | Join | Leave | Ping | Ready | Rematch | Resume | Unwatch | Vote | Watch | Why;

/** An action (``act``) was taken, as the change ``seq`` (a resend: its first answer). */
export interface Ack {
  type: "ack";
  id: string;
  seq: number;
}

/** The server is going: reconnect (and resume) in a moment if ``reconnect``. */
export interface Bye {
  type: "bye";
  code: string;
  reason: string;
  reconnect: boolean;
}

/** A chat line, to everyone in the room: a seat's, or (``seat`` null) a spectator's. */
export interface ChatLine {
  type: "chat";
  seat: number | null;
  name: string;
  text: string;
}

/** A refusal: a stable ``code`` (``docs/refusals.md``), the sentence, its parameters, and the ``id`` of the request it answers. */
export interface Error {
  type: "error";
  code: string;
  message: string;
  params: Record<string, unknown>;
  id?: string | null;
}

/** Something that happened at the table, as one audience may see it (``docs/views.md``, "Events"): a move (``act``), a deal dealt or over, a trick won, a timer run out, … ``combo``, on a play only, is its combination's kind (``pair``, ``full_house``): the engine's classification, so a page names the play without classifying it again. */
export interface Event {
  kind: string;
  seat: number | null;
  move: string | null;
  data: Record<string, unknown>;
  combo?: string;
}

/** Events missed (on ``resume``, ``watch`` with ``last``, or a gap), before a `State`. */
export interface Events {
  type: "events";
  seq: number;
  events: Array<Event>;
}

/** The first message on a connection that speaks this protocol's ``version``. */
export interface Hello {
  type: "hello";
  version?: number;
  lang?: string;
}

/** To the host: a token for ``seat``, to hand to a program that will play it. */
export interface Invited {
  type: "invited";
  seat: number | null;
  token: string;
}

/** A payment of the settlement and how it follows from the points: the deals that moved points between the two (``[deal, points]``, towards the payee), adding up to it. */
export interface Part {
  payer: number;
  payee: number;
  amount: number;
  deals: Array<Array<number>>;
}

export interface Pong {
  type: "pong";
}

/** Part of why a seat scored what it did (`bigtwo.scoring.reasons`): a code and its numbers. */
export interface Reason {
  code: string;
  params: Record<string, unknown>;
}

/** The room as anyone may see it, never a card: its code, the rules' name, the seats and the host's, the status, the room's settings, how the session ends (``deals`` or ``target``, null: not that way), and once it started the totals, each deal's scores, the deals played and the dealer (null, empty or 0 before the start). */
export interface RoomData {
  code: string;
  rules: string;
  players: number;
  seats: Array<SeatData>;
  host: number;
  status: "waiting" | "playing" | "over" | "closed";
  public: boolean;
  turn_seconds: number;
  pace: "normal" | "fast" | "instant";
  pause_seconds: number;
  spectators_chat: boolean;
  deals: number | null;
  target: number | null;
  totals: Array<number> | null;
  scores: Array<Array<number>>;
  deals_played: number;
  dealer: number | null;
}

/** The deal's rules as records write them: every option, and the preset's name. */
export interface RuleOptions {
  preset: string;
  players: number;
  decks: number;
  jokers: "none" | "wild" | "valueless";
  suit_order: "standard" | "bridge" | "pusoy" | "hearts-high" | "none";
  twos_low_on_quads: boolean;
  identical_beats: boolean;
  triples: boolean;
  flushes: boolean;
  quads_alone: boolean;
  two_pairs: boolean;
  quads_kicker: boolean;
  butterfly: boolean;
  trips_junk: boolean;
  sisters: boolean;
  straight_lengths: Array<number>;
  dragon_play: boolean;
  sf_plus_two: boolean;
  five_of_a_kind: boolean;
  five_kind_over_straight_flush: boolean;
  straight_order: "pagat" | "by-top-two-high" | "hong-kong" | "malaysia" | "malaysia-2007" | "singapore" | "indonesia" | "no-twos" | "twos-low-ace-high-end" | "ace-low-between" | "jqka2-top" | "wrap" | "a2345-highest" | "23456-top-a2345-second" | "23456-top-a2345-lowest" | "no-a2345" | "twos-high" | "twos-high-65432-second" | "hk-boehnker" | "indonesia-twos";
  flush_order: "suit-first" | "high-card" | "poker";
  five_beating: "by-type" | "same-type-only" | "by-card-value";
  straight_over_flush: boolean;
  royal_only_beats_quads: boolean;
  poker_exact: boolean;
  honours_beat_all: boolean;
  override_two: boolean;
  quads_beat_all: boolean;
  smackdown: boolean;
  out_of_turn_bombs: boolean;
  first_play: "include" | "alone" | "optional";
  no_full_house_on_straight: boolean;
  direction: "counter-clockwise" | "clockwise" | "alternate" | "race";
  cut: boolean;
  cards_each: number | null;
  leftover: "to-lead" | "discard" | "discard-lowest" | "lowest-diamond" | "trade-shown" | "trade-hidden" | "to-two-spades";
  ghost_hand: boolean;
  draw_on_pass: "none" | "one" | "play-size";
  reshuffle_stock: boolean;
  first_lead: "lowest-card" | "winner" | "loser" | "indonesia-rounds";
  three_player_exchange: boolean;
  no_play_after_pass: boolean;
  one_pass_ends: boolean;
  unbeatable_ends: boolean;
  three_threes: boolean;
  announce: "none" | "one-card" | "one-or-two";
  precaution: boolean;
  last_play_ban: "none" | "single-two" | "twos" | "two-spades" | "any-two-spades";
  dragon_wins: boolean;
  four_twos: "none" | "win" | "draw" | "redeal";
  four_twos_three_players: boolean;
  golden_whoopin: boolean;
  malta_dragun: boolean;
  weak_hand_redeal: boolean;
  no_faces_redeal: boolean;
  mode: "standard" | "until-last" | "president" | "teams";
  president_free_choice: boolean;
  lowest_leads_play_on: boolean;
  scoring: "standard" | "flat" | "twos-double" | "doubling-004" | "heavy" | "compound" | "card-values-a" | "card-values-b" | "taiwan-loser" | "pusoy-dos" | "ranking" | "ranking-order" | "indonesia" | "da-lao-er";
  three_player_scale: boolean;
  winner_only: boolean;
  starter_double: boolean;
  pairwise_kam: boolean;
  twos_finish_double: boolean;
  assistance: boolean;
  name: string;
}

/** A seat as the room shows it: its ``kind`` (``person``, ``open`` or a bot's level), a person's ``name`` (``""`` for an open seat or a bot), whether a bot plays it while its person is ``away``. */
export interface SeatData {
  seat: number;
  kind: "person" | "open" | "random" | "easy" | "medium" | "hard" | "expert" | "learned";
  name: string;
  away: boolean;
}

/** Where the session stands: every seat's total, the deals played, the deal count or target score played to (null: neither), whether it is over. */
export interface SessionData {
  totals: Array<number>;
  deals_played: number;
  deals_target: number | null;
  target_score: number | null;
  over: boolean;
}

/** The whole of what an audience sees at version ``seq``: the room, the seat's view (``docs/views.md``; null before the start), the moves offered to the seat, who is awaited and until when, and between deals (and after the session) the last deal's summary. */
export interface State {
  type: "state";
  seq: number;
  room: RoomData;
  seat: number | null;
  view: ViewData | null;
  offers: Array<string> | null;
  awaiting: Array<number>;
  deadline: number | null;
  summary?: Summary | null;
}

/** The end of the last deal, shown until the next deal starts (and after the session): every seat's cards left face up, each seat's points with their reasons, the totals, the settlement so far and its rule, who is ready, when the next deal starts at the latest, and who asked for a rematch. */
export interface Summary {
  deal: number;
  end: string | null;
  winner: number | null;
  left: Array<string>;
  scores: Array<number>;
  reasons: Array<Array<Reason>>;
  totals: Array<number>;
  settlement: Array<Part>;
  rule: Array<Term>;
  ready: Array<number>;
  next_at: number | null;
  rematch: Array<number>;
}

/** A sentence of the settlement rule in force: its catalogue key and parameters. */
export interface Term {
  key: string;
  params: Record<string, string>;
}

/** This connection's token no longer holds its seat (``code``: left, removed, closed); it hears no more of the room. */
export interface Unseated {
  type: "unseated";
  room: string | null;
  seat: number | null;
  code: string;
  message: string;
}

/** The connection no longer follows ``room``. */
export interface Unwatched {
  type: "unwatched";
  room: string;
}

/** The change from version ``base`` (what this connection was last sent) to ``seq``: the events, and the patch (`bigtwo.view_patch`) that turns the `State` at ``base`` (without its ``type``) into the one at ``seq``. */
export interface Update {
  type: "update";
  seq: number;
  base: number;
  events: Array<Event>;
  patch: Array<Array<unknown>>;
}

/** To a client that asked for another protocol version (or none: version 1): what this server speaks; the connection closes after it. A browser page reloads itself. */
export interface Upgrade {
  type: "upgrade";
  version?: number;
  message?: string;
}

/** One seat's view, or a spectator's (``seat`` -1, ``hand`` and ``dealt`` empty), as ``docs/views.md`` tells it: cards as text (a second deck's card marked ``*``), moves as text, each history entry ``[seat, move, kind]`` (``kind`` a play's combination kind, null for any other move). */
export interface ViewData {
  view: 2;
  seat: number;
  rules: RuleOptions;
  hand: string;
  counts: Array<number>;
  to_move: number;
  table: string | null;
  table_seat: number;
  passed: Array<number>;
  history: Array<[number, string, string | null]>;
  lead_card: string | null;
  winner: number | null;
  commitment: string;
  out: Array<number>;
  stock_count: number;
  shown: string;
  end: string | null;
  direction: 1 | -1 | 0;
  twos_low: boolean;
  announce_due: boolean;
  pending: [number, number, number, "lowest" | "highest" | "choose" | "trade"] | null;
  may_act: Array<number>;
  exchanges: Array<[number, number, number, "lowest" | "highest" | "choose" | "trade"]>;
  dealt: string;
  session: SessionData | null;
}

/** How many spectators ``room`` has now (on every server process of its database): on entering, when there are any, and whenever the number changes. */
export interface Watchers {
  type: "watchers";
  room: string;
  count: number;
}

/** In a room: the ``seat`` (null: watching), and the seat's ``token`` when it is new. */
export interface Welcome {
  type: "welcome";
  room: string;
  seat: number | null;
  token?: string | null;
}

/** The answer to ``why``: would ``action`` be taken now, and if not, the refusal. */
export interface WhyAnswer {
  type: "why";
  action: string;
  ok: boolean;
  code?: string | null;
  message?: string | null;
  params?: Record<string, unknown> | null;
}

export type ServerMessage = Ack | Bye | ChatLine | Error | Events | Hello | Invited | Pong | State | Unseated | Unwatched | Update | Upgrade | Watchers | Welcome | WhyAnswer;
