import { expectOk, json } from './http';

/** Who runs the tournaments, through the API as the web's organiser screens do. */
export interface Organiser {
  base: string;
  token: string;
  /** Reads the server's CPU time, between the timed requests. */
  meter: CpuMeter;
}

export interface TournamentSizes {
  swissPlayers: number;
  swissRounds: number;
  doubleEliminationPlayers: number;
}

/** CPU time in ms: the server process's, and its PostgreSQL backends' (null on PGlite). */
export interface CpuReading {
  process: number;
  database: number | null;
}

/** The CPU time used so far, read between requests (never during one). */
export type CpuMeter = () => Promise<CpuReading>;

/** One kind of request: each latency as the client saw it, and the CPU they cost in all. */
export interface Timings {
  ms: number[];
  cpu: CpuReading;
}

/** Each request on its own, with nothing else running. */
export interface TournamentTimes {
  swiss: {
    id: number;
    /** Round 1 is the start (seeding and pairing); then each POST /rounds. */
    pair: Timings;
    /** Every result entered by the organiser (decided at once), in order, round by round. */
    report: Timings;
  };
  doubleElimination: {
    id: number;
    /** The start: seeding, the bracket built, its first matches opened. */
    start: Timings;
    /** Every result entered, each advancing the bracket and opening the matches it makes ready. */
    report: Timings;
  };
}

/** What the bench reads of a pairing (ZPairing of @mitos/domain/tournaments). */
interface Pairing {
  id: number;
  round: number;
  player2: { id: number } | null;
  status: 'pending' | 'reported' | 'decided' | 'void';
}

const timings = (): Timings => ({ ms: [], cpu: { process: 0, database: null } });

/**
 * Runs a batch of requests, each timed by `request` into `into.ms`, and adds the CPU time the
 * batch cost (read before and after it, so the readings never fall inside a timed request).
 */
async function metered<T>(
  meter: CpuMeter,
  into: Timings,
  batch: (request: (run: () => Promise<unknown>) => Promise<void>) => Promise<T>,
): Promise<T> {
  const before = await meter();
  const value = await batch(async (run) => {
    const started = performance.now();
    await run();
    into.ms.push(performance.now() - started);
  });
  const after = await meter();
  into.cpu.process += after.process - before.process;
  if (after.database !== null && before.database !== null)
    into.cpu.database = (into.cpu.database ?? 0) + after.database - before.database;
  return value;
}

/** Today in Buenos Aires (−03:00 all year), the tournaments' day. */
const today = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

/**
 * A result decided by the pairing's id, so every run plays the same tournament: one in three
 * won by the second player, one in four 2–1.
 */
function scoreOf(p: Pairing): { games1: number; games2: number; gamesDrawn: number } {
  const hash = Math.imul(p.id, 2_654_435_761) >>> 0;
  const loserGames = hash % 4 === 0 ? 1 : 0;
  return hash % 3 === 0
    ? { games1: loserGames, games2: 2, gamesDrawn: 0 }
    : { games1: 2, games2: loserGames, gamesDrawn: 0 };
}

/** Crear Torneo at the store, then Guardar with the players (each on their default deck). */
async function createWith(
  o: Organiser,
  storeId: number,
  fields: Record<string, unknown>,
  players: readonly number[],
): Promise<number> {
  const { id } = json<{ id: number }>(
    await expectOk(o.base, 'POST', '/api/tournaments', {
      token: o.token,
      json: { storeId, startDate: today(), startTime: '17:00', playerCap: players.length, ...fields },
    }),
  );
  await expectOk(o.base, 'PUT', `/api/tournaments/${id}/participants`, {
    token: o.token,
    json: { participants: players.map((userId) => ({ userId })) },
  });
  return id;
}

/** Enters the result of each open pairing (both players known, not yet reported), timing each. */
async function enterResults(o: Organiser, id: number, pairings: readonly Pairing[], into: Timings) {
  const open = pairings.filter((p) => p.status === 'pending' && p.player2 !== null);
  await metered(o.meter, into, async (request) => {
    for (const p of open)
      await request(() =>
        expectOk(o.base, 'POST', `/api/tournaments/${id}/pairings/${p.id}/report`, {
          token: o.token,
          json: scoreOf(p),
        }),
      );
  });
  return open.length;
}

/** One POST of the organiser, timed. */
function post(o: Organiser, into: Timings, path: string, body?: unknown): Promise<void> {
  return metered(o.meter, into, (request) =>
    request(() => expectOk(o.base, 'POST', path, { token: o.token, json: body })),
  );
}

async function expectFinished(o: Organiser, id: number, what: string): Promise<void> {
  const detail = json<{ status: string }>(
    await expectOk(o.base, 'GET', `/api/tournaments/${id}`, { token: o.token }),
  );
  if (detail.status !== 'finished') throw new Error(`${what} is ${detail.status} after its last result`);
}

/**
 * A Swiss of `swissRounds` rounds: started (round 1 paired), then each round's results entered
 * one by one and the next round paired, as an organiser does on the day.
 */
async function playSwiss(o: Organiser, storeId: number, players: readonly number[], rounds: number) {
  const id = await createWith(
    o,
    storeId,
    { name: `Suizo de ${players.length}`, type: 'swiss', swissRounds: rounds },
    players,
  );
  const pair = timings();
  const report = timings();
  await post(o, pair, `/api/tournaments/${id}/start`);
  for (let round = 1; round <= rounds; round++) {
    const pairings = json<Pairing[]>(
      await expectOk(o.base, 'GET', `/api/tournaments/${id}/pairings?round=${round}`, { token: o.token }),
    );
    if ((await enterResults(o, id, pairings, report)) === 0)
      throw new Error(`Swiss round ${round} has no pairing`);
    if (round < rounds) await post(o, pair, `/api/tournaments/${id}/rounds`, { round: round + 1 });
  }
  await expectFinished(o, id, `the Swiss of ${players.length}`);
  return { id, pair, report };
}

/** A double elimination played to its champion: the open matches entered until none is left. */
async function playDoubleElimination(o: Organiser, storeId: number, players: readonly number[]) {
  const id = await createWith(
    o,
    storeId,
    { name: `Doble eliminación de ${players.length}`, type: 'double_elimination' },
    players,
  );
  const start = timings();
  await post(o, start, `/api/tournaments/${id}/start`);
  const report = timings();
  // Each pass enters what is open; a bracket of n players has at most 2n − 1 matches.
  for (let pass = 0; pass < 2 * players.length; pass++) {
    const pairings = json<Pairing[]>(
      await expectOk(o.base, 'GET', `/api/tournaments/${id}/pairings`, { token: o.token }),
    );
    if ((await enterResults(o, id, pairings, report)) === 0) break;
  }
  await expectFinished(o, id, `the double elimination of ${players.length}`);
  return { id, start, report };
}

/**
 * The organiser's side of issue 16's tournaments, one request at a time: a Swiss of
 * `swissPlayers` and `swissRounds` rounds, then a double elimination of the first
 * `doubleEliminationPlayers`, both at `storeId`, both played to the end.
 */
export async function playTournaments(
  organiser: Organiser,
  storeId: number,
  players: readonly number[],
  sizes: TournamentSizes,
): Promise<TournamentTimes> {
  if (players.length < Math.max(sizes.swissPlayers, sizes.doubleEliminationPlayers))
    throw new Error(`the tournaments need ${sizes.swissPlayers} players, the seed has ${players.length}`);
  const swiss = await playSwiss(organiser, storeId, players.slice(0, sizes.swissPlayers), sizes.swissRounds);
  const doubleElimination = await playDoubleElimination(
    organiser,
    storeId,
    players.slice(0, sizes.doubleEliminationPlayers),
  );
  return { swiss, doubleElimination };
}

/** The value at quantile q (0–1) of some latencies, the nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
