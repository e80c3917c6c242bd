import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PostgreSQL's own ceiling for the write path (issue 19): pgbench, with as many clients as the
 * write cycles' loops, running a script shaped like one create-and-approve cycle straight on the
 * bench database, with none of the app around it. A cycle is two transactions, as the app's:
 *
 * - the create: the match, its two players (the creator's entry approved, the opponent's
 *   pending), its `created` event (migration 0009's trigger adds the reminder job, as for the app);
 * - the approve: the match locked, the opponent's entry and the match approved, the players'
 *   entries told, the `approved` event.
 *
 * The app does more per cycle (sessions, guards, notifications, rankings, the rating, the change
 * feed), so the ratio says how much of the database's own capacity its cycle keeps.
 */
const SCRIPT = `
\\set a random(:lo, :hi)
\\set b :lo + (:a - :lo + 1 + random(0, :hi - :lo - 1)) % (:hi - :lo + 1)
BEGIN;
INSERT INTO matches (match_date, match_mode, tier, approval_status, team1_score, team2_score, total_matches, created_by, last_updated_by)
  VALUES (now(), '1v1', 'Amistoso', 'pending', 2, 1, 3, :a, :a) RETURNING id AS match_id \\gset
INSERT INTO match_players (match_id, user_id, team, position, approval_status, status_updated_at, deck_name, deck_raza, match_date, match_status)
  VALUES (:match_id, :a, 1, 0, 'approved', now(), 'Mazo principal', 'Dragon', now(), 'pending'),
         (:match_id, :b, 2, 0, 'pending', now(), 'Mazo principal', 'Dragon', now(), 'pending');
INSERT INTO match_events (match_id, type, user_id, at) VALUES (:match_id, 'created', :a, now());
COMMIT;
BEGIN;
SELECT id FROM matches WHERE id = :match_id FOR UPDATE;
UPDATE match_players SET approval_status = 'approved', status_updated_at = now() WHERE match_id = :match_id AND user_id = :b;
UPDATE matches SET approval_status = 'approved', winning_team = 'team1', approval_updated_at = now(), last_updated_by = :b WHERE id = :match_id;
UPDATE match_players SET match_status = 'approved' WHERE match_id = :match_id;
INSERT INTO match_events (match_id, type, user_id, at) VALUES (:match_id, 'approved', :b, now());
COMMIT;
`;

export interface PgbenchResult {
  cyclesPerSecond: number;
  cycles: number;
}

/** Whether pgbench is on the PATH (Debian's postgresql-client has it). */
export function hasPgbench(): boolean {
  return spawnSync('pgbench', ['--version'], { stdio: 'ignore' }).status === 0;
}

/**
 * Runs the cycle script for `seconds` with `clients` connections on `url`, two different players
 * drawn from the id range [lo, hi] each cycle.
 */
export function pgbenchCycles(
  url: string,
  options: { clients: number; seconds: number; lo: number; hi: number },
): PgbenchResult {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mitos-pgbench-'));
  try {
    const script = path.join(dir, 'cycle.sql');
    writeFileSync(script, SCRIPT);
    const result = spawnSync(
      'pgbench',
      [
        '--no-vacuum',
        `--client=${options.clients}`,
        `--jobs=${Math.min(options.clients, os.cpus().length)}`,
        `--time=${options.seconds}`,
        '--protocol=prepared',
        `--define=lo=${options.lo}`,
        `--define=hi=${options.hi}`,
        `--file=${script}`,
        url,
      ],
      { encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`pgbench failed: ${result.stderr || result.stdout}`);
    const processed = /number of transactions actually processed: (\d+)/.exec(result.stdout)?.[1];
    const tps = /tps = ([\d.]+)/.exec(result.stdout)?.[1];
    if (!processed || !tps) throw new Error(`pgbench said nothing measurable:\n${result.stdout}`);
    return { cycles: Number(processed), cyclesPerSecond: Number(tps) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
