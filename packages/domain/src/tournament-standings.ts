/**
 * Tournament standings (docs: TOURNAMENTS.md §2 and §5). Swiss events rank by the MTR order
 * (MP → OMW% → GW% → OGW%, App. C, with the 0.33 floor); round robins rank by match points and then
 * the head-to-head mini-table. The percentages are exact fractions so that ties are real ties: a
 * floating-point 0.33 against 33/100 would split players the rules call equal.
 */

/** One decided pairing of a tournament. player2 null = a bye (player1 gets a 2–0 match win: 3 MP, 6 GP over 2 games). */
export interface PairingResult {
  round: number;
  player1: number;
  player2: number | null;
  /** 'double_loss': an unplayed match the organiser closed as a loss for both (0 MP each, no games). */
  outcome: 'player1' | 'player2' | 'draw' | 'double_loss';
  /** Games won by player1. */
  games1: number;
  /** Games won by player2. */
  games2: number;
  gamesDrawn: number;
}

/** An exact fraction, reduced; value = num/den. */
export interface Ratio {
  num: number;
  den: number;
}

export interface StandingPlayer {
  id: number;
  /** 1 = top seed. */
  seed: number;
  dropped: boolean;
}

export interface StandingRow {
  playerId: number;
  /** 1-based, position in the total order. */
  rank: number;
  /** Byes are counted inside wins too (W-L-D counts byes as wins). */
  wins: number;
  losses: number;
  draws: number;
  byes: number;
  matchPoints: number;
  gamePoints: number;
  /** Rounds played including byes. */
  matchesPlayed: number;
  /** MTR App. C with the 0.33 floor (the floor as exact 33/100). */
  mwp: Ratio;
  omwp: Ratio;
  gwp: Ratio;
  ogwp: Ratio;
  dropped: boolean;
}

/** Points per match won, drawn (MTR §3.1; a bye is a win). */
const MP_WIN = 3;
const MP_DRAW = 1;
/** Points per game won or drawn (an unfinished game is recorded as drawn, an unplayed one not at all). */
const GP_WIN = 3;
const GP_DRAW = 1;
/** A bye is a 2–0 match win. */
const BYE_GAMES = 2;

/** Exact fraction on BigInt: OGW% averages fractions over 3·games, whose common denominators grow fast. */
interface Frac {
  n: bigint;
  d: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

function frac(n: bigint, d: bigint): Frac {
  const g = gcd(n, d);
  return g === 0n ? { n: 0n, d: 1n } : { n: n / g, d: d / g };
}

/** The MTR floor: exactly 0.33, not 1/3, so a 1–2 record (1/3) stays above it. */
const FLOOR: Frac = { n: 33n, d: 100n };

function cmpFrac(a: Frac, b: Frac): number {
  const l = a.n * b.d;
  const r = b.n * a.d;
  return l < r ? -1 : l > r ? 1 : 0;
}

const floored = (f: Frac): Frac => (cmpFrac(f, FLOOR) < 0 ? FLOOR : f);

function mean(values: readonly Frac[]): Frac {
  // Nobody faced (only byes, or no round yet): the floor, the least any opponent could give.
  if (values.length === 0) return FLOOR;
  let n = 0n;
  let d = 1n;
  for (const v of values) {
    n = n * v.d + v.n * d;
    d = d * v.d;
    const g = gcd(n, d);
    n /= g;
    d /= g;
  }
  return frac(n, d * BigInt(values.length));
}

/** The exported shape; exact while num and den stay below 2^53, which Bo3 events of up to 10+ rounds do. */
const toRatio = (f: Frac): Ratio => ({ num: Number(f.n), den: Number(f.d) });

/** Exact comparison of two ratios (negative when a < b), without floating-point rounding. */
export function compareRatio(a: Ratio, b: Ratio): number {
  return cmpFrac({ n: BigInt(a.num), d: BigInt(a.den) }, { n: BigInt(b.num), d: BigInt(b.den) });
}

export function ratioValue(r: Ratio): number {
  return r.num / r.den;
}

/** Percentage for display, rounded half-up to 2 decimals (14/27 → 51.85), computed exactly. */
export function ratioPercent(r: Ratio): number {
  const num = BigInt(r.num) * 10000n;
  const den = BigInt(r.den);
  const hundredths = (2n * num + den) / (2n * den);
  return Number(hundredths) / 100;
}

/** One player's record: their own counts and the opponents they actually faced (byes excluded). */
interface Tally {
  player: StandingPlayer;
  wins: number;
  losses: number;
  draws: number;
  byes: number;
  matchPoints: number;
  gamePoints: number;
  gamesWon: number;
  gamesLost: number;
  gamesPlayed: number;
  matchesPlayed: number;
  opponents: number[];
  mwp: Frac;
  gwp: Frac;
  omwp: Frac;
  ogwp: Frac;
}

function tally(players: readonly StandingPlayer[], results: readonly PairingResult[]): Map<number, Tally> {
  const byId = new Map<number, Tally>();
  for (const player of players) {
    if (byId.has(player.id)) throw new RangeError(`player ${player.id} is listed twice`);
    byId.set(player.id, {
      player,
      wins: 0,
      losses: 0,
      draws: 0,
      byes: 0,
      matchPoints: 0,
      gamePoints: 0,
      gamesWon: 0,
      gamesLost: 0,
      gamesPlayed: 0,
      matchesPlayed: 0,
      opponents: [],
      mwp: FLOOR,
      gwp: FLOOR,
      omwp: FLOOR,
      ogwp: FLOOR,
    });
  }
  const of = (id: number): Tally => {
    const t = byId.get(id);
    if (!t) throw new RangeError(`result for player ${id}, who is not in the tournament`);
    return t;
  };
  for (const r of results) {
    const p1 = of(r.player1);
    p1.matchesPlayed++;
    if (r.player2 === null) {
      p1.wins++;
      p1.byes++;
      p1.matchPoints += MP_WIN;
      p1.gamePoints += BYE_GAMES * GP_WIN;
      p1.gamesWon += BYE_GAMES;
      p1.gamesPlayed += BYE_GAMES;
      continue;
    }
    const p2 = of(r.player2);
    p2.matchesPlayed++;
    p1.opponents.push(p2.player.id);
    p2.opponents.push(p1.player.id);
    switch (r.outcome) {
      case 'player1':
        p1.wins++;
        p2.losses++;
        p1.matchPoints += MP_WIN;
        break;
      case 'player2':
        p2.wins++;
        p1.losses++;
        p2.matchPoints += MP_WIN;
        break;
      case 'draw':
        p1.draws++;
        p2.draws++;
        p1.matchPoints += MP_DRAW;
        p2.matchPoints += MP_DRAW;
        break;
      case 'double_loss':
        p1.losses++;
        p2.losses++;
        continue;
    }
    const games = r.games1 + r.games2 + r.gamesDrawn;
    p1.gamePoints += GP_WIN * r.games1 + GP_DRAW * r.gamesDrawn;
    p2.gamePoints += GP_WIN * r.games2 + GP_DRAW * r.gamesDrawn;
    p1.gamesWon += r.games1;
    p1.gamesLost += r.games2;
    p2.gamesWon += r.games2;
    p2.gamesLost += r.games1;
    p1.gamesPlayed += games;
    p2.gamesPlayed += games;
  }
  for (const t of byId.values()) {
    if (t.matchesPlayed > 0) t.mwp = floored(frac(BigInt(t.matchPoints), BigInt(MP_WIN * t.matchesPlayed)));
    if (t.gamesPlayed > 0) t.gwp = floored(frac(BigInt(t.gamePoints), BigInt(GP_WIN * t.gamesPlayed)));
  }
  // A dropped player's record keeps feeding their former opponents' OMW% and OGW% (MTR §2.10).
  for (const t of byId.values()) {
    t.omwp = mean(t.opponents.map((o) => of(o).mwp));
    t.ogwp = mean(t.opponents.map((o) => of(o).gwp));
  }
  return byId;
}

function toRows(ordered: readonly Tally[]): StandingRow[] {
  return ordered.map((t, i) => ({
    playerId: t.player.id,
    rank: i + 1,
    wins: t.wins,
    losses: t.losses,
    draws: t.draws,
    byes: t.byes,
    matchPoints: t.matchPoints,
    gamePoints: t.gamePoints,
    matchesPlayed: t.matchesPlayed,
    mwp: toRatio(t.mwp),
    omwp: toRatio(t.omwp),
    gwp: toRatio(t.gwp),
    ogwp: toRatio(t.ogwp),
    dropped: t.player.dropped,
  }));
}

/** Seed, then id for a total order even if two players were given the same seed. */
const bySeed = (a: Tally, b: Tally): number => a.player.seed - b.player.seed || a.player.id - b.player.id;

/**
 * Swiss standings, order MP → OMW% → GW% → OGW% → seed (lower seed number first): a total order.
 * Byes count as 2–0 wins in a player's own MW%/GW% and are skipped in their OMW%/OGW%; dropped
 * players keep their results and their place. A double loss is a round played and lost by both,
 * with no games, and each still counts as the other's opponent (they were paired). With nothing to
 * average (no round, no game, no opponent faced) a percentage is the floor, 33/100. Equal seeds fall
 * back to the lower id. Throws RangeError for a result naming a player not in `players`.
 */
export function swissStandings(
  players: readonly StandingPlayer[],
  results: readonly PairingResult[],
): StandingRow[] {
  const ordered = [...tally(players, results).values()].sort(
    (a, b) =>
      b.matchPoints - a.matchPoints ||
      cmpFrac(b.omwp, a.omwp) ||
      cmpFrac(b.gwp, a.gwp) ||
      cmpFrac(b.ogwp, a.ogwp) ||
      bySeed(a, b),
  );
  return toRows(ordered);
}

/** Match points each member of `group` earned in the matches among themselves only. */
function miniTable(group: readonly Tally[], results: readonly PairingResult[]): Map<number, number> {
  const points = new Map(group.map((t) => [t.player.id, 0]));
  for (const r of results) {
    if (r.player2 === null || !points.has(r.player1) || !points.has(r.player2)) continue;
    if (r.outcome === 'player1') points.set(r.player1, points.get(r.player1)! + MP_WIN);
    else if (r.outcome === 'player2') points.set(r.player2, points.get(r.player2)! + MP_WIN);
    else if (r.outcome === 'draw') {
      points.set(r.player1, points.get(r.player1)! + MP_DRAW);
      points.set(r.player2, points.get(r.player2)! + MP_DRAW);
    }
  }
  return points;
}

/** Splits `list` into runs of equal `key`, highest key first. */
function groupsBy(list: readonly Tally[], key: (t: Tally) => number): Tally[][] {
  const sorted = [...list].sort((a, b) => key(b) - key(a));
  const groups: Tally[][] = [];
  for (const t of sorted) {
    const last = groups.at(-1);
    if (last && key(last[0]!) === key(t)) last.push(t);
    else groups.push([t]);
  }
  return groups;
}

/**
 * Orders players tied on match points: the mini-table of their matches among themselves; every
 * subset it leaves tied is ranked again by its own, smaller mini-table; a set the mini-table cannot
 * split falls to game difference, games won, then seed.
 */
function breakRoundRobinTie(group: readonly Tally[], results: readonly PairingResult[]): Tally[] {
  if (group.length <= 1) return [...group];
  const mini = miniTable(group, results);
  const parts = groupsBy(group, (t) => mini.get(t.player.id)!);
  if (parts.length > 1) return parts.flatMap((part) => breakRoundRobinTie(part, results));
  return [...group].sort(
    (a, b) =>
      b.gamesWon - b.gamesLost - (a.gamesWon - a.gamesLost) || b.gamesWon - a.gamesWon || bySeed(a, b),
  );
}

/**
 * Round-robin standings (TOURNAMENTS.md §5): MP 3/1/0, then head-to-head mini-table among the tied
 * players (re-applied to any subset still tied), game difference, games won, then seed. Same row
 * shape; omwp/ogwp still computed.
 */
export function roundRobinStandings(
  players: readonly StandingPlayer[],
  results: readonly PairingResult[],
): StandingRow[] {
  const tallies = [...tally(players, results).values()];
  const ordered = groupsBy(tallies, (t) => t.matchPoints).flatMap((group) =>
    breakRoundRobinTie(group, results),
  );
  return toRows(ordered);
}
