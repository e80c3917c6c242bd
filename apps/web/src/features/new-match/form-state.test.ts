import { describe, expect, it } from 'vitest';
import * as MSG from '@mitos/domain/message-texts';
import type { TMatch, TTeam } from '@mitos/domain/matches';
import {
  activeTeam,
  addPlayer,
  addPlayerError,
  changeScore,
  initialNewMatchForm,
  isNewMatchValid,
  newMatchErrors,
  prefillFromMatch,
  setStore,
  setTier,
  tierChoices,
  tierError,
  type TierChoice,
  recorderError,
  removePlayer,
  setMode,
  setPlayerDeck,
  toCreateMatchPayload,
  toggleHighlight,
  type FormPlayer,
  type NewMatchForm,
} from './form-state';

const deck = (id: number) => ({ id, name: `Mazo ${id}`, raza: 'Dragon' });
const player = (userId: number, withDeck = true): FormPlayer => ({
  userId,
  username: `jugador${userId}`,
  deck: withDeck ? deck(userId * 10) : null,
});

function added(form: NewMatchForm, team: 0 | 1, p: FormPlayer): NewMatchForm {
  const result = addPlayer(form, team, p);
  expect(result.error).toBeNull();
  return result.form;
}

function readyForm(): NewMatchForm {
  let form = initialNewMatchForm();
  form = added(form, 0, player(1));
  form = added(form, 1, player(2));
  return changeScore(form, 0, 1);
}

describe('initial form', () => {
  it('starts in 1v1, Amistoso, scores 0, no players and no highlights', () => {
    expect(initialNewMatchForm()).toEqual({
      mode: '1v1',
      tier: 'Amistoso',
      teams: [[], []],
      scores: [0, 0],
      highlights: [],
      totalMatches: null,
      storeId: null,
      leagueId: null,
    });
  });
});

describe('adding players', () => {
  it('refuses a player already in either team', () => {
    const form = added(initialNewMatchForm(), 0, player(1));
    expect(addPlayerError(form, 0, 1)).toBe(MSG.playerAlreadySelected);
    expect(addPlayerError(form, 1, 1)).toBe(MSG.playerAlreadySelected);
    expect(addPlayer(form, 1, player(1)).form).toBe(form);
  });

  it('refuses a third player of a 1v1 team with the 1v1 message', () => {
    const form = added(initialNewMatchForm(), 0, player(1));
    expect(addPlayer(form, 0, player(2)).error).toBe(MSG.teamFull1v1);
  });

  it('refuses a third player of a 2v2 team with the 2v2 message', () => {
    let form = setMode(initialNewMatchForm(), '2v2');
    form = added(form, 0, player(1));
    form = added(form, 0, player(2));
    expect(addPlayer(form, 0, player(3)).error).toBe(MSG.teamFull2v2);
  });

  it('refuses a player without a default deck', () => {
    const result = addPlayer(initialNewMatchForm(), 0, player(1, false));
    expect(result.error).toBe(MSG.noDefaultDeck);
    expect(result.form.teams[0]).toEqual([]);
  });

  it('lets a player change to another of their decks', () => {
    const form = setPlayerDeck(added(initialNewMatchForm(), 0, player(1)), 0, 1, deck(99));
    expect(form.teams[0][0]?.deck).toEqual(deck(99));
  });
});

describe('active team', () => {
  it('moves from team 1 to team 2 to none as teams fill, and back when a player leaves', () => {
    let form = initialNewMatchForm();
    expect(activeTeam(form)).toBe(0);
    form = added(form, 0, player(1));
    expect(activeTeam(form)).toBe(1);
    form = added(form, 1, player(2));
    expect(activeTeam(form)).toBeNull();
    expect(activeTeam(removePlayer(form, 1, 2))).toBe(1);
    expect(activeTeam(removePlayer(form, 0, 1))).toBe(0);
  });

  it('waits for two players per team in 2v2', () => {
    let form = setMode(initialNewMatchForm(), '2v2');
    form = added(form, 0, player(1));
    expect(activeTeam(form)).toBe(0);
    form = added(form, 0, player(2));
    expect(activeTeam(form)).toBe(1);
  });

  it('trims players beyond one per team when switching back to 1v1', () => {
    let form = setMode(initialNewMatchForm(), '2v2');
    form = added(form, 0, player(1));
    form = added(form, 0, player(2));
    form = setMode(form, '1v1');
    expect(form.teams[0].map((p) => p.userId)).toEqual([1]);
  });
});

describe('scores', () => {
  it('never go below 0', () => {
    const form = changeScore(changeScore(initialNewMatchForm(), 0, -1), 1, -5);
    expect(form.scores).toEqual([0, 0]);
  });

  it('count up per team', () => {
    const form = changeScore(changeScore(changeScore(initialNewMatchForm(), 0, 1), 0, 1), 1, 1);
    expect(form.scores).toEqual([2, 1]);
  });
});

describe('highlights', () => {
  it('allows at most 3 and always allows toggling one off', () => {
    let form = initialNewMatchForm();
    for (const h of ['Remontada', 'Paliza', 'Combo', 'Rapida'] as const) form = toggleHighlight(form, h);
    expect(form.highlights).toEqual(['Remontada', 'Paliza', 'Combo']);
    form = toggleHighlight(form, 'Paliza');
    expect(form.highlights).toEqual(['Remontada', 'Combo']);
    form = toggleHighlight(form, 'Rapida');
    expect(form.highlights).toEqual(['Remontada', 'Combo', 'Rapida']);
  });
});

describe('validation', () => {
  it('needs exactly one player per team in 1v1', () => {
    const form = changeScore(added(initialNewMatchForm(), 0, player(1)), 0, 1);
    expect(newMatchErrors(form)).toEqual([MSG.teamSize1v1]);
  });

  it('needs exactly two players per team in 2v2', () => {
    let form = changeScore(setMode(initialNewMatchForm(), '2v2'), 0, 1);
    form = added(form, 0, player(1));
    form = added(form, 1, player(2));
    expect(newMatchErrors(form)).toEqual([MSG.teamSize2v2]);
    expect(MSG.teamSize2v2).toBe('Debes seleccionar exactamente 2 jugadores para cada equipo en modo 2v2');
  });

  it('names every player without a deck', () => {
    const prefilled = prefillFromMatch({
      ...rejectedMatch,
      team1: { ...rejectedMatch.team1, decks: [] },
      team2: { ...rejectedMatch.team2, decks: [{ ...rejectedMatch.team2.decks[0]!, deck_id: null }] },
    });
    expect(newMatchErrors(prefilled.form!)).toEqual([
      'Los siguientes jugadores no tienen mazo asignado: ana, beto',
    ]);
  });

  it('needs at least one victory', () => {
    const form = changeScore(readyForm(), 0, -1);
    expect(newMatchErrors(form)).toEqual([MSG.minVictories]);
    expect(isNewMatchValid(form)).toBe(false);
  });

  it('accepts a complete form', () => {
    expect(newMatchErrors(readyForm())).toEqual([]);
    expect(isNewMatchValid(readyForm())).toBe(true);
  });
});

describe('who records the match', () => {
  it('refuses a player who is in neither team, once every seat is taken', () => {
    expect(recorderError(readyForm(), { id: 3, role: 'player' })).toBe(MSG.createForbidden);
    expect(MSG.createForbidden).toBe('No tienes permisos para crear esta partida');
  });

  it('accepts a recorder who plays, in either team', () => {
    expect(recorderError(readyForm(), { id: 1, role: 'player' })).toBeNull();
    expect(recorderError(readyForm(), { id: 2, role: 'player' })).toBeNull();
  });

  it('says nothing while a seat is still free', () => {
    const half = added(initialNewMatchForm(), 0, player(1));
    expect(recorderError(half, { id: 3, role: 'player' })).toBeNull();
  });

  it('lets organisers record matches of others', () => {
    expect(recorderError(readyForm(), { id: 3, role: 'admin' })).toBeNull();
    expect(recorderError(readyForm(), { id: 3, role: 'tournament_admin' })).toBeNull();
  });
});

describe('payload', () => {
  it('is the camel-case body of SPEC §3 with decks, winner, highlights and total games', () => {
    const form = toggleHighlight(changeScore(readyForm(), 0, 1), 'Combo');
    expect(toCreateMatchPayload(form)).toEqual({
      matchMode: '1v1',
      tier: 'Amistoso',
      team1Players: [1],
      team2Players: [2],
      team1Decks: [{ id: 10, name: 'Mazo 10', raza: 'Dragon', userId: 1 }],
      team2Decks: [{ id: 20, name: 'Mazo 20', raza: 'Dragon', userId: 2 }],
      team1Score: 2,
      team2Score: 0,
      winningTeam: 'team1',
      highlights: [{ type: 'Combo', description: 'Una jugada clave o combinación letal decidió la partida' }],
      totalMatches: 2,
    });
  });

  it('names the store, and the league of an Arena match only', () => {
    const atStore = setStore(readyForm(), 4);
    expect(toCreateMatchPayload(atStore)).toMatchObject({ storeId: 4 });
    expect(toCreateMatchPayload(atStore)).not.toHaveProperty('leagueId');
    const arena = { ...setTier(atStore, 'Arena'), leagueId: 9 };
    expect(toCreateMatchPayload(arena)).toMatchObject({ tier: 'Arena', storeId: 4, leagueId: 9 });
    expect(toCreateMatchPayload(readyForm())).not.toHaveProperty('storeId');
  });

  it('has no winner on a tie', () => {
    expect(toCreateMatchPayload(changeScore(readyForm(), 1, 1)).winningTeam).toBeNull();
  });
});

const team = (n: 1 | 2, userId: number, username: string, score: number): TTeam => ({
  team_number: n,
  score,
  players: [
    {
      user_id: userId,
      username,
      approval_status: 'approved',
      approved: true,
      status_updated_at: null,
      reminders: 0,
      reminded_at: null,
    },
  ],
  decks: [{ deck_id: userId * 10, deck_name: `Mazo de ${username}`, deck_raza: 'Faerie', user_id: userId }],
});

const rejectedMatch: TMatch = {
  id: 7,
  match_date: '2026-01-10T18:00:00.000Z',
  match_mode: '1v1',
  tier: 'Amistoso',
  approval_status: 'rejected',
  status: 'rejected',
  winning_team: 'team2',
  created_at: '2026-01-10T18:00:00.000Z',
  created_by: 1,
  created_by_username: 'ana',
  last_updated_by: 2,
  approval_updated_at: null,
  total_matches: 5,
  store: null,
  league: null,
  round: null,
  deadline: null,
  escalated_at: null,
  highlights: [
    { type: 'Remontada', description: 'x' },
    { type: 'Inventado', description: 'y' },
  ],
  team1: team(1, 1, 'ana', 2),
  team2: team(2, 2, 'beto', 3),
  events: [],
};

describe('prefill from a rejected match', () => {
  it('copies mode, tier, total games, both teams with decks, scores and known highlights', () => {
    const { form, error } = prefillFromMatch(rejectedMatch);
    expect(error).toBeNull();
    expect(form).toEqual({
      mode: '1v1',
      tier: 'Amistoso',
      teams: [
        [{ userId: 1, username: 'ana', deck: { id: 10, name: 'Mazo de ana', raza: 'Faerie' } }],
        [{ userId: 2, username: 'beto', deck: { id: 20, name: 'Mazo de beto', raza: 'Faerie' } }],
      ],
      scores: [2, 3],
      highlights: ['Remontada'],
      totalMatches: 5,
      storeId: null,
      leagueId: null,
    });
    expect(isNewMatchValid(form!)).toBe(true);
  });

  it('falls back to the sum of scores, at least 1, for the total games', () => {
    expect(prefillFromMatch({ ...rejectedMatch, total_matches: 0 }).form?.totalMatches).toBe(5);
    const scoreless = {
      ...rejectedMatch,
      total_matches: 0,
      team1: { ...rejectedMatch.team1, score: 0 },
      team2: { ...rejectedMatch.team2, score: 0 },
    };
    expect(prefillFromMatch(scoreless).form?.totalMatches).toBe(1);
  });

  it('refuses a match with an empty team: Datos de equipos incompletos', () => {
    const result = prefillFromMatch({ ...rejectedMatch, team2: { ...rejectedMatch.team2, players: [] } });
    expect(result).toEqual({ form: null, error: 'Datos de equipos incompletos' });
  });
});

describe('store, league and tier', () => {
  const playerActor = { id: 1, role: 'player' as const, organises: [] };
  const judge = { id: 1, role: 'judge' as const, organises: [] };
  const organiser = { id: 1, role: 'player' as const, organises: [4] };
  const admin = { id: 1, role: 'admin' as const, organises: [] };
  const enabled = (choices: TierChoice[]) => choices.filter((c) => c.enabled).map((c) => c.value);

  it('offers Amistoso to anyone, and nothing else to an unknown recorder', () => {
    expect(enabled(tierChoices(null, null))).toEqual(['Amistoso']);
    expect(enabled(tierChoices(playerActor, 4))).toEqual(['Amistoso']);
  });

  it('offers Amistoso c/ Arbitro to referees: judges, admins, and the chosen store organiser', () => {
    expect(enabled(tierChoices(judge, null))).toEqual(['Amistoso', 'Amistoso c/ Arbitro']);
    expect(enabled(tierChoices(organiser, null))).toEqual(['Amistoso', 'Arena']);
    expect(enabled(tierChoices(organiser, 4))).toEqual(['Amistoso', 'Amistoso c/ Arbitro', 'Arena']);
    expect(enabled(tierChoices(organiser, 1))).toEqual(['Amistoso', 'Arena']);
    expect(enabled(tierChoices(admin, null))).toEqual(['Amistoso', 'Amistoso c/ Arbitro', 'Arena']);
  });

  it('never offers Torneo, and says why', () => {
    const torneo = tierChoices(admin, 4).find((c) => c.value === 'Torneo')!;
    expect(torneo).toEqual({ value: 'Torneo', enabled: false, helper: 'Se registra desde el torneo' });
  });

  it("says what the domain refuses: an Arena match needs its league, at the organiser's store", () => {
    const arena = setTier(setStore(readyForm(), 4), 'Arena');
    expect(tierError(arena, organiser)).toBe(MSG.arenaNeedsLeague);
    expect(tierError({ ...arena, leagueId: 9 }, organiser)).toBeNull();
    expect(tierError({ ...setStore(arena, 1), leagueId: 3 }, organiser)).toBe(MSG.arenaOrganiserOnly);
    expect(tierError(setTier(readyForm(), 'Amistoso c/ Arbitro'), playerActor)).toBe(MSG.refereeRequired);
    expect(tierError(readyForm(), playerActor)).toBeNull();
    expect(tierError(arena, null)).toBeNull();
  });

  it("lets the chosen store's organiser, or the referee, record a match they do not play", () => {
    const others = readyForm(); // players 1 and 2
    const recorder = { id: 5, role: 'player' as const };
    const organiserOf4 = { id: 5, role: 'player' as const, organises: [4] };
    expect(recorderError(others, recorder, organiserOf4)).toBe(MSG.createForbidden);
    expect(recorderError(setStore(others, 4), recorder, organiserOf4)).toBeNull();
    const refereed = setTier(others, 'Amistoso c/ Arbitro');
    expect(
      recorderError(refereed, { id: 5, role: 'judge' }, { id: 5, role: 'judge', organises: [] }),
    ).toBeNull();
    expect(recorderError(others, { id: 5, role: 'judge' }, { id: 5, role: 'judge', organises: [] })).toBe(
      MSG.createForbidden,
    );
  });

  it('records a rejected match again at its store and in its league', () => {
    const arena = {
      ...rejectedMatch,
      tier: 'Arena',
      store: { id: 4, name: 'El Bastión TCG' },
      league: { id: 9, name: 'Liga' },
    };
    expect(prefillFromMatch(arena).form).toMatchObject({ tier: 'Arena', storeId: 4, leagueId: 9 });
    const friendly = { ...rejectedMatch, store: { id: 4, name: 'El Bastión TCG' } };
    expect(prefillFromMatch(friendly).form).toMatchObject({ storeId: 4, leagueId: null });
  });

  it('drops the league when the store changes or the match is no longer Arena', () => {
    const withLeague = { ...setTier(setStore(readyForm(), 4), 'Arena'), leagueId: 9 };
    expect(setStore(withLeague, 4).leagueId).toBe(9);
    expect(setStore(withLeague, 1).leagueId).toBeNull();
    expect(setStore(withLeague, null)).toMatchObject({ storeId: null, leagueId: null });
    expect(setTier(withLeague, 'Amistoso').leagueId).toBeNull();
  });
});
