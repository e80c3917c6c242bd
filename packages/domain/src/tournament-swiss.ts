import { swissStandings, type PairingResult, type StandingRow } from './tournament-standings';

/**
 * Swiss pairing (TOURNAMENTS.md §1). The hard constraints (no rematch, no second bye, each active
 * player once) are decided by a maximum-matching oracle, so the Dutch preferences can be followed
 * greedily without ever dead-ending: a pair is only committed if the rest of the field can still be
 * paired at least as well.
 */

export interface SwissPlayer {
  id: number;
  seed: number;
  dropped: boolean;
}

export interface SwissPairing {
  /** Higher-ranked player first. */
  pairs: Array<[number, number]>;
  bye: number | null;
  /** How many pairs repeat a previous pairing: 0 unless unavoidable. */
  rematches: number;
}

/**
 * Maximum-cardinality matching on a general graph (Edmonds' blossom search, one augmenting path
 * per call) over an adjacency matrix, with vertices that can be taken out as players get paired.
 */
class Matcher {
  readonly mate: Int32Array;
  readonly alive: Uint8Array;
  private readonly parent: Int32Array;
  private readonly base: Int32Array;
  private readonly used: Uint8Array;
  private readonly onPath: Uint8Array;
  private readonly blossom: Uint8Array;
  private readonly queue: Int32Array;

  constructor(
    private readonly n: number,
    private readonly adjacent: Uint8Array,
  ) {
    this.mate = new Int32Array(n).fill(-1);
    this.alive = new Uint8Array(n).fill(1);
    this.parent = new Int32Array(n);
    this.base = new Int32Array(n);
    this.used = new Uint8Array(n);
    this.onPath = new Uint8Array(n);
    this.blossom = new Uint8Array(n);
    this.queue = new Int32Array(n);
  }

  private edge(a: number, b: number): boolean {
    return this.adjacent[a * this.n + b] === 1 && this.alive[b] === 1;
  }

  private lca(a: number, b: number): number {
    const { base, mate, parent, onPath } = this;
    onPath.fill(0);
    for (;;) {
      a = base[a]!;
      onPath[a] = 1;
      if (mate[a] === -1) break;
      a = parent[mate[a]!]!;
    }
    for (;;) {
      b = base[b]!;
      if (onPath[b]) return b;
      b = parent[mate[b]!]!;
    }
  }

  private markPath(v: number, b: number, child: number): void {
    const { base, mate, parent, blossom } = this;
    while (base[v] !== b) {
      blossom[base[v]!] = 1;
      blossom[base[mate[v]!]!] = 1;
      parent[v] = child;
      child = mate[v]!;
      v = parent[mate[v]!]!;
    }
  }

  /** Augments the matching along a path from the exposed vertex `root`; false if there is none. */
  augmentFrom(root: number): boolean {
    const { n, mate, parent, base, used, blossom, queue } = this;
    used.fill(0);
    parent.fill(-1);
    for (let i = 0; i < n; i++) base[i] = i;
    used[root] = 1;
    let head = 0;
    let tail = 0;
    queue[tail++] = root;
    while (head < tail) {
      const v = queue[head++]!;
      for (let to = 0; to < n; to++) {
        if (!this.edge(v, to) || base[v] === base[to] || mate[v] === to) continue;
        if (to === root || (mate[to] !== -1 && parent[mate[to]!] !== -1)) {
          const common = this.lca(v, to);
          blossom.fill(0);
          this.markPath(v, common, to);
          this.markPath(to, common, v);
          for (let i = 0; i < n; i++) {
            if (this.alive[i] && blossom[base[i]!]) {
              base[i] = common;
              if (!used[i]) {
                used[i] = 1;
                queue[tail++] = i;
              }
            }
          }
        } else if (parent[to] === -1) {
          parent[to] = v;
          if (mate[to] === -1) {
            let w = to;
            while (w !== -1) {
              const pw = parent[w]!;
              const next = mate[pw]!;
              mate[w] = pw;
              mate[pw] = w;
              w = next;
            }
            return true;
          }
          used[mate[to]!] = 1;
          queue[tail++] = mate[to]!;
        }
      }
    }
    return false;
  }

  /** Live vertices left exposed by the current matching, `first` ones first. */
  exposed(first: readonly number[]): number[] {
    const rest: number[] = [];
    for (let v = 0; v < this.n; v++)
      if (this.alive[v] && this.mate[v] === -1 && !first.includes(v)) rest.push(v);
    return [...first.filter((v) => this.alive[v] && this.mate[v] === -1), ...rest];
  }

  /**
   * Augments until at most `allowed` live vertices stay exposed, or the matching is maximum.
   * Starting from any matching, one search per exposed vertex suffices: a vertex with no augmenting
   * path never gets one from later augmentations (Edmonds), so the last count is the minimum.
   * Returns the number of exposed vertices left.
   */
  reduceExposed(allowed: number, first: readonly number[] = []): number {
    const exposed = this.exposed(first);
    let count = exposed.length;
    for (const v of exposed) {
      if (count <= allowed) break;
      if (this.mate[v] === -1 && this.augmentFrom(v)) count -= 2;
    }
    return count;
  }
}

/** Order of the field for pairing: the standings, with exact ties (same seed too) left to lot. */
function pairingOrder(
  rows: readonly StandingRow[],
  seeds: ReadonlyMap<number, number>,
  lot: ReadonlyMap<number, number>,
): StandingRow[] {
  const sameRatio = (a: StandingRow['mwp'], b: StandingRow['mwp']) => a.num === b.num && a.den === b.den;
  const tied = (a: StandingRow, b: StandingRow) =>
    a.matchPoints === b.matchPoints &&
    sameRatio(a.omwp, b.omwp) &&
    sameRatio(a.gwp, b.gwp) &&
    sameRatio(a.ogwp, b.ogwp) &&
    seeds.get(a.playerId) === seeds.get(b.playerId);
  const blocks: StandingRow[][] = [];
  for (const row of rows) {
    const last = blocks.at(-1);
    if (last && tied(last[0]!, row)) last.push(row);
    else blocks.push([row]);
  }
  return blocks.flatMap((block) =>
    block.sort((a, b) => lot.get(a.playerId)! - lot.get(b.playerId)! || a.playerId - b.playerId),
  );
}

/**
 * The top open player's partners, best first. Dutch: the top player's score group (everyone open
 * on the same match points) pairs its top half against its bottom half, so the top player's first
 * choice is the first of the bottom half, then the rest of the bottom half in order (transpositions),
 * then the top half from its lowest up (exchanges); an odd group's lowest player is last in the
 * bottom half, so it is the one left to float down. A player alone in the group floats down to the
 * highest of the next groups. Fresh opponents all come before any rematch: the first that
 * `accept`s is the partner, tried in that order (usually the first), so the order is never built
 * whole for a field where most candidates are fresh.
 */
function dutchPartner(
  open: readonly number[],
  points: (v: number) => number,
  rematch: (a: number, b: number) => boolean,
  accept: (c: number) => boolean,
): number | undefined {
  const top = open[0]!;
  let size = 1;
  while (size < open.length && points(open[size]!) === points(top)) size++;
  const half = (size - (size % 2)) / 2;
  // Positions in `open`, in Dutch order: the bottom half, the top half reversed, the groups below.
  const at = (i: number): number => {
    if (size === 1) return open[i + 1]!;
    const bottom = size - half;
    if (i < bottom) return open[half + i]!;
    if (i < size - 1) return open[half - 1 - (i - bottom)]!;
    return open[i + 1]!;
  };
  for (const fresh of [true, false])
    for (let i = 0; i < open.length - 1; i++) {
      const c = at(i);
      if (rematch(top, c) !== fresh && accept(c)) return c;
    }
  return undefined;
}

/**
 * Pairs round `round` (1-based) from the results of earlier rounds. Dropped players are not paired.
 * Round 1: by seed, top half vs bottom half (1 v n/2+1, 2 v n/2+2, ...). Later rounds: within score
 * groups (match points from `results`), Dutch-style top half of the group vs bottom half, odd groups
 * float their lowest player down (to the highest player of the next group); no rematches (hard when
 * avoidable, decided by a maximum-matching oracle, never a greedy that dead-ends); odd field: one
 * bye to the lowest-ranked player (by current standings) who has not had a bye; never a second bye
 * when avoidable. Priorities when they conflict: fewest byes for the bye player first, then fewest
 * rematches (the minimum the field allows), then the bye as low as possible, then the Dutch
 * preferences from the top of the standings down. Round 1 is the same rule on an empty record,
 * where the standings are the seeds. Results of round `round` or later are ignored, so an unstarted
 * round can be re-paired from the same data. `random` is only for ties the rules leave to lot
 * (players equal on every tiebreaker and seed); one draw per active player, by ascending id, so the
 * same inputs and the same random sequence give the same answer. Throws RangeError (from the
 * standings) for a result naming a player not in `players`.
 */
export function pairSwissRound(input: {
  round: number;
  players: readonly SwissPlayer[];
  results: readonly PairingResult[];
  random: () => number;
}): SwissPairing {
  const results = input.results.filter((r) => r.round < input.round);
  const active = new Set(input.players.filter((p) => !p.dropped).map((p) => p.id));
  const lot = new Map([...active].sort((a, b) => a - b).map((id) => [id, input.random()]));
  const seeds = new Map(input.players.map((p) => [p.id, p.seed]));
  const ranked = pairingOrder(
    swissStandings(input.players, results).filter((row) => active.has(row.playerId)),
    seeds,
    lot,
  );

  // Vertices 0..players-1 in pairing order; when the field is odd, one more vertex is the bye.
  const players = ranked.length;
  const byeVertex = players % 2 === 1 ? players : -1;
  const n = players + (byeVertex === -1 ? 0 : 1);
  const vertexOf = new Map(ranked.map((row, v) => [row.playerId, v]));
  const met = new Uint8Array(n * n);
  // Allowed pairs: every two players who have not met (rows filled natively, then the pairs that
  // met taken out), and the bye only to a player with the fewest byes so far.
  const adjacent = new Uint8Array(n * n);
  for (let a = 0; a < players; a++) {
    adjacent.fill(1, a * n, a * n + players);
    adjacent[a * n + a] = 0;
  }
  const byes = new Map<number, number>();
  let anyMet = false;
  for (const r of results) {
    if (r.player2 === null) {
      byes.set(r.player1, (byes.get(r.player1) ?? 0) + 1);
      continue;
    }
    const [a, b] = [vertexOf.get(r.player1), vertexOf.get(r.player2)];
    if (a === undefined || b === undefined) continue;
    met[a * n + b] = met[b * n + a] = 1;
    adjacent[a * n + b] = adjacent[b * n + a] = 0;
    anyMet = true;
  }
  const id = (v: number): number => ranked[v]!.playerId;
  const points = (v: number): number => ranked[v]!.matchPoints;
  const rematch = (a: number, b: number): boolean => met[a * n + b] === 1;
  const fewestByes = Math.min(...ranked.map((row) => byes.get(row.playerId) ?? 0));
  const mayGetBye = (v: number): boolean => (byes.get(id(v)) ?? 0) === fewestByes;
  let everyoneMayGetBye = true;
  for (let a = 0; a < players; a++) {
    if (!mayGetBye(a)) everyoneMayGetBye = false;
    else if (byeVertex !== -1) adjacent[a * n + byeVertex] = adjacent[byeVertex * n + a] = 1;
  }
  // Nobody has met and nobody has more byes than another (round 1, or a field without pairings
  // between its active players): every pairing is allowed, so the Dutch order's first choice is
  // always feasible and the feasibility searches below are skipped (they cost O(n³) on a
  // 256-player field, for the same answer).
  const complete = !anyMet && everyoneMayGetBye;
  const matcher = new Matcher(n, adjacent);
  for (let a = 0; a < n && !complete; a++) {
    for (let b = a + 1; b < n && matcher.mate[a] === -1; b++) {
      if (adjacent[a * n + b] && matcher.mate[b] === -1) {
        matcher.mate[a] = b;
        matcher.mate[b] = a;
      }
    }
  }
  // Players the best matching leaves exposed must be paired with each other: those are the
  // unavoidable rematches. The bye vertex has an allowed partner, so some maximum matching covers it
  // and the count is of players only; the bye is placed first, before any of them.
  let rematchBudget = complete ? 0 : matcher.reduceExposed(0) / 2;

  /** Pairs a and b if the rest can still be paired within the rematch budget; undoes it if not. */
  const tryPair = (a: number, b: number): boolean => {
    if (complete) {
      matcher.alive[a] = 0;
      matcher.alive[b] = 0;
      return true;
    }
    const budget = rematchBudget - (a !== byeVertex && rematch(a, b) ? 1 : 0);
    if (budget < 0) return false;
    // The common case, without a search: a fresh pair whose partners in the oracle's matching
    // (none, one, or two who may meet) can take each other. The matching then leaves no more
    // players exposed than before, which was within the budget.
    const [pa, pb] = [matcher.mate[a]!, matcher.mate[b]!];
    const partnersMeet = pa === -1 || pb === -1 || pa === b || adjacent[pa * n + pb] === 1;
    if (budget === rematchBudget && partnersMeet) {
      // Not each other's partners: each partner takes the other one, or is left exposed (-1).
      if (pa !== -1 && pa !== b) matcher.mate[pa] = pb;
      if (pb !== -1 && pb !== a) matcher.mate[pb] = pa;
      matcher.mate[a] = -1;
      matcher.mate[b] = -1;
      matcher.alive[a] = 0;
      matcher.alive[b] = 0;
      return true;
    }
    const saved = matcher.mate.slice();
    const partners = [matcher.mate[a]!, matcher.mate[b]!].filter((v) => v !== -1 && v !== a && v !== b);
    for (const v of [a, b]) {
      const partner = matcher.mate[v]!;
      if (partner !== -1) matcher.mate[partner] = -1;
      matcher.mate[v] = -1;
      matcher.alive[v] = 0;
    }
    if (matcher.reduceExposed(2 * budget, partners) <= 2 * budget) {
      rematchBudget = budget;
      return true;
    }
    matcher.mate.set(saved);
    matcher.alive[a] = 1;
    matcher.alive[b] = 1;
    return false;
  };

  let bye: number | null = null;
  if (byeVertex !== -1) {
    for (let v = players - 1; v >= 0 && bye === null; v--)
      if (mayGetBye(v) && tryPair(byeVertex, v)) bye = id(v);
    if (bye === null) throw new Error('no feasible bye: the matching oracle is broken');
  }

  const pairs: Array<[number, number]> = [];
  let rematches = 0;
  const open: number[] = [];
  for (let v = 0; v < players; v++) if (matcher.alive[v]) open.push(v);
  while (open.length > 0) {
    const top = open[0]!;
    const partner = dutchPartner(open, points, rematch, (c) => tryPair(top, c));
    if (partner === undefined) throw new Error('no feasible partner: the matching oracle is broken');
    pairs.push([id(top), id(partner)]);
    if (rematch(top, partner)) rematches++;
    open.splice(open.indexOf(partner), 1);
    open.shift();
  }
  return { pairs, bye, rematches };
}

/** The Pokémon column of TOURNAMENTS.md §1: player-count bounds and their rounds. */
const SWISS_ROUNDS: ReadonlyArray<readonly [maxPlayers: number, rounds: number]> = [
  [8, 3],
  [12, 4],
  [32, 5],
  [64, 6],
  [128, 7],
  [226, 8],
  [409, 9],
];

/**
 * Suggested rounds and top cut from the player count: the Pokémon column of TOURNAMENTS.md §1
 * (3 rounds for 4–8, 4 for 9–12, 5 for 13–32, 6 for 33–64, 7 for 65–128, 8 for 129–226, 9 for
 * 227–409, 10 for 410+; cut: none for ≤8, top 4 for 9–20, top 8 from 21). Fewer than 4 players:
 * rounds = players-1 (min 1), no cut.
 */
export function suggestedSwissRounds(players: number): { rounds: number; topCut: 0 | 4 | 8 } {
  if (players < 4) return { rounds: Math.max(1, players - 1), topCut: 0 };
  const rounds = SWISS_ROUNDS.find(([max]) => players <= max)?.[1] ?? 10;
  const topCut = players <= 8 ? 0 : players <= 20 ? 4 : 8;
  return { rounds, topCut };
}
