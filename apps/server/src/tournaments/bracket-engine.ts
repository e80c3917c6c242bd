import { BracketsManager, type DataTypes, type Database } from 'brackets-manager';
import { InMemoryDatabase } from 'brackets-memory-db';

/**
 * The bracket engine of single elimination, double elimination and round-robin tournaments, on
 * brackets-manager (MIT). It is pure: a bracket's whole state is brackets-manager's exported data,
 * a plain JSON value the caller keeps (a jsonb column) and passes back in. Each call loads a copy
 * into a throwaway in-memory store, so the caller's value is never changed and calls share nothing.
 *
 * Participants are created with the user id as their name, so every slot answers user ids; a BYE
 * is brackets-manager's `null` opponent and a side still unknown ("Por definir") is `{ id: null }`.
 */

export type BracketType = 'single_elimination' | 'double_elimination' | 'round_robin';
/** brackets-manager's exported data (participant, stage, group, round, match, match_game tables): plain JSON. */
export type BracketData = { readonly [table: string]: unknown[] };
export type BracketGroup = 'main' | 'winners' | 'losers' | 'grand_final' | 'round_robin';
export type BracketSlotStatus = 'bye' | 'pending' | 'waiting' | 'completed' | 'void';

export interface BracketSlot {
  /** brackets-manager match id: stable, because the same creation yields the same ids. */
  id: number;
  /** SE: 'main'; DE: 'winners', 'losers', 'grand_final'; RR: 'round_robin'. */
  group: BracketGroup;
  /** 1-based within its group. */
  round: number;
  /** 1-based within its round. */
  number: number;
  /** User ids; null for a BYE or a side still unknown. */
  player1: number | null;
  player2: number | null;
  /**
   * 'bye': one side is a BYE (auto-advanced, never played); 'pending': both players known, no
   * result; 'waiting': a side still unknown (Por definir); 'completed'; 'void': not needed (the
   * grand-final reset when the winners' champion won the first final).
   */
  status: BracketSlotStatus;
  /** User id; in elimination, the player a BYE advanced; null for a draw or no result. */
  winner: number | null;
  score1: number | null;
  score2: number | null;
}

export type BracketErrorCode = 'not_ready' | 'decided' | 'not_a_player' | 'unknown_match';

/** A refused result: the service turns the code into its own message. */
export class BracketError extends Error {
  constructor(readonly code: BracketErrorCode) {
    super(`bracket: ${code}`);
    this.name = 'BracketError';
  }
}

export interface BracketResult {
  /** User id of the winner; null only for a round-robin draw (equal scores). */
  winner: number | null;
  score1: number;
  score2: number;
}

export interface ReplayedResult extends BracketResult {
  matchId: number;
  /** The two players the result was recorded between (its score1 belongs to player1). */
  player1: number;
  player2: number;
}

type Match = DataTypes['match'];
type Opponent = Match['opponent1'];

/** brackets-manager's match statuses (brackets-model `Status`). */
const STATUS = { locked: 0, waiting: 1, ready: 2, running: 3, completed: 4, archived: 5 } as const;

/** The group of each group number, per stage type (brackets-manager numbers its groups 1, 2, 3). */
const GROUPS: Record<BracketType, readonly BracketGroup[]> = {
  single_elimination: ['main', 'main'],
  double_elimination: ['winners', 'losers', 'grand_final'],
  round_robin: ['round_robin'],
};

/** An InMemoryDatabase whose tables can be handed back as they are, without export's copy. */
class Store extends InMemoryDatabase {
  static of(data: BracketData): Store {
    const store = new Store();
    store.setData(structuredClone(data) as unknown as Database);
    return store;
  }

  contents(): BracketData {
    return this.data as unknown as BracketData;
  }
}

/** Next power of two at or above n: the size of an elimination bracket. */
function bracketSize(n: number): number {
  let size = 2;
  while (size < n) size *= 2;
  return size;
}

function checkSeeding(seeding: readonly number[]): void {
  if (seeding.length < 2) throw new Error('A bracket needs at least two players.');
  if (!seeding.every((id) => Number.isSafeInteger(id))) throw new Error('Seeding holds user ids only.');
  if (new Set(seeding).size !== seeding.length) throw new Error('A player appears twice in the seeding.');
}

/**
 * Creates the stage. `seeding`: user ids, best seed first. SE and DE: the size is the next power of
 * two and the missing seeds are BYEs, which the standard order (inner_outer: 1v8, 4v5, 2v7, 3v6) puts
 * against the top seeds 1..size−n, never against each other. DE: grand final with a reset, and
 * brackets-manager's default loser-bracket orderings (natural, reverse, half shift...), which send
 * the winners' losers to the other side of the loser bracket to avoid early rematches. RR: one group,
 * everyone plays everyone once (circle method); an odd count gets a BYE seat, so each round one
 * player sits out and each player sits out exactly once. Throws for fewer than two players.
 */
export async function createBracket(type: BracketType, seeding: readonly number[]): Promise<BracketData> {
  checkSeeding(seeding);
  const names: (string | null)[] = seeding.map(String);
  const size = type === 'round_robin' ? seeding.length + (seeding.length % 2) : bracketSize(seeding.length);
  while (names.length < size) names.push(null);
  const store = new Store();
  const manager = new BracketsManager(store);
  await manager.create.stage({
    tournamentId: 0,
    name: 'Torneo',
    type,
    seeding: names,
    settings:
      type === 'round_robin'
        ? { groupCount: 1, roundRobinMode: 'simple' }
        : type === 'double_elimination'
          ? { grandFinal: 'double' }
          : {},
  });
  return store.contents();
}

/** The static shape of a bracket: its type, the user of each participant, the place of each round. */
interface Layout {
  type: BracketType;
  users: Map<number, number>;
  rounds: Map<number, { group: BracketGroup; round: number }>;
}

function layoutOf(data: BracketData): Layout {
  const db = data as unknown as Database;
  const stage = db.stage[0];
  if (!stage) throw new Error('The bracket data holds no stage.');
  const type = stage.type;
  const users = new Map(db.participant.map((p) => [Number(p.id), Number(p.name)]));
  const groupNumbers = new Map(db.group.map((g) => [Number(g.id), g.number]));
  const rounds = new Map<number, { group: BracketGroup; round: number }>();
  for (const r of db.round) {
    const groupNumber = groupNumbers.get(Number(r.group_id)) ?? 1;
    const group = GROUPS[type][groupNumber - 1] ?? 'main';
    rounds.set(Number(r.id), { group, round: r.number });
  }
  return { type, users, rounds };
}

const userOf = (layout: Layout, opponent: Opponent): number | null =>
  opponent?.id === null || opponent?.id === undefined
    ? null
    : (layout.users.get(Number(opponent.id)) ?? null);

const isDone = (match: Match): boolean => match.status >= STATUS.completed;

/** The grand final's first match (DE), whose winner decides whether the reset is played. */
function firstGrandFinal(matches: readonly Match[], layout: Layout): Match | undefined {
  return matches.find((match) => {
    const place = layout.rounds.get(Number(match.round_id));
    return place?.group === 'grand_final' && place.round === 1;
  });
}

function slotOf(match: Match, layout: Layout, resetIsVoid: boolean): BracketSlot {
  const place = layout.rounds.get(Number(match.round_id));
  if (!place) throw new Error(`The match ${String(match.id)} has no round.`);
  const player1 = userOf(layout, match.opponent1);
  const player2 = userOf(layout, match.opponent2);
  const slot: BracketSlot = {
    id: Number(match.id),
    group: place.group,
    round: place.round,
    number: match.number,
    player1,
    player2,
    status: 'waiting',
    winner: null,
    score1: null,
    score2: null,
  };
  if (match.opponent1 === null || match.opponent2 === null) {
    slot.status = 'bye';
    // In elimination the BYE advances the other side; a round-robin BYE is a round off.
    if (layout.type !== 'round_robin') slot.winner = player1 ?? player2;
  } else if (place.group === 'grand_final' && place.round === 2 && resetIsVoid) {
    slot.status = 'void';
  } else if (isDone(match)) {
    slot.status = 'completed';
    slot.winner =
      match.opponent1.result === 'win' ? player1 : match.opponent2.result === 'win' ? player2 : null;
    slot.score1 = match.opponent1.score ?? null;
    slot.score2 = match.opponent2.score ?? null;
  } else if (player1 !== null && player2 !== null) {
    slot.status = 'pending';
  }
  return slot;
}

function slotsWith(data: BracketData, layout: Layout): BracketSlot[] {
  const matches = (data as unknown as Database).match;
  const first = firstGrandFinal(matches, layout);
  // The reset is only needed when the losers' champion (opponent2) won the first final.
  const resetIsVoid = first !== undefined && isDone(first) && first.opponent1?.result === 'win';
  const slots = matches.map((m) => slotOf(m, layout, resetIsVoid));
  const groupRank = (g: BracketGroup) => GROUPS[layout.type].indexOf(g);
  return slots.sort(
    (a, b) => groupRank(a.group) - groupRank(b.group) || a.round - b.round || a.number - b.number,
  );
}

/** All matches of the bracket as slots with user ids, ordered by group, round and number. */
export function slotsOf(data: BracketData): BracketSlot[] {
  return slotsWith(data, layoutOf(data));
}

/** Why a result cannot be recorded on this slot, or null when it can. */
function refusal(slot: BracketSlot | undefined, result: BracketResult): BracketErrorCode | null {
  if (!slot) return 'unknown_match';
  // A BYE is never played (brackets-manager advances its player as soon as they are known).
  if (slot.status === 'completed' || slot.status === 'void' || slot.status === 'bye') return 'decided';
  if (slot.status === 'waiting') return 'not_ready';
  if (result.winner === null) {
    // Only a round robin has draws, and a draw has equal scores.
    return slot.group === 'round_robin' && result.score1 === result.score2 ? null : 'not_a_player';
  }
  return result.winner === slot.player1 || result.winner === slot.player2 ? null : 'not_a_player';
}

function outcome(winner: number | null, side: number | null): 'win' | 'loss' | 'draw' {
  if (winner === null) return 'draw';
  return winner === side ? 'win' : 'loss';
}

async function apply(manager: BracketsManager, slot: BracketSlot, result: BracketResult): Promise<void> {
  await manager.update.match({
    id: slot.id,
    opponent1: { score: result.score1, result: outcome(result.winner, slot.player1) },
    opponent2: { score: result.score2, result: outcome(result.winner, slot.player2) },
  });
}

/**
 * Records a result on a 'pending' match: the winner is one of its two players (a round robin also
 * takes winner null, a draw, with equal scores); score1 belongs to the slot's player1. brackets-
 * manager carries the winner (and in DE the loser) forward. Answers the new data (the input is never
 * changed) and the slots that became 'pending' because of it, to open their pairings. Throws
 * BracketError 'unknown_match', 'decided' (completed, a BYE, never played, or the unneeded reset),
 * 'not_ready' (a side still unknown) or 'not_a_player' (the winner is not one of the two players,
 * or a draw outside a round robin or with unequal scores).
 */
export async function reportResult(
  data: BracketData,
  matchId: number,
  result: BracketResult,
): Promise<{ data: BracketData; opened: BracketSlot[] }> {
  const layout = layoutOf(data);
  const before = slotsWith(data, layout);
  const slot = before.find((s) => s.id === matchId);
  const refused = refusal(slot, result);
  if (refused || !slot) throw new BracketError(refused ?? 'unknown_match');
  const store = Store.of(data);
  await apply(new BracketsManager(store), slot, result);
  const next = store.contents();
  const wasPending = new Set(before.filter((s) => s.status === 'pending').map((s) => s.id));
  const opened = slotsWith(next, layout).filter((s) => s.status === 'pending' && !wasPending.has(s.id));
  return { data: next, opened };
}

/**
 * Rebuilds a bracket from scratch and replays the results in the order given: the way to correct or
 * reverse a result after the bracket moved on, since brackets-manager refuses to change a match
 * whose next match is played ("The match is locked"). A result is applied only when its match is
 * pending between the same two players (score1 follows its player1 whatever the side); otherwise,
 * because an earlier result changed, it is not applied and its match id is returned in `voided`
 * (the caller annuls those matches and warns). As on Toornament, an edited first grand final adds
 * or drops the reset: a reset result after the winners' champion won the first final is voided.
 */
export async function replayBracket(
  type: BracketType,
  seeding: readonly number[],
  results: readonly ReplayedResult[],
): Promise<{ data: BracketData; voided: number[] }> {
  const created = await createBracket(type, seeding);
  const layout = layoutOf(created);
  const store = new Store();
  store.setData(created as unknown as Database);
  const manager = new BracketsManager(store);
  const voided: number[] = [];
  for (const r of results) {
    const slot = slotsWith(store.contents(), layout).find((s) => s.id === r.matchId);
    const samePair =
      slot !== undefined &&
      ((slot.player1 === r.player1 && slot.player2 === r.player2) ||
        (slot.player1 === r.player2 && slot.player2 === r.player1));
    const swapped = slot?.player1 !== r.player1;
    const result: BracketResult = swapped
      ? { winner: r.winner, score1: r.score2, score2: r.score1 }
      : { winner: r.winner, score1: r.score1, score2: r.score2 };
    if (!slot || !samePair || refusal(slot, result) !== null) {
      voided.push(r.matchId);
      continue;
    }
    await apply(manager, slot, result);
  }
  return { data: store.contents(), voided };
}

/** One row of a round-robin table. */
export interface RoundRobinStanding {
  userId: number;
  /** Shared by players still tied after every tiebreaker (a playoff or a draw of lots decides). */
  rank: number;
  played: number;
  wins: number;
  draws: number;
  losses: number;
  /** 3 per win, 1 per draw. */
  points: number;
  gamesWon: number;
  gamesLost: number;
  gameDifference: number;
}

interface Played {
  player1: number;
  player2: number;
  winner: number | null;
  score1: number;
  score2: number;
}

const pointsFor = (game: Played, player: number): number =>
  game.winner === null ? 1 : game.winner === player ? 3 : 0;

/** Splits players into runs of equal key, best first (keys compared element by element, higher first). */
function splitBy(players: readonly number[], key: (player: number) => readonly number[]): number[][] {
  const keyed = players.map((p) => ({ p, k: key(p) }));
  const compare = (a: readonly number[], b: readonly number[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (b[i] ?? 0) - (a[i] ?? 0);
    return 0;
  };
  keyed.sort((a, b) => compare(a.k, b.k));
  const runs: number[][] = [];
  let previous: readonly number[] | undefined;
  for (const { p, k } of keyed) {
    const last = runs.at(-1);
    if (last && previous && compare(previous, k) === 0) last.push(p);
    else runs.push([p]);
    previous = k;
  }
  return runs;
}

/**
 * The round-robin table: points (3 per win, 1 per draw), then head-to-head among the tied players
 * only (a mini-table re-applied to any subset still tied), then game difference, then games won.
 * Players still level share a rank (a playoff or a draw of lots decides). BYEs are not matches.
 */
export function roundRobinStandings(data: BracketData): RoundRobinStanding[] {
  const layout = layoutOf(data);
  const slots = slotsWith(data, layout);
  const seeds = [...layout.users.entries()].sort((a, b) => a[0] - b[0]).map(([, user]) => user);
  const rows = new Map<number, RoundRobinStanding>(
    seeds.map((userId) => [
      userId,
      {
        userId,
        rank: 0,
        played: 0,
        wins: 0,
        draws: 0,
        losses: 0,
        points: 0,
        gamesWon: 0,
        gamesLost: 0,
        gameDifference: 0,
      },
    ]),
  );
  const games: Played[] = [];
  for (const s of slots) {
    if (s.status !== 'completed' || s.player1 === null || s.player2 === null) continue;
    const game = {
      player1: s.player1,
      player2: s.player2,
      winner: s.winner,
      score1: s.score1 ?? 0,
      score2: s.score2 ?? 0,
    };
    games.push(game);
    for (const [player, own, other] of [
      [game.player1, game.score1, game.score2],
      [game.player2, game.score2, game.score1],
    ] as const) {
      const row = rows.get(player);
      if (!row) continue;
      row.played += 1;
      if (game.winner === null) row.draws += 1;
      else if (game.winner === player) row.wins += 1;
      else row.losses += 1;
      row.points += pointsFor(game, player);
      row.gamesWon += own;
      row.gamesLost += other;
      row.gameDifference = row.gamesWon - row.gamesLost;
    }
  }
  const row = (p: number) => rows.get(p) as RoundRobinStanding;
  const headToHead = (tied: number[]): number[][] => {
    const among = new Set(tied);
    const mini = new Map(tied.map((p) => [p, 0]));
    for (const g of games) {
      if (!among.has(g.player1) || !among.has(g.player2)) continue;
      mini.set(g.player1, (mini.get(g.player1) ?? 0) + pointsFor(g, g.player1));
      mini.set(g.player2, (mini.get(g.player2) ?? 0) + pointsFor(g, g.player2));
    }
    const runs = splitBy(tied, (p) => [mini.get(p) ?? 0]);
    if (runs.length > 1) return runs.flatMap((run) => (run.length > 1 ? headToHead(run) : [run]));
    return splitBy(tied, (p) => [row(p).gameDifference, row(p).gamesWon]);
  };
  const ranked = splitBy(seeds, (p) => [row(p).points]).flatMap((run) =>
    run.length > 1 ? headToHead(run) : [run],
  );
  const table: RoundRobinStanding[] = [];
  for (const run of ranked) {
    const rank = table.length + 1;
    // Players still tied are listed by seed.
    for (const p of [...run].sort((a, b) => seeds.indexOf(a) - seeds.indexOf(b)))
      table.push({ ...row(p), rank });
  }
  return table;
}

/**
 * The champion once the tournament is over, else null. SE: the final's winner. DE: the first grand
 * final's winner when it is the winners' champion, else the reset's winner (2 players: the only
 * match). RR: when every match is completed, the sole leader of the table; null while players are
 * still level on every tiebreaker (a playoff or a draw of lots decides, outside the bracket).
 */
export function bracketWinner(data: BracketData): number | null {
  const layout = layoutOf(data);
  const slots = slotsWith(data, layout);
  if (layout.type === 'round_robin') {
    const matches = slots.filter((s) => s.status !== 'bye');
    if (matches.length === 0 || matches.some((s) => s.status !== 'completed')) return null;
    const [first, second] = roundRobinStandings(data);
    return first && second?.rank !== 1 ? first.userId : null;
  }
  const finals = slots.filter((s) => s.group === 'grand_final');
  if (finals.length > 0) {
    const [first, reset] = finals;
    if (first?.status !== 'completed') return null;
    if (first.winner === first.player1) return first.winner;
    return reset?.status === 'completed' ? reset.winner : null;
  }
  // SE final, or the only match of a two-player DE: the last round of the bracket.
  const last = slots.filter((s) => s.group === 'main' || s.group === 'winners').at(-1);
  return last?.status === 'completed' ? last.winner : null;
}

const ELIMINATION_ROUNDS = ['Final', 'Semifinales', 'Cuartos de Final', 'Octavos de Final'];

/**
 * Spanish label of a round. SE, counted from the end: 'Final', 'Semifinales', 'Cuartos de Final',
 * 'Octavos de Final', else 'Primera Ronda' for round 1 and 'Ronda N'. DE: 'Ronda N' in the winners'
 * and losers' brackets (the web labels the bracket itself), 'Gran Final' and its reset 'Gran Final
 * (desempate)'. RR: 'Fecha N'.
 */
export function roundLabel(
  type: BracketType,
  group: BracketGroup,
  round: number,
  roundsInGroup: number,
): string {
  if (type === 'round_robin' || group === 'round_robin') return `Fecha ${round}`;
  if (group === 'grand_final') return round === 1 ? 'Gran Final' : 'Gran Final (desempate)';
  if (type === 'double_elimination') return `Ronda ${round}`;
  // The SPEC's labels: Primera Ronda, Semifinales, Final; the first round keeps its name unless it
  // is the semifinal or the final itself.
  const fromEnd = ELIMINATION_ROUNDS[roundsInGroup - round];
  if (round === 1 && roundsInGroup > 2) return 'Primera Ronda';
  if (fromEnd) return fromEnd;
  return `Ronda ${round}`;
}
