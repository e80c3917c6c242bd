import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  communityDay,
  LEAGUE_UNDO_MS,
  leagueUndoOpen,
  leagueStatus,
  matchPoints,
  normaliseTorCode,
  officiates,
  outcomeOf,
  playerEditRefusal,
  usernameFromName,
  rankFor,
  RANK_THRESHOLDS,
  runsStore,
  seesAdmin,
  standingDelta,
  tierRefusal,
  TOR_CODE_PATTERN,
  type CommunityActor,
} from './community-rules';
import * as MSG from './message-texts';
import { TIER_POINTS } from './constants';

const player: CommunityActor = { id: 1, role: 'player', organises: [] };
const organiser: CommunityActor = { id: 2, role: 'player', organises: [3] };
const judge: CommunityActor = { id: 4, role: 'judge', organises: [] };
const admin: CommunityActor = { id: 5, role: 'admin', organises: [] };

describe('points', () => {
  it('maps the four match tiers onto the SPEC tier points, in order', () => {
    expect(matchPoints('Amistoso', 'win')).toBe(TIER_POINTS[0].points);
    expect(matchPoints('Amistoso c/ Arbitro', 'win')).toBe(TIER_POINTS[1].points);
    expect(matchPoints('Arena', 'win')).toBe(TIER_POINTS[2].points);
    expect(matchPoints('Torneo', 'win')).toBe(TIER_POINTS[3].points);
  });

  it('gives a tenth for taking part without winning', () => {
    expect(matchPoints('Amistoso', 'loss')).toBe(10);
    expect(matchPoints('Torneo', 'draw')).toBe(50);
  });

  it('reads the outcome from the scores', () => {
    expect(outcomeOf(1, 2, 1)).toBe('win');
    expect(outcomeOf(2, 2, 1)).toBe('loss');
    expect(outcomeOf(2, 0, 3)).toBe('win');
    expect(outcomeOf(1, 1, 1)).toBe('draw');
  });

  it('an annulment takes back exactly what the approval added', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Amistoso', 'Amistoso c/ Arbitro', 'Arena', 'Torneo' as const),
        fc.constantFrom('win', 'loss', 'draw' as const),
        (tier, outcome) => {
          const add = standingDelta(tier, outcome);
          const back = standingDelta(tier, outcome, -1);
          expect(add.matches + back.matches).toBe(0);
          expect(add.wins + back.wins).toBe(0);
          expect(add.points + back.points).toBe(0);
        },
      ),
    );
  });
});

describe('ranks', () => {
  it('starts everyone at Huevo de Dragón and tops at Dragón Eterno', () => {
    expect(rankFor(0).name).toBe('Huevo de Dragón');
    expect(rankFor(499).level).toBe(1);
    expect(rankFor(500).name).toBe('Cría de Dragón');
    expect(rankFor(10_000).name).toBe('Dragón Eterno');
    expect(rankFor(10_000).next).toBeNull();
  });

  it('is monotonic in the points, each threshold opening the next rank', () => {
    RANK_THRESHOLDS.forEach((threshold, i) => {
      expect(rankFor(threshold).level).toBe(i + 1);
      if (threshold > 0) expect(rankFor(threshold - 1).level).toBe(i);
    });
    fc.assert(
      fc.property(fc.nat(50_000), fc.nat(50_000), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(rankFor(lo).level).toBeLessThanOrEqual(rankFor(hi).level);
      }),
    );
  });
});

describe('who may record which tier', () => {
  const base = { mode: '1v1' as const, storeId: null, league: null };

  it('lets any two players record an Amistoso', () => {
    expect(tierRefusal(player, { ...base, tier: 'Amistoso' })).toBeNull();
  });

  it('needs a referee for an Amistoso c/ Arbitro', () => {
    const request = { ...base, tier: 'Amistoso c/ Arbitro' as const, storeId: 3 };
    expect(tierRefusal(player, request)).toEqual({ status: 403, message: MSG.refereeRequired });
    expect(tierRefusal(organiser, request)).toBeNull();
    expect(tierRefusal(organiser, { ...request, storeId: 9 })?.status).toBe(403);
    expect(tierRefusal(judge, request)).toBeNull();
    expect(tierRefusal(admin, request)).toBeNull();
  });

  it('keeps Arena to a league, recorded by its store organiser', () => {
    expect(tierRefusal(organiser, { ...base, tier: 'Arena' })).toEqual({
      status: 400,
      message: MSG.arenaNeedsLeague,
    });
    const league = { id: 7, storeId: 3 };
    expect(tierRefusal(organiser, { ...base, tier: 'Arena', league })).toBeNull();
    expect(tierRefusal(player, { ...base, tier: 'Arena', league })?.status).toBe(403);
    expect(tierRefusal(judge, { ...base, tier: 'Arena', league })?.status).toBe(403);
    expect(tierRefusal(admin, { ...base, tier: 'Arena', league, storeId: 4 })).toEqual({
      status: 400,
      message: MSG.leagueOfAnotherStore,
    });
  });

  it('never takes a Torneo from the match form, and 2v2 only as Amistoso', () => {
    expect(tierRefusal(admin, { ...base, tier: 'Torneo' })).toEqual({
      status: 403,
      message: MSG.tournamentOnly,
    });
    expect(tierRefusal(player, { ...base, mode: '2v2', tier: 'Amistoso' })).toBeNull();
    expect(tierRefusal(admin, { ...base, mode: '2v2', tier: 'Amistoso c/ Arbitro' })).toEqual({
      status: 400,
      message: MSG.twoVsTwoOnlyFriendly,
    });
  });
});

describe('roles', () => {
  it('opens /admin to admins and organisers only', () => {
    expect(seesAdmin(player)).toBe(false);
    expect(seesAdmin(judge)).toBe(false);
    expect(seesAdmin(organiser)).toBe(true);
    expect(seesAdmin(admin)).toBe(true);
    expect(seesAdmin({ id: 6, role: 'tournament_admin', organises: [] })).toBe(false);
  });

  it('lets an organiser run only their own store', () => {
    expect(runsStore(organiser, 3)).toBe(true);
    expect(runsStore(organiser, 4)).toBe(false);
    expect(runsStore(admin, 4)).toBe(true);
  });
});

describe('leagues and days', () => {
  it('follows the start date until the organiser ends it', () => {
    expect(leagueStatus({ startsOn: '2026-12-01', finished: false }, '2026-11-22')).toBe('upcoming');
    expect(leagueStatus({ startsOn: '2026-11-22', finished: false }, '2026-11-22')).toBe('active');
    expect(leagueStatus({ startsOn: '2026-12-01', finished: true }, '2026-11-22')).toBe('finished');
  });

  it('lets a delete be undone for 30 seconds', () => {
    const deleted = new Date('2026-11-22T12:00:00Z');
    expect(LEAGUE_UNDO_MS).toBe(30_000);
    expect(leagueUndoOpen(deleted, new Date('2026-11-22T12:00:30Z'))).toBe(true);
    expect(leagueUndoOpen(deleted, new Date('2026-11-22T12:00:30.001Z'))).toBe(false);
  });

  it('counts days in Buenos Aires', () => {
    expect(communityDay(new Date('2026-11-23T02:59:00Z'))).toBe('2026-11-22');
    expect(communityDay(new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-23');
  });

  it('keeps TOR codes upper case and short', () => {
    expect(normaliseTorCode(' tor001 ')).toBe('TOR001');
    expect(TOR_CODE_PATTERN.test('TOR001')).toBe(true);
    expect(TOR_CODE_PATTERN.test('TOR 1')).toBe(false);
    expect(TOR_CODE_PATTERN.test('AB')).toBe(false);
  });
});

describe('who edits players', () => {
  it('lets admins edit anyone and organisers only placeholders, never roles', () => {
    expect(playerEditRefusal(admin, { placeholder: false }, { role: 'judge' })).toBeNull();
    expect(playerEditRefusal(organiser, null, {})).toBeNull();
    expect(playerEditRefusal(organiser, { placeholder: true }, {})).toBeNull();
    expect(playerEditRefusal(organiser, { placeholder: false }, {})?.message).toBe(MSG.adminOnly);
    expect(playerEditRefusal(organiser, { placeholder: true }, { role: 'admin' })?.message).toBe(
      MSG.adminOnly,
    );
    expect(playerEditRefusal(player, null, {})?.message).toBe(MSG.organiserOnly);
    expect(playerEditRefusal(judge, { placeholder: true }, {})?.status).toBe(403);
  });

  it('turns a typed name into a username', () => {
    expect(usernameFromName('  Lautaro   Gómez ')).toBe('Lautaro_Gómez');
  });
});

describe('officiates', () => {
  it('lets a store’s organiser record any match at their store, and a referee an Amistoso c/ Arbitro', () => {
    expect(officiates(organiser, 'Amistoso', 3)).toBe(true);
    expect(officiates(organiser, 'Arena', 3)).toBe(true);
    expect(officiates(organiser, 'Amistoso', 4)).toBe(false);
    expect(officiates(organiser, 'Amistoso', null)).toBe(false);
    expect(officiates(judge, 'Amistoso c/ Arbitro', null)).toBe(true);
    expect(officiates(judge, 'Amistoso c/ Arbitro', 3)).toBe(true);
    expect(officiates(judge, 'Amistoso', 3)).toBe(false);
    expect(officiates(player, 'Amistoso c/ Arbitro', 3)).toBe(false);
    expect(officiates(admin, 'Amistoso', 3)).toBe(true);
  });
});
