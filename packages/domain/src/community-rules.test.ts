import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMUNITY_TIME_ZONE } from './constants';
import {
  communityDay,
  communityLongDay,
  LEAGUE_UNDO_MS,
  leagueUndoOpen,
  leagueStatus,
  normaliseTorCode,
  officiates,
  playerEditRefusal,
  usernameFromName,
  runsStore,
  seesAdmin,
  tierRefusal,
  TOR_CODE_PATTERN,
  type CommunityActor,
} from './community-rules';
import * as MSG from './message-texts';

const player: CommunityActor = { id: 1, role: 'player', organises: [] };
const organiser: CommunityActor = { id: 2, role: 'player', organises: [3] };
const judge: CommunityActor = { id: 4, role: 'judge', organises: [] };
const admin: CommunityActor = { id: 5, role: 'admin', organises: [] };

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

  it('writes a day out as es-AR does in Buenos Aires, with or without its year', () => {
    expect(communityLongDay(new Date('2026-12-07T02:59:00Z'), false)).toBe('6 de diciembre');
    expect(communityLongDay(new Date('2026-12-07T03:00:00Z'), false)).toBe('7 de diciembre');
    expect(communityLongDay(new Date('2027-01-01T02:00:00Z'), true)).toBe('31 de diciembre de 2026');
    expect(communityLongDay(new Date('2026-09-01T15:00:00Z'), true)).toBe('1 de septiembre de 2026');
    // Every instant from 2010 (Buenos Aires on UTC−3 with no daylight saving) to 2100, against
    // the text Intl writes with the zone's rules.
    const short = new Intl.DateTimeFormat('es-AR', {
      timeZone: COMMUNITY_TIME_ZONE,
      day: 'numeric',
      month: 'long',
    });
    const long = new Intl.DateTimeFormat('es-AR', {
      timeZone: COMMUNITY_TIME_ZONE,
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2010-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (at) => {
          expect(communityLongDay(at, false)).toBe(short.format(at));
          expect(communityLongDay(at, true)).toBe(long.format(at));
        },
      ),
      { numRuns: 2_000 },
    );
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
