import { expectOk, json } from './http';
import type { Player } from './players';
import { NOTIFY_QUERY } from './protocol';

/** Where requests go; the ceiling is told which users' sockets to push to, the real server knows. */
export interface Target {
  base: string;
  ceiling: boolean;
}

export interface Pair {
  creator: Player;
  opponent: Player;
}

/** Disjoint pairs, so concurrent cycles never wait on each other's rows. */
export function pairsOf(players: readonly Player[]): Pair[] {
  const pairs: Pair[] = [];
  for (let i = 0; i + 1 < players.length; i += 2)
    pairs.push({ creator: players[i]!, opponent: players[i + 1]! });
  return pairs;
}

function path(target: Target, base: string, pair: Pair): string {
  return target.ceiling ? `${base}?${NOTIFY_QUERY}=${pair.creator.id},${pair.opponent.id}` : base;
}

/** A 1v1 recorded by one player, with both players' decks: the opponent still has to approve it. */
export function matchBody({ creator, opponent }: Pair) {
  return {
    match_mode: '1v1',
    tier: 'Amistoso',
    team1_players: [creator.id],
    team2_players: [opponent.id],
    team1_decks: [creator.deckId],
    team2_decks: [opponent.deckId],
    team1_score: 2,
    team2_score: 1,
  };
}

export async function createMatch(target: Target, pair: Pair): Promise<number> {
  const reply = await expectOk(target.base, 'POST', path(target, '/api/matches', pair), {
    token: pair.creator.token,
    json: matchBody(pair),
  });
  return json<{ id: number }>(reply).id;
}

export async function approveMatch(target: Target, pair: Pair, matchId: number): Promise<void> {
  await expectOk(target.base, 'POST', path(target, `/api/matches/${matchId}/approve`, pair), {
    token: pair.opponent.token,
  });
}

export interface WriteResult {
  cyclesPerSecond: number;
  cycles: number;
}

/** Complete create-and-approve cycles per second, one loop per pair, all running at once. */
export async function writeCycles(
  target: Target,
  pairs: readonly Pair[],
  seconds: number,
  warmupSeconds: number,
  /** Wraps the measured run only (not the warm-up), to take readings around it. */
  around: (run: () => Promise<WriteResult>) => Promise<WriteResult> = (run) => run(),
): Promise<WriteResult> {
  const run = async (duration: number) => {
    const started = performance.now();
    const deadline = started + duration * 1000;
    let cycles = 0;
    await Promise.all(
      pairs.map(async (pair) => {
        while (performance.now() < deadline) {
          await approveMatch(target, pair, await createMatch(target, pair));
          cycles += 1;
        }
      }),
    );
    return { cycles, cyclesPerSecond: cycles / ((performance.now() - started) / 1000) };
  };
  if (warmupSeconds > 0) await run(warmupSeconds);
  return around(() => run(seconds));
}
