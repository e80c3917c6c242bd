import { WebSocket } from 'ws';
import type { Player } from './players';
import { approveMatch, createMatch, pairsOf, type Pair, type Target } from './writes';

/** One open socket and when each of its messages arrived. */
class Listener {
  readonly arrivals: number[] = [];
  private waiters: { count: number; resolve: () => void }[] = [];

  constructor(readonly ws: WebSocket) {
    ws.on('message', () => {
      this.arrivals.push(performance.now());
      this.waiters = this.waiters.filter((w) => {
        if (this.arrivals.length < w.count) return true;
        w.resolve();
        return false;
      });
    });
  }

  /** Resolves once the socket has received `count` messages in all. */
  received(count: number, timeoutMs: number): Promise<void> {
    if (this.arrivals.length >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`a socket waited ${timeoutMs / 1000} s for its count message`)),
        timeoutMs,
      );
      this.waiters.push({
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }
}

const MESSAGE_TIMEOUT_MS = 10_000;

function open(target: Target, player: Player): Promise<Listener> {
  const url = `${target.base.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(player.token)}&userId=${player.id}`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const listener = new Listener(ws);
    ws.once('error', reject);
    ws.once('close', (code) => reject(new Error(`socket of user ${player.id} closed with ${code}`)));
    // Signed in once the server has pushed the count it sends on connect.
    listener.received(1, 30_000).then(() => resolve(listener), reject);
  });
}

export interface FanOutResult {
  sockets: number;
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Holds `socketsPerPlayer` signed-in sockets for every player, then records matches and approves
 * them from a few concurrent loops. Each approval is timed from its request sent to the arrival of
 * the new count on every socket of both players. (From the HTTP response, as before issue 17, it
 * read zero: the server now pushes the count at the commit and answers after rating the match.)
 */
export async function fanOut(
  target: Target,
  players: readonly Player[],
  options: { socketsPerPlayer: number; approvals: number; loops: number },
): Promise<FanOutResult> {
  const byPlayer = new Map<number, Listener[]>();
  try {
    for (const player of players) {
      const opened: Promise<Listener>[] = [];
      for (let i = 0; i < options.socketsPerPlayer; i++) opened.push(open(target, player));
      byPlayer.set(player.id, await Promise.all(opened));
    }
    const pairs = pairsOf(players);
    const listenersOf = (pair: Pair) => [
      ...byPlayer.get(pair.creator.id)!,
      ...byPlayer.get(pair.opponent.id)!,
    ];
    const nextCounts = (listeners: Listener[]) => listeners.map((l) => l.arrivals.length + 1);
    const latencies: number[] = [];
    let remaining = options.approvals;

    const loop = async (own: Pair[]) => {
      for (let i = 0; remaining > 0; i++) {
        remaining -= 1;
        const pair = own[i % own.length]!;
        const listeners = listenersOf(pair);
        // The creation changes both players' counts too: wait for those pushes first, so that
        // the next message on each socket is the approval's.
        const afterCreate = nextCounts(listeners);
        const id = await createMatch(target, pair);
        await Promise.all(listeners.map((l, k) => l.received(afterCreate[k]!, MESSAGE_TIMEOUT_MS)));
        const afterApprove = nextCounts(listeners);
        const sent = performance.now();
        await approveMatch(target, pair, id);
        await Promise.all(listeners.map((l, k) => l.received(afterApprove[k]!, MESSAGE_TIMEOUT_MS)));
        listeners.forEach((l, k) => latencies.push(l.arrivals[afterApprove[k]! - 1]! - sent));
      }
    };
    const loops = Math.max(1, Math.min(options.loops, pairs.length));
    await Promise.all(Array.from({ length: loops }, (_, w) => loop(pairs.filter((_, i) => i % loops === w))));
    latencies.sort((a, b) => a - b);
    return {
      sockets: players.length * options.socketsPerPlayer,
      samples: latencies.length,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      maxMs: latencies.at(-1) ?? Number.NaN,
    };
  } finally {
    for (const listeners of byPlayer.values()) for (const l of listeners) l.ws.terminate();
  }
}
