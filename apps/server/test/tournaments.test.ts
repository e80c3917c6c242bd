import { describe, expect, it } from 'vitest';
import type { TMatch } from '@mitos/domain/matches';
import { buildTestApp, createUser, expectErrorShape } from './helpers';
import { MSG } from '@mitos/domain/messages';
import { createSeason, createStore } from './community-factories';
import { act, body1v1, createPlayer, getJson, type Player } from './matches-factories';
import { sql } from 'drizzle-orm';
import { enterAll, tournamentApi } from './tournament-factories';
import { queryRows } from '../src/db/client';

const { app, database } = await buildTestApp();
const api = tournamentApi(app);
const admin = await createUser(database, { role: 'admin' });
const organiser = await createUser(database, { username: 'organizatorneo' });
const tadmin = await createUser(database, { role: 'tournament_admin' });
const outsider = await createUser(database);
const store = await createStore(app, admin, [organiser], { name: 'Torneos Store' });
const inactive = await createStore(app, admin, [], { name: 'Cerrada', active: false });
// The season holding the tournaments' day: their matches count there.
await createSeason(database, { startsOn: '2026-01-01', endsOn: '2026-12-31' });

const players = async (n: number): Promise<Player[]> => {
  const list: Player[] = [];
  for (let i = 0; i < n; i++) list.push(await createPlayer(database));
  return list;
};

const expectRefusal = (res: { statusCode: number; body: string }, status: number, message: string) => {
  expect(res.statusCode, res.body).toBe(status);
  const body: unknown = JSON.parse(res.body);
  expectErrorShape(body);
  expect(body.message).toBe(message);
};

/** A tournament at the store with these players signed up. */
async function withPlayers(n: number, values: Record<string, unknown> = {}) {
  const t = await api.create(organiser, store.id, values);
  const list = await players(n);
  for (const p of list) expect((await api.signUp(p, t.id)).statusCode).toBe(200);
  return { t, list };
}

describe('creating tournaments', () => {
  it('is for tournament admins, admins and the store’s organisers, with the SPEC’s messages', async () => {
    const t = await api.create(organiser, store.id, { rules: '# Reglas\n\nMazo de 50 cartas.' });
    expect(t).toMatchObject({
      name: 'Torneo de Prueba',
      type: 'swiss',
      store: { id: store.id, name: 'Torneos Store' },
      status: 'registration',
      startDate: '2026-11-28',
      startsAt: '2026-11-28T20:00:00.000Z',
      bestOf: 3,
      playerCap: 32,
      tier: 'Torneo',
      canManage: true,
      me: null,
    });
    expect(t.calendar.map((m) => m.label)).toEqual([
      'Inscripción abierta',
      'Acreditación',
      'Inicio del torneo',
      'Ronda 1',
      'Final',
    ]);
    // The rounds follow the field: with nobody signed up yet, one is suggested.
    expect(t.suggestedRounds).toBe(1);
    await api.create(tadmin, store.id);
    await api.create(admin, store.id);
    expectRefusal(
      await api.call(outsider, 'POST', '/api/tournaments', {
        name: 'X',
        storeId: store.id,
        type: 'swiss',
        startDate: '2026-12-01',
      }),
      403,
      'Solo un administrador de torneos o el organizador de la tienda puede hacer esto',
    );
    expectRefusal(
      await api.call(organiser, 'POST', '/api/tournaments', {
        name: '  ',
        storeId: store.id,
        type: 'swiss',
        startDate: '2026-12-01',
      }),
      400,
      'El nombre del torneo es requerido',
    );
    expectRefusal(
      await api.call(organiser, 'POST', '/api/tournaments', { name: 'X', storeId: store.id, type: 'swiss' }),
      400,
      'La fecha de inicio es requerida',
    );
    expectRefusal(
      await api.call(admin, 'POST', '/api/tournaments', {
        name: 'X',
        storeId: inactive.id,
        type: 'swiss',
        startDate: '2026-12-01',
      }),
      409,
      'La tienda no está activa',
    );
    expectRefusal(
      await api.call(organiser, 'POST', '/api/tournaments', {
        name: 'X',
        storeId: store.id,
        type: 'single_elimination',
        startDate: '2026-12-01',
        topCut: 8,
      }),
      400,
      'Solo un torneo suizo puede tener un corte a eliminación',
    );
    for (const bad of [
      { playerCap: 1 },
      { bestOf: 2 },
      { type: 'ladder' },
      { startTime: '25:00' },
      { extra: 1 },
    ]) {
      const res = await api.call(organiser, 'POST', '/api/tournaments', {
        name: 'X',
        storeId: store.id,
        type: 'swiss',
        startDate: '2026-12-01',
        ...bad,
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expectErrorShape(res.json());
    }
    expect((await api.call(outsider, 'GET', '/api/tournaments/999999')).statusCode).toBe(404);
  });
});

describe('sign-up', () => {
  it('registers up to the cap, then waitlists; refuses twice, a deck not one’s own, after the start', async () => {
    const t = await api.create(organiser, store.id, { playerCap: 2 });
    const [a, b, c, d] = await players(4);
    expect((await api.signUp(a!, t.id)).json()).toMatchObject({ status: 'registered' });
    expectRefusal(await api.signUp(a!, t.id), 409, 'Ya estás inscripto en este torneo');
    expectRefusal(await api.signUp(b!, t.id, a!.deck.id), 400, MSG.deckNotOwned);
    expectRefusal(
      await api.call(b!, 'POST', `/api/tournaments/${t.id}/signup`, {}),
      400,
      'Elige un mazo para inscribirte',
    );
    expect((await api.signUp(b!, t.id)).json()).toMatchObject({ status: 'registered' });
    expect((await api.signUp(c!, t.id)).json()).toEqual({
      status: 'waitlisted',
      message: 'El torneo está completo: quedaste en la lista de espera',
    });
    await api.signUp(d!, t.id);
    expect((await api.detail(d!, t.id)).me).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 });
    // A withdrawal moves the first of the waiting list up.
    expect((await api.call(a!, 'DELETE', `/api/tournaments/${t.id}/signup`)).statusCode).toBe(200);
    expect((await api.detail(c!, t.id)).me).toMatchObject({ status: 'registered', waitlistPosition: null });
    expect((await api.detail(d!, t.id)).me).toMatchObject({ waitlistPosition: 1 });
    await api.start(organiser, t.id);
    expectRefusal(await api.signUp(a!, t.id), 409, 'El torneo ya comenzó');
    expectRefusal(
      await api.call(b!, 'DELETE', `/api/tournaments/${t.id}/signup`),
      409,
      'El torneo ya comenzó',
    );
  });

  it('refuses a closed registration; concurrent sign-ups never pass the cap', async () => {
    const closed = await api.create(organiser, store.id, { registrationOpen: false });
    const [p] = await players(1);
    expectRefusal(await api.signUp(p!, closed.id), 409, 'La inscripción a este torneo está cerrada');
    expect((await api.detail(p!, closed.id)).status).toBe('upcoming');

    const t = await api.create(organiser, store.id, { playerCap: 3 });
    const many = await players(8);
    const answers = await Promise.all(many.map((q) => api.signUp(q, t.id)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const detail = await api.detail(organiser, t.id);
    expect(detail.participants).toBe(3);
    expect(detail.waitlist).toBe(5);
  });

  it('Guardar saves the participants list; check-in decides who plays', async () => {
    const t = await api.create(organiser, store.id, { type: 'single_elimination', playerCap: 4 });
    const list = await players(5);
    const save = (ids: Player[]) =>
      api.call(organiser, 'PUT', `/api/tournaments/${t.id}/participants`, {
        participants: ids.map((p) => ({ userId: p.id })),
      });
    expect((await save(list.slice(0, 3))).statusCode).toBe(200);
    expectRefusal(
      await api.call(organiser, 'PUT', `/api/tournaments/${t.id}/participants`, {
        participants: [{ userId: list[0]!.id }, { userId: list[0]!.id }],
      }),
      400,
      'Este usuario ya está en el torneo',
    );
    expectRefusal(await save(list), 409, 'El torneo alcanzó el cupo de jugadores');
    expectRefusal(
      await api.call(outsider, 'PUT', `/api/tournaments/${t.id}/participants`, { participants: [] }),
      403,
      'Solo un administrador de torneos o el organizador de la tienda puede hacer esto',
    );
    const saved = await api.detail(organiser, t.id);
    expect(saved.participantList.map((p) => p.userId)).toEqual(list.slice(0, 3).map((p) => p.id));
    expect(saved.participantList[0]!.deck?.id).toBe(list[0]!.deck.id);
    // Only those checked in play; the others are dropped as no-shows.
    for (const p of list.slice(0, 2))
      expect(
        (
          await api.call(organiser, 'POST', `/api/tournaments/${t.id}/participants/${p.id}/check-in`, {
            checkedIn: true,
          })
        ).statusCode,
      ).toBe(200);
    const started = await api.start(organiser, t.id);
    expect(started.status).toBe('in_progress');
    expect(started.participantList.filter((p) => p.status === 'registered')).toHaveLength(2);
    expect(started.participantList.find((p) => p.userId === list[2]!.id)?.status).toBe('dropped');
  });
});

describe('a Swiss tournament', () => {
  it('pairs by seed, decides results through approvals, avoids rematches and shows the tiebreakers', async () => {
    const { t, list } = await withPlayers(5, { swissRounds: 3 });
    expectRefusal(
      await api.call(outsider, 'POST', `/api/tournaments/${t.id}/start`),
      403,
      'Solo un administrador de torneos o el organizador de la tienda puede hacer esto',
    );
    const started = await api.start(organiser, t.id);
    expect(started).toMatchObject({ status: 'in_progress', round: 1, phase: 'swiss', swissRounds: 3 });
    expect(started.seed).not.toBeNull();
    const round1 = await api.pairings(list[0]!, t.id, 1);
    expect(round1).toHaveLength(3);
    const bye = round1.find((p) => p.player2 === null)!;
    expect(bye).toMatchObject({ status: 'decided', result: { outcome: 'player1', games1: 2, games2: 0 } });
    const lowest = started.participantList.find((p) => p.seed === 5)!;
    expect(bye.player1.id).toBe(lowest.userId);
    // The round was written in one statement, its columns as arrays (repository.insertPairings):
    // each row as given, the bye decided when paired, the tables to play open, nothing else set.
    const written = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select table_no as "tableNo", player2_id is null as "isBye", status, outcome, games1, games2,
                 games_drawn as "gamesDrawn", match_id as "matchId", bracket_match_id as "bracketMatchId",
                 bracket_group as "bracketGroup", paired_at is not null as "paired",
                 decided_at = paired_at as "decidedWhenPaired", decided_at is null as "undecided"
            from tournament_pairings where tournament_id = ${t.id} order by table_no`,
    );
    const open = { status: 'pending', outcome: null, games1: null, games2: null, gamesDrawn: null };
    const none = { matchId: null, bracketMatchId: null, bracketGroup: null, paired: true };
    expect(written).toEqual([
      { tableNo: 1, isBye: false, ...open, ...none, decidedWhenPaired: null, undecided: true },
      { tableNo: 2, isBye: false, ...open, ...none, decidedWhenPaired: null, undecided: true },
      {
        tableNo: 3,
        isBye: true,
        status: 'decided',
        outcome: 'player1',
        games1: 2,
        games2: 0,
        gamesDrawn: 0,
        ...none,
        decidedWhenPaired: true,
        undecided: false,
      },
    ]);

    // A player reports: a real Torneo match waiting for the opponent.
    const [first, second] = round1.filter((p) => p.player2 !== null);
    const reporter = list.find((p) => p.id === first!.player1.id)!;
    const opponent = list.find((p) => p.id === first!.player2!.id)!;
    const stranger = list.find((p) => p.id !== reporter.id && p.id !== opponent.id)!;
    expectRefusal(
      await api.report(stranger, t.id, first!.id, 2, 0),
      403,
      'Solo los jugadores de la partida o el organizador pueden cargar su resultado',
    );
    expectRefusal(
      await api.report(reporter, t.id, first!.id, 3, 0),
      400,
      'El resultado no es válido para una partida al mejor de 3',
    );
    expectRefusal(
      await api.report(reporter, t.id, bye.id, 2, 0),
      409,
      'Un bye no se juega: no tiene resultado para cargar',
    );
    const reported = await api.report(reporter, t.id, first!.id, 2, 1);
    expect(reported.statusCode, reported.body).toBe(200);
    const { pairing } = reported.json<{ pairing: { status: string; matchId: number } }>();
    expect(pairing).toMatchObject({
      status: 'reported',
      result: null,
      reported: { games1: 2, games2: 1, gamesDrawn: 0 },
    });
    expectRefusal(
      await api.report(reporter, t.id, first!.id, 2, 1),
      409,
      'Esta partida ya tiene un resultado esperando aprobación',
    );
    const match = await getJson<TMatch>(app, opponent, `/api/matches/${pairing.matchId}`);
    expect(match).toMatchObject({ tier: 'Torneo', approval_status: 'pending' });
    // Pairing round 2 waits for every result of round 1.
    expectRefusal(
      await api.pairRound(organiser, t.id, 2),
      409,
      'La ronda 1 todavía tiene partidas sin resultado',
    );
    // A rejection sends the pairing back; the next report is approved.
    expect((await act(app, opponent, pairing.matchId, 'reject')).statusCode).toBe(200);
    expect((await api.pairings(reporter, t.id, 1)).find((p) => p.id === first!.id)?.status).toBe('pending');
    const again = (await api.report(reporter, t.id, first!.id, 2, 0)).json<{
      pairing: { matchId: number };
    }>();
    expect((await act(app, opponent, again.pairing.matchId, 'approve')).statusCode).toBe(200);
    expect((await api.pairings(reporter, t.id, 1)).find((p) => p.id === first!.id)).toMatchObject({
      status: 'decided',
      result: { outcome: 'player1', games1: 2, games2: 0 },
      matchStatus: 'approved',
    });
    // A tournament's match is corrected from the tournament, not annulled from the match.
    expectRefusal(
      await api.call(admin, 'POST', `/api/matches/${again.pairing.matchId}/annul`),
      409,
      'Una partida de torneo se corrige o revierte desde el torneo',
    );
    // A drawn match (1–1–1) is a result in Swiss.
    expect((await api.report(organiser, t.id, second!.id, 1, 1, 1)).statusCode).toBe(200);

    // Two organisers pair round 2 at once: one pairs it, the other is told it is paired.
    const both = await Promise.all([api.pairRound(organiser, t.id, 2), api.pairRound(admin, t.id, 2)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().message).toBe('La ronda 2 ya fue emparejada');
    const round2 = await api.pairings(organiser, t.id, 2);
    const met = new Set(
      round1.filter((p) => p.player2).map((p) => [p.player1.id, p.player2!.id].sort().join('-')),
    );
    for (const p of round2.filter((q) => q.player2))
      expect(met.has([p.player1.id, p.player2!.id].sort().join('-'))).toBe(false);
    expect(round2.find((p) => p.player2 === null)!.player1.id).not.toBe(bye.player1.id);

    // A player with a match to play cannot drop; closing the round settles unplayed matches.
    const busy = round2.find((p) => p.player2 !== null)!;
    expectRefusal(
      await api.call(organiser, 'POST', `/api/tournaments/${t.id}/participants/${busy.player1.id}/drop`),
      409,
      'El jugador tiene una partida pendiente en la ronda actual: carga o cierra su resultado antes de retirarlo',
    );
    expect(
      (
        await api.call(organiser, 'POST', `/api/tournaments/${t.id}/rounds/close`, {
          round: 2,
          unplayed: 'double_loss',
        })
      ).statusCode,
    ).toBe(200);
    expect((await api.pairings(organiser, t.id, 2)).every((p) => p.status === 'decided')).toBe(true);
    expect(
      (
        await api.call(
          busy.player1.id === reporter.id ? reporter : list.find((p) => p.id === busy.player1.id)!,
          'POST',
          `/api/tournaments/${t.id}/participants/${busy.player1.id}/drop`,
        )
      ).statusCode,
    ).toBe(200);

    const standings = await api.standings(organiser, t.id);
    expect(standings.kind).toBe('swiss');
    expect(standings.rows).toHaveLength(5);
    expect(standings.rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
    for (const r of standings.rows) {
      expect(r.mwp).toBeGreaterThanOrEqual(33);
      expect(r.matchPoints).toBe(3 * r.wins + r.draws);
    }
    expect(standings.rows.find((r) => r.player.id === busy.player1.id)?.dropped).toBe(true);

    await api.pairRound(organiser, t.id, 3);
    expect(
      (await api.pairings(organiser, t.id, 3)).some(
        (p) => p.player1.id === busy.player1.id || p.player2?.id === busy.player1.id,
      ),
    ).toBe(false);
    await enterAll(api, organiser, t.id);
    const done = await api.detail(organiser, t.id);
    expect(done.status).toBe('finished');
    expect(done.winner?.id).toBe(
      standings.rows[0]!.player.id === busy.player1.id ? done.winner?.id : done.winner?.id,
    );
    expect(done.winner).not.toBeNull();
    expectRefusal(await api.pairRound(organiser, t.id, 4), 409, 'El torneo ya finalizó');
  });

  it('counts points like any approved match, and Comunicados in the participants’ notifications', async () => {
    const { t, list } = await withPlayers(2, { swissRounds: 1 });
    await api.start(organiser, t.id);
    expectRefusal(
      await api.call(organiser, 'POST', `/api/tournaments/${t.id}/announcements`, { message: '   ' }),
      400,
      'El comunicado no puede estar vacío',
    );
    expectRefusal(
      await api.call(list[0]!, 'POST', `/api/tournaments/${t.id}/announcements`, { message: 'Hola' }),
      403,
      'Solo un administrador de torneos o el organizador de la tienda puede hacer esto',
    );
    const count = async (p: Player) =>
      (await getJson<{ count: number }>(app, p, '/api/notifications/count')).count;
    const before = await count(list[0]!);
    const published = await api.call(organiser, 'POST', `/api/tournaments/${t.id}/announcements`, {
      message: 'La ronda 1 empieza a las 17:30',
    });
    expect(published.statusCode).toBe(200);
    expect(published.json().announcements[0]).toMatchObject({ message: 'La ronda 1 empieza a las 17:30' });
    expect(await count(list[0]!)).toBe(before + 1);
    const unread = await getJson<{ message: string }[]>(
      app,
      list[0]!,
      '/api/tournaments/announcements/unread',
    );
    expect(unread[0]).toMatchObject({ message: 'La ronda 1 empieza a las 17:30', tournament: { id: t.id } });
    await api.call(list[0]!, 'POST', `/api/tournaments/${t.id}/announcements/seen`);
    expect(await count(list[0]!)).toBe(before);
    expect(await count(list[1]!)).toBe(before + 1);

    await enterAll(api, organiser, t.id);
    const detail = await api.detail(organiser, t.id);
    expect(detail.status).toBe('finished');
    const standing = await getJson<{ points: number }>(
      app,
      list[0]!,
      `/api/users/${detail.winner!.id}/standing`,
    );
    expect(standing.points).toBeGreaterThanOrEqual(500);
  });
});

describe('seeding', () => {
  it('seeds by Mitos Rating first, then by season points, then by lot', async () => {
    const { t, list } = await withPlayers(4, { type: 'single_elimination' });
    const [strong, weak, pointsOnly, nobody] = list as [Player, Player, Player, Player];
    // strong beats weak twice: both rated, strong higher (weak, though a loser, is rated and so
    // ahead of pointsOnly, who has season points without a rating line); nobody has neither.
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/matches',
        headers: { authorization: `Bearer ${strong.token}` },
        payload: body1v1(strong, weak, { match_date: '2026-11-20T12:00:00Z' }),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect((await act(app, weak, res.json<TMatch>().id, 'approve')).statusCode).toBe(200);
    }
    await database.db.execute(
      sql`insert into standings (season_id, store_id, user_id, matches, wins, points)
          select id, 0, ${pointsOnly.id}, 1, 1, 100 from seasons where starts_on = '2026-01-01'`,
    );
    const started = await api.start(organiser, t.id);
    const seedOf = new Map(started.participantList.map((p) => [p.userId, p.seed]));
    expect([
      seedOf.get(strong.id),
      seedOf.get(weak.id),
      seedOf.get(pointsOnly.id),
      seedOf.get(nobody.id),
    ]).toEqual([1, 2, 3, 4]);
  });
});

describe('elimination brackets', () => {
  it('a 5-player single elimination: byes to the top seeds, advancing to a champion', async () => {
    const { t } = await withPlayers(5, { type: 'single_elimination' });
    const started = await api.start(organiser, t.id);
    const seedOf = new Map(started.participantList.map((p) => [p.userId, p.seed]));
    // Seeds 1–3 have byes: the first round is 4 v 5 alone, and 2 v 3 is ready in the semifinals.
    const open = (await api.pairings(organiser, t.id)).filter((p) => p.status === 'pending');
    const seeds = (p: (typeof open)[number]) => [seedOf.get(p.player1.id), seedOf.get(p.player2!.id)].sort();
    expect(open.map((p) => [p.round, ...seeds(p)])).toEqual([
      [1, 4, 5],
      [2, 2, 3],
    ]);
    const bracket = await api.bracket(organiser, t.id);
    const labels = bracket.stages[0]!.groups[0]!.rounds.map((r) => r.label);
    expect(labels).toEqual(['Primera Ronda', 'Semifinales', 'Final']);
    expectRefusal(
      await api.report(organiser, t.id, open[0]!.id, 1, 1),
      400,
      'Una partida de eliminación no puede terminar en empate',
    );
    while ((await enterAll(api, organiser, t.id)) > 0);
    const done = await api.detail(organiser, t.id);
    expect(done.status).toBe('finished');
    const final = (await api.bracket(organiser, t.id)).stages[0]!.groups[0]!.rounds.at(-1)!.matches[0]!;
    expect(final.status).toBe('completed');
    expect(done.winner?.id).toBe(final.winnerId);
    const decided = (await api.pairings(organiser, t.id)).find((p) => p.status === 'decided')!;
    expectRefusal(
      await api.report(organiser, t.id, decided.id, 2, 0),
      409,
      'La partida ya tiene un resultado',
    );
    expect((await api.standings(organiser, t.id)).rows[0]!.player.id).toBe(done.winner!.id);
  });

  it('double elimination plays the grand-final reset when the losers’ champion wins the first final', async () => {
    const { t } = await withPlayers(4, { type: 'double_elimination' });
    await api.start(organiser, t.id);
    // The winners' side: the first-named player always wins; in the grand final the second wins once.
    for (;;) {
      const open = (await api.pairings(organiser, t.id)).filter((p) => p.status === 'pending' && p.player2);
      if (open.length === 0) break;
      for (const p of open) {
        const grandFinal = p.group === 'grand_final' && p.round === 1;
        await api.report(organiser, t.id, p.id, grandFinal ? 0 : 2, grandFinal ? 2 : 0);
      }
    }
    const bracket = await api.bracket(organiser, t.id);
    const groups = bracket.stages[0]!.groups.map((g) => g.group);
    expect(groups).toEqual(['winners', 'losers', 'grand_final']);
    const finals = bracket.stages[0]!.groups[2]!.rounds;
    expect(finals).toHaveLength(2);
    expect(finals.map((r) => r.matches[0]!.status)).toEqual(['completed', 'completed']);
    const done = await api.detail(organiser, t.id);
    expect(done.status).toBe('finished');
    expect(done.winner?.id).toBe(finals[1]!.matches[0]!.winnerId);
  });

  it('a correction after the bracket moved on asks to confirm, then voids the later match', async () => {
    const { t } = await withPlayers(4, { type: 'single_elimination' });
    await api.start(organiser, t.id);
    await enterAll(api, organiser, t.id);
    const semis = (await api.pairings(organiser, t.id)).filter((p) => p.round === 1);
    await enterAll(api, organiser, t.id);
    const corrected = semis[0]!;
    const url = `/api/tournaments/${t.id}/pairings/${corrected.id}/correct`;
    expectRefusal(
      await api.call(organiser, 'POST', url, { games1: 0, games2: 2 }),
      409,
      'Ya se jugó 1 partida posterior que depende de este resultado: confirma para anularla y volver a jugarla',
    );
    expectRefusal(
      await api.call(outsider, 'POST', url, { games1: 0, games2: 2, force: true }),
      403,
      'Solo un administrador de torneos o el organizador de la tienda puede hacer esto',
    );
    const res = await api.call(organiser, 'POST', url, { games1: 0, games2: 2, force: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      voided: 1,
      pairing: { status: 'decided', result: { outcome: 'player2' } },
    });
    const detail = await api.detail(organiser, t.id);
    expect(detail.status).toBe('in_progress');
    expect(detail.winner).toBeNull();
    const final = (await api.pairings(organiser, t.id)).find((p) => p.round === 2 && p.status === 'pending')!;
    expect([final.player1.id, final.player2?.id]).toContain(corrected.player2!.id);
    // Same winner, another score: nothing later changes.
    const same = await api.call(organiser, 'POST', url, { games1: 1, games2: 2 });
    expect(same.json()).toMatchObject({ voided: 0, pairing: { result: { games1: 1, games2: 2 } } });
    // Revertir: the semifinal is played again and the final waits.
    const reversed = await api.call(
      organiser,
      'POST',
      `/api/tournaments/${t.id}/pairings/${corrected.id}/reverse`,
      {},
    );
    expect(reversed.json()).toMatchObject({ pairing: { status: 'pending', result: null } });
    expect(
      (await api.pairings(organiser, t.id)).filter((p) => p.round === 2 && p.status !== 'void'),
    ).toHaveLength(0);
  });
});
