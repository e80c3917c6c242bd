/**
 * Tournament seeding. Every random choice comes from a recorded 32-bit seed, so a tournament's
 * seeding (and any lot the pairing needs) can be replayed and audited from the database.
 */

/** Deterministic PRNG (mulberry32) from a 32-bit integer seed; returns numbers in [0,1). */
export function seededRandom(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A fresh 32-bit seed (crypto.getRandomValues), to record with the tournament. Signed, so that it
 * fits a PostgreSQL `integer` column as it is.
 */
export function newSeed(): number {
  return globalThis.crypto.getRandomValues(new Int32Array(1))[0]!;
}

/** Fisher–Yates, in place, drawing from `random`. */
function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * Seeding order (best first): players with a rating first by rating desc, then those with ranking
 * points by points desc, then the rest in a random order from `seed` (Fisher–Yates with seededRandom);
 * ties in rating/points broken randomly by the same generator. Same input + same seed = same order
 * (the input is read in id order, so the order it arrives in does not matter).
 */
export function seedOrder(
  players: ReadonlyArray<{ id: number; rating: number | null; points: number | null }>,
  seed: number,
): number[] {
  const random = seededRandom(seed);
  const byId = [...players].sort((a, b) => a.id - b.id);
  // Shuffling before a stable sort leaves equal ratings (or points) in a random order.
  const rated = shuffle(
    byId.filter((p) => p.rating !== null),
    random,
  ).sort((a, b) => b.rating! - a.rating!);
  const ranked = shuffle(
    byId.filter((p) => p.rating === null && p.points !== null),
    random,
  ).sort((a, b) => b.points! - a.points!);
  const rest = shuffle(
    byId.filter((p) => p.rating === null && p.points === null),
    random,
  );
  return [...rated, ...ranked, ...rest].map((p) => p.id);
}
