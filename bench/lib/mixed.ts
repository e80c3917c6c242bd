import { readFileSync } from 'node:fs';
import { WebSocket } from 'ws';
import { canApprove } from '@mitos/domain/match-rules';
import { delays, loopDelayHistogram, type LoopDelay } from '@mitos/server/admin/event-loop';
import { request } from './http';
import { residentBytes } from './processes';
import type { CpuMeter } from './tournaments';

/**
 * Issue 19's mixed workload: thousands of players signed in at once, each with a socket open to
 * /ws, each following a player's real session through the app, one request after another:
 *
 *   home (who am I, the approved matches, the bell's count, Pendientes), answering what waits for
 *   their approval (approve, one in ten rejected), Mis Partidas and one of its matches, the count
 *   again, one community page (Ranking General, a store's results, their statistics, their
 *   rating, the tournaments, the metagame), sometimes a search by their name, a deck edited, a
 *   match recorded against another of the players (who answers it on a later visit).
 *
 * Arrivals are open-loop: at each rate, the next request of a player who is not waiting for an
 * answer starts on schedule, whatever the server's latency, so a slow server meets the same
 * demand (no coordinated omission). Rates go up until the server's process is busy more than
 * `stopAtCpu` of a core or cannot keep up; each level reports its throughput, the latency of each
 * endpoint, the read cache's hit rate, CPU per request and the server's resident size.
 */

export interface MixedPlayer {
  id: number;
  token: string;
  deckId: number | null;
}

export interface MixedOptions {
  /** Requests per second to offer, in order; the run stops early at a level the server cannot hold. */
  rates: number[];
  seconds: number;
  warmupSeconds: number;
  /** A visit records a match with this probability, edits a deck or searches with these. */
  recordShare: number;
  deckShare: number;
  searchShare: number;
  storeId: number;
  /** A tournament whose page the players read (its standings); null when none was played. */
  tournamentId: number | null;
  /** Stop raising the rate past a level where the server's process used more than this of a core. */
  stopAtCpu: number;
  /** A player reads each screen this long (ms, uniformly between the two) before their next request. */
  thinkMs: [number, number];
}

export interface MixedProbes {
  pid: number;
  meter: CpuMeter;
  /** The server's metrics so far (GET /api/admin/metrics as an admin). */
  metrics(): Promise<ServerProbe>;
}

/** What the driver reads of GET /api/admin/metrics (TServerMetrics). */
export interface ServerProbe {
  process: { heapTotalBytes: number; heapUsedBytes: number; externalBytes: number };
  readCache: { hits: number; misses: number; joined: number; entries: number; bytes: number };
  eventLoop: { last: LoopDelay | null; current: LoopDelay | null };
}

export interface EndpointFigures {
  label: string;
  write: boolean;
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface MixedLevel {
  offeredRate: number;
  achievedRate: number;
  requests: number;
  reads: number;
  writes: number;
  /** The server process's CPU use over the level, as a share of one core; PostgreSQL's backends' too. */
  serverCpu: number;
  /** The whole machine's CPU use over the level (every core, this driver included), 0 to 1. */
  machineCpu: number;
  databaseCpu: number | null;
  /** CPU time per request, ms: the server's and its PostgreSQL backends'. */
  cpuPerRequest: { process: number; database: number | null };
  cacheHitRate: number | null;
  /** The answers the read cache held at the level's end, and the bytes it counted for them. */
  cacheSize: { entries: number; bytes: number };
  /**
   * How late the server's event loop ran (its metrics' windows of 10 s): the worse of the last
   * whole window and the one under way when the level ended, so over its last 10–20 s (the level,
   * its warm-up, and at most the end of the lighter level before it). Null before any sample.
   */
  loopDelay: LoopDelay | null;
  /**
   * How late this driver's own event loop ran over the level: a driver late by more than a
   * request's latency sends the requests it owed together, and every answer of that burst counts
   * the wait in its latency, whatever the server did.
   */
  driverLoop: LoopDelay | null;
  /** The largest resident size sampled over the level, bytes. */
  rssBytes: number;
  /** The server's V8 heap (reserved, used) and memory outside it at the level's end, bytes. */
  heap: ServerProbe['process'];
  /** Messages the sockets received over the level (counts and changes pushed). */
  pushes: number;
  /** Answers refused because the match changed since it was listed (a 2v2 rejected by a teammate). */
  refused: number;
  endpoints: EndpointFigures[];
}

export interface MixedResult {
  players: number;
  sockets: number;
  levels: MixedLevel[];
}

/** One request of a visit; what it learns may add the visit's next steps. */
type Step = (player: Session) => Promise<void>;

interface Session {
  player: MixedPlayer;
  steps: Step[];
  /** The newest match of their Mis Partidas, whose detail they open. */
  lastMatchId: number | null;
  deckVersion: number;
}

const quantile = (sorted: readonly number[], q: number): number =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/** Past this share of every core the machine, not the server, decides the latencies. */
export const MACHINE_BUSY = 0.9;

/** The machine's CPU time so far, busy and idle, in ticks of /proc/stat's first line. */
function machineTicks(): { busy: number; idle: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal
  const idle = fields[3]! + (fields[4] ?? 0);
  const busy = fields.slice(0, 8).reduce((a, b) => a + b, 0) - idle;
  return { busy, idle };
}

const RAZAS = ['Olimpico', 'Heroe', 'Dragon', 'Caballero', 'Faraon', 'Sombra'] as const;

export async function mixedWorkload(
  base: string,
  players: readonly MixedPlayer[],
  options: MixedOptions,
  probes: MixedProbes,
): Promise<MixedResult> {
  if (players.length < 2) throw new Error('the mixed workload needs at least two players');
  const latencies = new Map<string, number[]>();
  const writes = new Set<string>();
  let failure: Error | null = null;

  let refused = 0;
  const send = async (
    label: string,
    method: string,
    path: string,
    token: string,
    body?: unknown,
    /** Answers that are a player's real outcome, not a failure: counted, not timed. */
    expected: readonly number[] = [],
  ) => {
    const started = performance.now();
    const reply = await request(base, method, path, { token, ...(body === undefined ? {} : { json: body }) });
    const elapsed = performance.now() - started;
    if (expected.includes(reply.status)) {
      refused += 1;
      return null;
    }
    if (reply.status < 200 || reply.status > 299) {
      failure ??= new Error(
        `${method} ${path} answered ${reply.status}: ${reply.body.toString('utf8').slice(0, 200)}`,
      );
      return null;
    }
    let list = latencies.get(label);
    if (!list) latencies.set(label, (list = []));
    list.push(elapsed);
    if (method !== 'GET') writes.add(label);
    return reply.body.length === 0 ? null : (JSON.parse(reply.body.toString('utf8')) as unknown);
  };

  const get = (label: string, path: string) => (s: Session) =>
    send(label, 'GET', path, s.player.token).then(() => undefined);

  const pending: Step = async (s) => {
    const list = (await send('GET /api/matches/pending', 'GET', '/api/matches/pending', s.player.token)) as
      (Parameters<typeof canApprove>[0] & { id: number })[] | null;
    const waiting = (list ?? []).filter((m) => canApprove(m, s.player.id)).slice(0, 2);
    // Answered now, before the rest of the visit: one in ten rejected.
    s.steps.unshift(
      ...waiting.map((m): Step => async (session) => {
        const id = m.id;
        const reject = id % 10 === 0;
        // A 2v2's other player may have rejected it since the list was read: "ya no está pendiente".
        await send(
          `POST /api/matches/:id/${reject ? 'reject' : 'approve'}`,
          'POST',
          `/api/matches/${id}/${reject ? 'reject' : 'approve'}`,
          session.player.token,
          undefined,
          [400, 409],
        );
      }),
    );
  };
  const mine: Step = async (s) => {
    const list = (await send('GET /api/matches/me', 'GET', '/api/matches/me?limit=30', s.player.token)) as
      { id: number }[] | null;
    s.lastMatchId = list?.[0]?.id ?? null;
  };
  const detail: Step = async (s) => {
    if (s.lastMatchId !== null)
      await send('GET /api/matches/:id', 'GET', `/api/matches/${s.lastMatchId}`, s.player.token);
  };
  const community: Step[] = [
    get('GET /api/rankings', '/api/rankings'),
    get('GET /api/stores/:id/matches', `/api/stores/${options.storeId}/matches?limit=20`),
    (s) => get('GET /api/users/:id/statistics', `/api/users/${s.player.id}/statistics?period=month`)(s),
    (s) => get('GET /api/users/:id/rating', `/api/users/${s.player.id}/rating`)(s),
    get('GET /api/tournaments', '/api/tournaments'),
    get('GET /api/metagame', '/api/metagame'),
    ...(options.tournamentId === null
      ? []
      : [get('GET /api/tournaments/:id/standings', `/api/tournaments/${options.tournamentId}/standings`)]),
  ];
  const search: Step = (s) =>
    get(
      'GET /api/matches/all-approved, search',
      `/api/matches/all-approved?limit=12&team1=${s.player.id}`,
    )(s);
  const editDeck: Step = async (s) => {
    if (s.player.deckId === null) return;
    s.deckVersion += 1;
    await send('PUT /api/decks/:id', 'PUT', `/api/decks/${s.player.deckId}`, s.player.token, {
      name: `Mazo ${s.deckVersion % 2 === 0 ? 'principal' : 'de torneo'}`,
      raza: RAZAS[s.deckVersion % RAZAS.length],
      description: null,
    });
  };
  const record: Step = async (s) => {
    let opponent = players[Math.floor(Math.random() * players.length)]!;
    if (opponent.id === s.player.id) opponent = players[(players.indexOf(opponent) + 1) % players.length]!;
    await send('POST /api/matches', 'POST', '/api/matches', s.player.token, {
      match_mode: '1v1',
      tier: 'Amistoso',
      team1_players: [s.player.id],
      team2_players: [opponent.id],
      team1_decks: s.player.deckId === null ? [] : [s.player.deckId],
      team2_decks: opponent.deckId === null ? [] : [opponent.deckId],
      team1_score: Math.random() < 0.5 ? 2 : 1,
      team2_score: Math.random() < 0.5 ? 0 : 2,
    });
  };

  /** The next visit of a player, as the screens they open ask. */
  const visit = (): Step[] => [
    get('GET /api/auth/me', '/api/auth/me'),
    get('GET /api/matches/all-approved', '/api/matches/all-approved?limit=12'),
    get('GET /api/notifications/count', '/api/notifications/count'),
    pending,
    mine,
    detail,
    get('GET /api/notifications/count', '/api/notifications/count'),
    community[Math.floor(Math.random() * community.length)]!,
    ...(Math.random() < options.searchShare ? [search] : []),
    ...(Math.random() < options.deckShare ? [editDeck] : []),
    ...(Math.random() < options.recordShare ? [record] : []),
  ];

  // Everyone signed in, a socket each, before the first request.
  let pushes = 0;
  const sockets: WebSocket[] = [];
  const thinking = new Set<ReturnType<typeof setTimeout>>();
  const closeAll = () => {
    for (const ws of sockets) ws.terminate();
  };
  try {
    for (let i = 0; i < players.length; i += 100)
      sockets.push(
        ...(await Promise.all(
          players.slice(i, i + 100).map(
            (p) =>
              new Promise<WebSocket>((resolve, reject) => {
                const ws = new WebSocket(
                  `${base.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(p.token)}&userId=${p.id}`,
                );
                ws.once('error', reject);
                ws.once('message', () => resolve(ws));
                ws.on('message', () => (pushes += 1));
              }),
          ),
        )),
      );

    const sessions: Session[] = players.map((player) => ({
      player,
      steps: [],
      lastMatchId: null,
      deckVersion: 0,
    }));
    // Players between visits, and players in a visit who have read their screen and are ready
    // for its next request (oldest first). The next request goes to a ready player, else starts
    // the visit of a player chosen at random: how many are in a visit at once follows the rate.
    const between = [...sessions];
    const ready: Session[] = [];
    let readyHead = 0;
    const running = new Set<Promise<void>>();
    const nextFor = (): Session | undefined => {
      if (readyHead < ready.length) {
        const session = ready[readyHead++]!;
        if (readyHead > 1024) {
          ready.splice(0, readyHead);
          readyHead = 0;
        }
        return session;
      }
      if (between.length === 0) return undefined;
      const at = Math.floor(Math.random() * between.length);
      const session = between[at]!;
      between[at] = between[between.length - 1]!;
      between.pop();
      session.steps = visit();
      return session;
    };
    const after = (session: Session) => {
      if (session.steps.length === 0) {
        between.push(session);
        return;
      }
      const timer = setTimeout(
        () => {
          thinking.delete(timer);
          ready.push(session);
        },
        options.thinkMs[0] + Math.random() * (options.thinkMs[1] - options.thinkMs[0]),
      );
      thinking.add(timer);
    };

    const runAt = async (rate: number, seconds: number) => {
      const started = performance.now();
      let sent = 0;
      let missed = 0;
      for (;;) {
        if (failure) throw failure;
        const elapsed = (performance.now() - started) / 1000;
        if (elapsed >= seconds) break;
        const due = Math.floor(elapsed * rate) - sent - missed;
        for (let i = 0; i < due; i++) {
          const session = nextFor();
          if (!session) {
            // Every player is in a request or thinking: the rate is more than they can offer.
            missed += 1;
            continue;
          }
          const step = session.steps.shift()!;
          const done = step(session)
            .catch((err: unknown) => {
              failure ??= err instanceof Error ? err : new Error(String(err));
            })
            .finally(() => {
              running.delete(done);
              after(session);
            });
          running.add(done);
          sent += 1;
        }
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      await Promise.all(running);
      if (failure) throw failure;
      return { sent, seconds: (performance.now() - started) / 1000 };
    };

    const levels: MixedLevel[] = [];
    for (const rate of options.rates) {
      if (options.warmupSeconds > 0) await runAt(rate, options.warmupSeconds);
      latencies.clear();
      const cacheBefore = (await probes.metrics()).readCache;
      const cpuBefore = await probes.meter();
      const machineBefore = machineTicks();
      const pushesBefore = pushes;
      const refusedBefore = refused;
      let rss = residentBytes(probes.pid);
      // Measured as the server measures its own (GET /api/admin/metrics).
      const driverLoop = loopDelayHistogram();
      driverLoop.enable();
      const sampler = setInterval(() => {
        try {
          rss = Math.max(rss, residentBytes(probes.pid));
        } catch {
          // The process ended: the failure shows in the requests.
        }
      }, 100);
      const run = await runAt(rate, options.seconds).finally(() => {
        clearInterval(sampler);
        driverLoop.disable();
      });
      const cpuAfter = await probes.meter();
      const machineAfter = machineTicks();
      const after = await probes.metrics();
      const cacheAfter = after.readCache;
      const windows = [after.eventLoop.last, after.eventLoop.current].filter((w) => w !== null);
      const endpoints: EndpointFigures[] = [...latencies]
        .map(([label, ms]) => {
          const sorted = [...ms].sort((a, b) => a - b);
          return {
            label,
            write: writes.has(label),
            count: sorted.length,
            p50Ms: quantile(sorted, 0.5),
            p99Ms: quantile(sorted, 0.99),
            maxMs: sorted.at(-1)!,
          };
        })
        .sort((a, b) => Number(a.write) - Number(b.write) || a.label.localeCompare(b.label));
      const requests = endpoints.reduce((n, e) => n + e.count, 0);
      const writesDone = endpoints.filter((e) => e.write).reduce((n, e) => n + e.count, 0);
      const wallMs = run.seconds * 1000;
      // A miss that joined a read under way cost no read: served like a hit.
      const hits = cacheAfter.hits + cacheAfter.joined - cacheBefore.hits - cacheBefore.joined;
      const lookups = hits + cacheAfter.misses - cacheBefore.misses;
      const database =
        cpuAfter.database === null || cpuBefore.database === null
          ? null
          : cpuAfter.database - cpuBefore.database;
      const level: MixedLevel = {
        offeredRate: rate,
        achievedRate: requests / run.seconds,
        requests,
        reads: requests - writesDone,
        writes: writesDone,
        serverCpu: (cpuAfter.process - cpuBefore.process) / wallMs,
        machineCpu:
          (machineAfter.busy - machineBefore.busy) /
          Math.max(1, machineAfter.busy + machineAfter.idle - machineBefore.busy - machineBefore.idle),
        databaseCpu: database === null ? null : database / wallMs,
        cpuPerRequest: {
          process: (cpuAfter.process - cpuBefore.process) / Math.max(1, requests),
          database: database === null ? null : database / Math.max(1, requests),
        },
        cacheHitRate: lookups === 0 ? null : hits / lookups,
        cacheSize: { entries: cacheAfter.entries, bytes: cacheAfter.bytes },
        loopDelay:
          windows.length === 0
            ? null
            : {
                p50Ms: Math.max(...windows.map((w) => w.p50Ms)),
                p99Ms: Math.max(...windows.map((w) => w.p99Ms)),
                maxMs: Math.max(...windows.map((w) => w.maxMs)),
              },
        driverLoop: delays(driverLoop),
        rssBytes: rss,
        heap: after.process,
        pushes: pushes - pushesBefore,
        refused: refused - refusedBefore,
        endpoints,
      };
      levels.push(level);
      // Past what one core can serve, or not keeping up: a higher rate only queues.
      if (
        level.serverCpu > options.stopAtCpu ||
        level.machineCpu > MACHINE_BUSY ||
        level.achievedRate < rate * 0.9
      )
        break;
    }
    return { players: players.length, sockets: sockets.length, levels };
  } finally {
    for (const timer of thinking) clearTimeout(timer);
    closeAll();
  }
}
