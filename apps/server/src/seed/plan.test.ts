import { TOR_CODE_PATTERN } from '@mitos/domain/community-rules';
import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN } from '@mitos/domain/auth';
import { HIGHLIGHT_TYPES, MATCH_GUARDS } from '@mitos/domain/constants';
import { winnerFromScores } from '@mitos/domain/match-rules';
import { ADMIN, DEMO_STORES, DEMO_USER, ORGANISER, planSeed, type PlannedMatch } from './plan';

const now = new Date('2025-06-01T15:00:00Z');
const demo = planSeed({ players: 10, matches: 60, seed: 1, now });
const large = planSeed({ players: 40, matches: 3_000, seed: 2, now });

const involves = (m: PlannedMatch, user: number) =>
  m.createdBy === user || m.players.some((p) => p.user === user);
const entry = (m: PlannedMatch, user: number) => m.players.find((p) => p.user === user);

describe('planSeed', () => {
  it('gives the same data for the same seed', () => {
    expect(planSeed({ players: 10, matches: 60, seed: 1, now })).toEqual(demo);
    expect(planSeed({ players: 10, matches: 60, seed: 3, now })).not.toEqual(demo);
  });

  it('makes ten players with valid, unique usernames, emails and TOR codes, an organiser and an admin', () => {
    expect(demo.users).toHaveLength(10);
    expect(new Set(large.users.map((u) => u.username)).size).toBe(40);
    for (const user of large.users) {
      expect(user.username).toMatch(/^[\p{L}\p{N}._-]{3,30}$/u);
      expect(user.email).toMatch(EMAIL_PATTERN);
    }
    expect(demo.users[ORGANISER]!.role).toBe('tournament_admin');
    expect(demo.users[ADMIN]!.role).toBe('admin');
    expect(demo.users.filter((u) => u.role !== 'player')).toHaveLength(2);
    expect(new Set(large.users.map((u) => u.torCode)).size).toBe(40);
    for (const user of large.users) expect(user.torCode).toMatch(TOR_CODE_PATTERN);
  });

  it('gives every player decks of several races with exactly one default', () => {
    for (let user = 0; user < demo.users.length; user++) {
      const own = demo.decks.filter((d) => d.user === user);
      expect(own.length).toBeGreaterThanOrEqual(2);
      expect(own.filter((d) => d.isDefault)).toHaveLength(1);
    }
    expect(new Set(demo.decks.map((d) => d.raza)).size).toBeGreaterThanOrEqual(6);
  });

  it('has matches in every state, and for the demo user something on every screen', () => {
    const states = new Set(demo.matches.map((m) => m.approvalStatus));
    expect([...states].sort()).toEqual(['approved', 'cancelled', 'pending', 'rejected']);
    const mine = demo.matches.filter((m) => involves(m, DEMO_USER));
    const waitingForMe = mine.filter(
      (m) => m.approvalStatus === 'pending' && entry(m, DEMO_USER)?.approvalStatus === 'pending',
    );
    const waitingForOthers = mine.filter(
      (m) => m.approvalStatus === 'pending' && entry(m, DEMO_USER)?.approvalStatus === 'approved',
    );
    const myRejectedList = mine.filter(
      (m) =>
        m.approvalStatus === 'rejected' &&
        entry(m, DEMO_USER)?.approvalStatus !== 'rejected' &&
        !m.events.some(
          (e) => e.user === DEMO_USER && (e.type === 'closed' || e.type === 'rejection_accepted'),
        ),
    );
    expect(waitingForMe.length).toBeGreaterThanOrEqual(4);
    expect(waitingForOthers.length).toBeGreaterThanOrEqual(2);
    expect(myRejectedList.length).toBeGreaterThanOrEqual(2);
    expect(mine.some((m) => entry(m, DEMO_USER)?.approvalStatus === 'rejected')).toBe(true);
    expect(mine.filter((m) => m.approvalStatus === 'cancelled').length).toBeGreaterThanOrEqual(2);
    expect(mine.filter((m) => m.approvalStatus === 'approved').length).toBeGreaterThanOrEqual(10);
  });

  it('tells a consistent story for every match', () => {
    for (const m of [...demo.matches, ...large.matches]) {
      const statuses = m.players.map((p) => p.approvalStatus);
      const context = JSON.stringify({
        status: m.approvalStatus,
        statuses,
        events: m.events.map((e) => e.type),
      });
      const perTeam = m.mode === '2v2' ? 2 : 1;
      expect(m.players.filter((p) => p.team === 1)).toHaveLength(perTeam);
      expect(m.players.filter((p) => p.team === 2)).toHaveLength(perTeam);
      expect(new Set(m.players.map((p) => p.user)).size).toBe(m.players.length);
      for (const p of m.players) expect(large.decks[p.deck]?.user ?? demo.decks[p.deck]?.user).toBeDefined();

      expect(m.team1Score + m.team2Score).toBeGreaterThanOrEqual(1);
      expect(m.totalMatches).toBeGreaterThanOrEqual(m.team1Score + m.team2Score);
      expect(m.winningTeam).toBe(winnerFromScores(m.team1Score, m.team2Score));
      expect(m.highlights.length).toBeLessThanOrEqual(3);
      expect(new Set(m.highlights).size).toBe(m.highlights.length);
      for (const h of m.highlights) expect(HIGHLIGHT_TYPES).toContain(h);

      expect(m.matchDate.getTime()).toBeLessThanOrEqual(m.createdAt.getTime());
      expect(m.createdAt.getTime()).toBeLessThan(now.getTime());
      const times = m.events.map((e) => e.at.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times[0]).toBe(m.createdAt.getTime());
      expect(times.at(-1)!).toBeLessThan(now.getTime());
      const keys = m.events.map((e) => `${e.user}:${e.type}`);
      expect(new Set(keys).size, context).toBe(keys.length);

      const creatorEntry = entry(m, m.createdBy);
      if (creatorEntry)
        expect(
          creatorEntry.approvalStatus === 'approved' || creatorEntry.approvalStatus === 'cancelled',
        ).toBe(true);
      switch (m.approvalStatus) {
        case 'approved':
          expect(
            statuses.every((s) => s === 'approved'),
            context,
          ).toBe(true);
          expect(m.approvalUpdatedAt).not.toBeNull();
          break;
        case 'pending':
          expect(
            statuses.some((s) => s === 'pending'),
            context,
          ).toBe(true);
          expect(
            statuses.every((s) => s === 'pending' || s === 'approved'),
            context,
          ).toBe(true);
          expect(m.approvalUpdatedAt).toBeNull();
          break;
        case 'rejected':
          expect(
            statuses.filter((s) => s === 'rejected'),
            context,
          ).toHaveLength(1);
          expect(m.status).toBe('rejected');
          break;
        case 'cancelled':
          expect(statuses.includes('pending'), context).toBe(false);
          expect(m.status === null || m.status === 'processed').toBe(true);
          expect(
            m.events.some(
              (e) => e.type === 'cancelled' || e.type === 'rejection_accepted' || e.type === 'expired',
            ),
            context,
          ).toBe(true);
          for (const e of m.events) expect(e.user === null, context).toBe(e.type === 'expired');
          break;
      }
      for (const p of m.players) {
        const approvals = m.events.filter((e) => e.user === p.user && e.type === 'approved');
        expect(approvals.length, context).toBe(p.approvalStatus === 'approved' ? 1 : 0);
      }
    }
  });

  it('spreads a large seed over the states, mostly approved', () => {
    const count = (status: string) => large.matches.filter((m) => m.approvalStatus === status).length;
    expect(count('approved') / large.matches.length).toBeGreaterThan(0.6);
    for (const status of ['pending', 'cancelled']) expect(count(status)).toBeGreaterThan(30);
    expect(count('rejected')).toBeGreaterThan(0);
    const expired = large.matches.filter((m) => m.events.some((e) => e.type === 'expired'));
    expect(expired.length).toBeGreaterThan(30);
    expect(large.matches.some((m) => m.mode === '2v2')).toBe(true);
  });

  it('keeps pending matches to the last three weeks, so inboxes do not grow with the history', () => {
    const pending = large.matches.filter((m) => m.approvalStatus === 'pending');
    const threeWeeksAgo = now.getTime() - 21 * 24 * 3600 * 1000;
    expect(pending.every((m) => m.matchDate.getTime() >= threeWeeksAgo)).toBe(true);
    // 3,000 matches over 120 days: about a quarter of the last three weeks' ~500 matches.
    expect(pending.length).toBeGreaterThan(60);
    expect(pending.length).toBeLessThan(250);
  });

  it('keeps rejections waiting only within the expiry delay; older ones expired (decision 012)', () => {
    const window = MATCH_GUARDS.rejectedExpiryHours * 3600 * 1000;
    for (const m of [...demo.matches, ...large.matches]) {
      if (m.approvalStatus === 'rejected') {
        expect(now.getTime() - m.approvalUpdatedAt!.getTime()).toBeLessThan(window);
      }
      const expired = m.events.find((e) => e.type === 'expired');
      if (expired) {
        const rejected = m.events.find((e) => e.type === 'rejected')!;
        expect(expired.at.getTime()).toBeGreaterThan(rejected.at.getTime());
        expect(m).toMatchObject({ approvalStatus: 'cancelled', status: 'processed' });
      }
    }
  });

  it('plays most matches at the four stores, each Arena match in its store’s running league', () => {
    expect(large.matches.filter((m) => m.store !== null).length).toBeGreaterThan(large.matches.length * 0.8);
    const arena = large.matches.filter((m) => m.tier === 'Arena');
    expect(arena.length).toBeGreaterThan(0);
    for (const m of arena) {
      const league = large.leagues[m.league!]!;
      expect(league.store).toBe(m.store);
      expect(league.finished).toBe(false);
      expect(league.startsOn <= m.matchDate.toISOString().slice(0, 10)).toBe(true);
      expect(m.round).toBeGreaterThanOrEqual(1);
    }
    expect(large.leagues.map((l) => l.store)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
    expect(DEMO_STORES).toHaveLength(4);
    expect(large.organisers).toEqual([{ user: ORGANISER, store: 0 }]);
  });

  it('makes a season of every year, the current one open, each match in the season of its day', () => {
    const open = large.seasons.filter((s) => !s.closed);
    expect(open).toEqual([expect.objectContaining({ name: `Temporada ${now.getUTCFullYear()}` })]);
    for (const m of large.matches) {
      const season = large.seasons[m.season!]!;
      const day = new Date(m.matchDate.getTime() - 3 * 3600_000).toISOString().slice(0, 10);
      expect(season.startsOn <= day && day <= season.endsOn).toBe(true);
    }
  });

  it('needs two players', () => {
    expect(() => planSeed({ players: 1, matches: 1, seed: 1, now })).toThrow();
  });
});
