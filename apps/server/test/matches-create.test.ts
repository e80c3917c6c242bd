import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MSG } from '@mitos/domain/messages';
import { ZMatch, type TMatch } from '@mitos/domain/matches';
import { decks } from '../src/db/schema/index';
import { DECK_FOREIGN_KEY, insertMatch } from '../src/matches/repository/writes';
import { foreignKeyViolation } from '../src/db/errors';
import { queryRows } from '../src/db/client';
import { buildTestApp, expectErrorShape, injectAs, type TestApp } from './helpers';
import { body1v1, createPlayer, createPlayers, getJson, postMatch, type Player } from './matches-factories';

let t: TestApp;
let ana: Player;
let bruno: Player;
let carla: Player;
let dario: Player;

beforeAll(async () => {
  t = await buildTestApp();
  [ana, bruno, carla, dario] = await createPlayers(t.database, [
    'ana_paz',
    'bruno_sosa',
    'carla_ruiz',
    'dario_vega',
  ] as const);
});

async function refused(payload: unknown, creator: Player = ana) {
  const res = await postMatch(t.app, creator, payload);
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expectErrorShape(body);
  return body;
}

describe('POST /api/matches', () => {
  it('records a 1v1 from the snake_case body and answers the match as GET shows it', async () => {
    const before = Date.now();
    const res = await postMatch(
      t.app,
      ana,
      body1v1(ana, bruno, { highlights: ['Combo', { type: 'Paliza', description: 'x' }] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const match = ZMatch.parse(res.json());
    expect(match).toMatchObject({
      match_mode: '1v1',
      tier: 'Amistoso',
      approval_status: 'pending',
      status: null,
      winning_team: 'team1',
      created_by: ana.id,
      created_by_username: 'ana_paz',
      last_updated_by: ana.id,
      approval_updated_at: null,
      total_matches: 3,
      highlights: [
        { type: 'Combo', description: 'Una jugada clave o combinación letal decidió la partida' },
        { type: 'Paliza', description: 'Dominó la partida desde el principio' },
      ],
    });
    expect(Date.parse(match.match_date)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(match.match_date)).toBeLessThanOrEqual(Date.now());
    expect(match.team1).toEqual({
      team_number: 1,
      score: 2,
      players: [
        {
          user_id: ana.id,
          username: 'ana_paz',
          approval_status: 'approved',
          approved: true,
          status_updated_at: match.created_at,
          reminders: 0,
          reminded_at: null,
        },
      ],
      decks: [{ deck_id: ana.deck.id, deck_name: ana.deck.name, deck_raza: 'Dragon', user_id: ana.id }],
    });
    expect(match.team2.players).toEqual([
      {
        user_id: bruno.id,
        username: 'bruno_sosa',
        approval_status: 'pending',
        approved: false,
        status_updated_at: null,
        reminders: 0,
        reminded_at: null,
      },
    ]);
    expect(match.events.map((e) => [e.type, e.user_id, e.username])).toEqual([
      ['created', ana.id, 'ana_paz'],
      ['approved', ana.id, 'ana_paz'],
    ]);
    expect(await getJson<TMatch>(t.app, bruno, `/api/matches/${match.id}`)).toEqual(match);
  });

  it('records a match from the camelCase body of SPEC §3', async () => {
    const res = await postMatch(t.app, bruno, {
      matchMode: '1v1',
      tier: 'Amistoso',
      team1Players: [ana.id],
      team2Players: [bruno.id],
      team1Decks: [{ id: ana.deck.id, name: ana.deck.name, raza: ana.deck.raza, userId: ana.id }],
      team2Decks: [{ id: bruno.deck.id, name: bruno.deck.name, raza: bruno.deck.raza, userId: bruno.id }],
      highlights: [{ type: 'Remontada', description: 'Remontada' }],
      team1Score: 1,
      team2Score: 3,
      totalMatches: 5,
      matchDate: '2025-03-01T21:00:00-03:00',
    });
    expect(res.statusCode, res.body).toBe(201);
    const match = res.json<TMatch>();
    expect(match.match_date).toBe('2025-03-02T00:00:00.000Z');
    expect(match.winning_team).toBe('team2');
    expect(match.total_matches).toBe(5);
    expect(match.team2.players[0]?.approval_status).toBe('approved');
    expect(match.team1.players[0]?.approval_status).toBe('pending');
    expect(await getJson<TMatch>(t.app, ana, `/api/matches/${match.id}`)).toEqual(match);
  });

  it('records a 2v2 with two players and a deck each per team', async () => {
    const res = await postMatch(t.app, ana, {
      match_mode: '2v2',
      team1_players: [ana.id, carla.id],
      team2_players: [bruno.id, dario.id],
      team1_decks: [carla.deck.id, ana.deck.id],
      team2_decks: [bruno.deck.id, dario.deck.id],
      team1_score: 0,
      team2_score: 2,
      winning_team: 'team2',
    });
    expect(res.statusCode, res.body).toBe(201);
    const match = res.json<TMatch>();
    expect(match.team1.players.map((p) => p.user_id)).toEqual([ana.id, carla.id]);
    expect(match.team1.decks.map((d) => [d.user_id, d.deck_id])).toEqual([
      [ana.id, ana.deck.id],
      [carla.id, carla.deck.id],
    ]);
    expect(await getJson<TMatch>(t.app, dario, `/api/matches/${match.id}`)).toEqual(match);
  });

  it('keeps a tie with no winner', async () => {
    const res = await postMatch(
      t.app,
      ana,
      body1v1(ana, bruno, { team1_score: 1, team2_score: 1, winning_team: null }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json<TMatch>().winning_team).toBeNull();
  });

  it('needs a session', async () => {
    const res = await postMatch(t.app, null, body1v1(ana, bruno));
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(MSG.notAuthenticated);
  });

  it('refuses a creator who does not play, unless an organiser', async () => {
    const res = await postMatch(t.app, carla, body1v1(ana, bruno));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(MSG.createForbidden);

    for (const role of ['admin', 'tournament_admin'] as const) {
      const organiser = await createPlayer(t.database, { role });
      const ok = await postMatch(t.app, organiser, body1v1(ana, bruno));
      expect(ok.statusCode, ok.body).toBe(201);
      const match = ok.json<TMatch>();
      expect(match.created_by).toBe(organiser.id);
      expect([...match.team1.players, ...match.team2.players].map((p) => p.approval_status)).toEqual([
        'pending',
        'pending',
      ]);
      expect(match.events.map((e) => e.type)).toEqual(['created']);
      expect(match.created_by_username).toBe(organiser.username);
      expect(await getJson<TMatch>(t.app, ana, `/api/matches/${match.id}`)).toEqual(match);
    }
  });

  describe('refuses, with the Spanish message of the broken rule', () => {
    it('team sizes for the mode', async () => {
      const body = await refused(
        body1v1(ana, bruno, { team1_players: [ana.id, carla.id], team1_decks: [ana.deck.id, carla.deck.id] }),
      );
      expect(body.error).toBe(MSG.teamSize1v1);
      expect(body.errors).toEqual({ team1_players: [MSG.teamSize1v1] });
      const twoVsTwo = await refused(body1v1(ana, bruno, { match_mode: '2v2' }));
      expect(twoVsTwo.errors).toEqual({ team1_players: [MSG.teamSize2v2], team2_players: [MSG.teamSize2v2] });
      const empty = await refused(body1v1(ana, bruno, { team2_players: [], team2_decks: [] }));
      expect(empty.errors?.team2_players).toEqual([MSG.teamSize1v1]);
    });

    it('a player twice in the match', async () => {
      const body = await refused(body1v1(ana, ana));
      expect(body.errors).toEqual({ team2_players: [MSG.playerAlreadySelected] });
    });

    it('no victory at all', async () => {
      const body = await refused(body1v1(ana, bruno, { team1_score: 0, team2_score: 0 }));
      expect(body.error).toBe(MSG.minVictories);
    });

    it('scores that are not whole numbers from 0', async () => {
      for (const team1_score of [-1, 1.5, 100, '2'] as unknown as number[]) {
        const body = await refused(body1v1(ana, bruno, { team1_score }));
        expect(body.errors?.team1_score).toEqual([MSG.invalidScore]);
      }
    });

    it('a winner that disagrees with the scores', async () => {
      expect((await refused(body1v1(ana, bruno, { winning_team: 'team2' }))).error).toBe(MSG.winnerMismatch);
      expect((await refused(body1v1(ana, bruno, { winning_team: null }))).error).toBe(MSG.winnerMismatch);
      expect(
        (await refused(body1v1(ana, bruno, { winning_team: 'team3' as 'team1' }))).errors,
      ).toHaveProperty('winning_team');
    });

    it('more than three highlights, a repeated one, an unknown one', async () => {
      const four = await refused(
        body1v1(ana, bruno, { highlights: ['Combo', 'Paliza', 'Rapida', 'Remontada'] }),
      );
      expect(four.error).toBe(MSG.tooManyHighlights);
      const twice = await refused(body1v1(ana, bruno, { highlights: ['Combo', { type: 'Combo' }] }));
      expect(twice.error).toBe(MSG.repeatedHighlight);
      const unknown = await refused(body1v1(ana, bruno, { highlights: ['Suerte' as 'Combo'] }));
      expect(unknown.error).toBe(MSG.invalidHighlight);
    });

    it('a mode or tier that does not exist', async () => {
      expect((await refused(body1v1(ana, bruno, { match_mode: '3v3' as '1v1' }))).error).toBe(
        MSG.invalidMode,
      );
      expect((await refused(body1v1(ana, bruno, { tier: 'Liga' as 'Arena' }))).error).toBe(MSG.invalidTier);
    });

    it('a date in the future, before 1900, or unreadable', async () => {
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
      expect((await refused(body1v1(ana, bruno, { match_date: tomorrow }))).error).toBe(MSG.futureDate);
      expect((await refused(body1v1(ana, bruno, { match_date: '1899-12-31' }))).error).toBe(MSG.dateTooOld);
      expect((await refused(body1v1(ana, bruno, { match_date: '31/12/2024' }))).error).toBe(MSG.invalidDate);
    });

    it('a total of games below the victories', async () => {
      expect((await refused(body1v1(ana, bruno, { total_matches: 2 }))).error).toBe(MSG.totalMatchesTooLow);
    });

    it('a player who does not exist', async () => {
      const body = await refused(body1v1(ana, { ...bruno, id: 999_999 }));
      expect(body.errors).toEqual({ team2_players: [MSG.playerNotFound] });
    });

    it('a player without a deck, naming them', async () => {
      const body = await refused(body1v1(ana, bruno, { team2_decks: [] }));
      expect(body.error).toBe(MSG.playersWithoutDeck('bruno_sosa'));
      const camel = await refused({
        team1Players: [ana.id],
        team2Players: [bruno.id],
        team1Decks: [{ id: ana.deck.id }],
        team1Score: 1,
      });
      expect(camel.errors).toEqual({ team2_decks: [MSG.playersWithoutDeck('bruno_sosa')] });
    });

    it("a deck that is not that player's, or not in that team", async () => {
      const foreign = await refused(body1v1(ana, bruno, { team1_decks: [carla.deck.id] }));
      expect(foreign.errors?.team1_decks).toEqual([MSG.deckNotOwned, MSG.playersWithoutDeck('ana_paz')]);
      const swapped = await refused(
        body1v1(ana, bruno, { team1_decks: [bruno.deck.id], team2_decks: [ana.deck.id] }),
      );
      expect(swapped.error).toBe(MSG.deckNotOwned);
      const missing = await refused(body1v1(ana, bruno, { team1_decks: [987_654] }));
      expect(missing.error).toBe(MSG.deckNotOwned);
    });

    it('two decks for one player', async () => {
      const [second] = await t.database.db
        .insert(decks)
        .values({ userId: ana.id, name: 'Segundo', raza: 'Sombra' })
        .returning();
      const body = await refused(body1v1(ana, bruno, { team1_decks: [ana.deck.id, second!.id] }));
      expect(body.errors?.team1_decks).toEqual([MSG.deckPerPlayer]);
      const repeated = await refused(body1v1(ana, bruno, { team1_decks: [ana.deck.id, ana.deck.id] }));
      expect(repeated.error).toBe(MSG.deckPerPlayer);
    });

    it('unknown fields, and names the field of the form the client wrote', async () => {
      const unknown = await refused({ ...body1v1(ana, bruno), sneaky: 1 });
      expect(unknown.error).toBe(MSG.unknownField('sneaky'));
      const camel = await refused({ team1Players: [ana.id], team2Players: [bruno.id], team1Score: 'x' });
      expect(Object.keys(camel.errors ?? {})).toEqual(['team1Score']);
      const snake = await refused({ team1_players: [ana.id], team2_players: [bruno.id], team1_score: 'x' });
      expect(Object.keys(snake.errors ?? {})).toEqual(['team1_score']);
    });

    it('a body that is not an object', async () => {
      for (const payload of [[1, 2], 'texto', null]) {
        const res = await injectAs(t.app, ana, {
          method: 'POST',
          url: '/api/matches',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode, String(payload)).toBe(400);
        expectErrorShape(res.json());
      }
    });
  });

  it('is documented in the OpenAPI document with both body forms', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>();
    const body = JSON.stringify(doc.paths['/api/matches']?.post?.requestBody);
    expect(body).toContain('team1Players');
    expect(body).toContain('team1_players');
    for (const path of [
      '/api/matches/{id}/approve',
      '/api/matches/all-approved',
      '/api/notifications/count',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });

  it('keeps the deck as it was when the match was recorded', async () => {
    const [spare] = await t.database.db
      .insert(decks)
      .values({ userId: dario.id, name: 'Faraones', raza: 'Faraon' })
      .returning();
    const match = (
      await postMatch(t.app, dario, body1v1(dario, carla, { team1_decks: [spare!.id] }))
    ).json<TMatch>();
    const renamed = await injectAs(t.app, dario, {
      method: 'PUT',
      url: `/api/decks/${spare!.id}`,
      payload: { name: 'Otro nombre', raza: 'Titan' },
    });
    expect(renamed.statusCode).toBe(200);
    let after = await getJson<TMatch>(t.app, dario, `/api/matches/${match.id}`);
    expect(after.team1.decks[0]).toEqual({
      deck_id: spare!.id,
      deck_name: 'Faraones',
      deck_raza: 'Faraon',
      user_id: dario.id,
    });

    await t.database.db.delete(decks).where(eq(decks.id, spare!.id));
    after = await getJson<TMatch>(t.app, dario, `/api/matches/${match.id}`);
    expect(after.team1.decks[0]).toEqual({
      deck_id: null,
      deck_name: 'Faraones',
      deck_raza: 'Faraon',
      user_id: dario.id,
    });
  });

  it('stores nothing of a match whose deck was deleted between the checks and the write', async () => {
    const [doomed] = await t.database.db
      .insert(decks)
      .values({ userId: dario.id, name: 'Efímero', raza: 'Dragon' })
      .returning();
    await t.database.db.delete(decks).where(eq(decks.id, doomed!.id));
    const now = new Date();
    const write = insertMatch(t.database.db, {
      match: {
        matchDate: now,
        matchMode: '1v1',
        tier: 'Amistoso',
        winningTeam: 'team1',
        team1Score: 1,
        team2Score: 0,
        totalMatches: 1,
        createdAt: now,
        createdBy: dario.id,
        lastUpdatedBy: dario.id,
      },
      players: [
        {
          userId: dario.id,
          team: 1,
          position: 0,
          deckId: doomed!.id,
          deckName: 'Efímero',
          deckRaza: 'Dragon',
        },
        { userId: carla.id, team: 2, position: 0, deckId: carla.deck.id, deckName: 'x', deckRaza: 'Dragon' },
      ],
      highlights: ['Combo'],
      events: [{ type: 'created', userId: dario.id, at: now }],
    });
    await expect(write).rejects.toSatisfy((err) => foreignKeyViolation(err) === DECK_FOREIGN_KEY);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from matches where created_by = ${dario.id} and created_at = ${now.toISOString()}::timestamptz`,
    );
    expect(Number(row!.n)).toBe(0);
  });
});
