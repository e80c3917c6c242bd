import { describe, expect, it } from 'vitest';
import { MSG } from '@mitos/domain/messages';
import { buildTestApp, createUser, expectErrorShape } from './helpers';
import { createSeason, createStore } from './community-factories';
import { act, createPlayer, type Player } from './matches-factories';
import { enterAll, tournamentApi } from './tournament-factories';

const { app, database } = await buildTestApp();
const api = tournamentApi(app);
const admin = await createUser(database, { role: 'admin' });
const organiser = await createUser(database);
const store = await createStore(app, admin, [organiser], { name: 'Formatos Store' });
const otherStore = await createStore(app, admin, [], { name: 'Otra Store' });
await createSeason(database, { startsOn: '2026-01-01', endsOn: '2026-12-31' });

const refused = (res: { statusCode: number; body: string }, status: number, message: string) => {
  expect(res.statusCode, res.body).toBe(status);
  const body: unknown = JSON.parse(res.body);
  expectErrorShape(body);
  expect(body.message).toBe(message);
};

async function withPlayers(n: number, values: Record<string, unknown>) {
  const t = await api.create(organiser, store.id, values);
  const list: Player[] = [];
  for (let i = 0; i < n; i++) {
    const p = await createPlayer(database);
    expect((await api.signUp(p, t.id)).statusCode).toBe(200);
    list.push(p);
  }
  return { t, list };
}

describe('round robin', () => {
  it('opens every match at once; standings by points then head-to-head; ends when all are played', async () => {
    const { t } = await withPlayers(5, { type: 'round_robin', bestOf: 1 });
    await api.start(organiser, t.id);
    const all = (await api.pairings(organiser, t.id)).filter((p) => p.player2 !== null);
    // Five players: ten matches, every pair once, all open from the start.
    expect(all).toHaveLength(10);
    expect(new Set(all.map((p) => [p.player1.id, p.player2!.id].sort().join('-'))).size).toBe(10);
    expect(all.every((p) => p.status === 'pending')).toBe(true);
    expect(all[0]!.roundLabel).toMatch(/^Fecha \d$/);
    // A draw is a result in a round robin.
    expect((await api.report(organiser, t.id, all[0]!.id, 0, 0, 1)).statusCode).toBe(200);
    await enterAll(api, organiser, t.id, () => 1, 1);
    const standings = await api.standings(organiser, t.id);
    expect(standings.kind).toBe('round_robin');
    const points = standings.rows.map((r) => r.matchPoints);
    expect([...points].sort((a, b) => b - a)).toEqual(points);
    const done = await api.detail(organiser, t.id);
    expect(done.status).toBe('finished');
    expect(done.winner?.id).toBe(standings.rows[0]!.player.id);
  });
});

describe('Swiss with a top cut', () => {
  it('plays its rounds, then the top 4 in a single-elimination playoff', async () => {
    const { t } = await withPlayers(6, { swissRounds: 2, topCut: 4 });
    await api.start(organiser, t.id);
    refused(
      await api.call(organiser, 'POST', `/api/tournaments/${t.id}/playoff`),
      409,
      'El corte se arma cuando terminan todas las rondas del suizo',
    );
    await enterAll(api, organiser, t.id);
    expect((await api.pairRound(organiser, t.id, 2)).statusCode).toBe(200);
    await enterAll(api, organiser, t.id);
    refused(await api.pairRound(organiser, t.id, 3), 409, 'Ya se jugaron todas las rondas del suizo');
    // The Swiss is over but not the tournament: the playoff decides it.
    expect((await api.detail(organiser, t.id)).status).toBe('in_progress');
    const top = (await api.standings(organiser, t.id)).rows.slice(0, 4).map((r) => r.player.id);
    const cut = await api.call(organiser, 'POST', `/api/tournaments/${t.id}/playoff`);
    expect(cut.statusCode, cut.body).toBe(200);
    expect(cut.json()).toMatchObject({ id: t.id, status: 'in_progress' });
    expect((await api.detail(organiser, t.id)).phase).toBe('playoff');
    const semis = (await api.pairings(organiser, t.id)).filter((p) => p.stage === 'playoff');
    expect(semis).toHaveLength(2);
    // Seeded by the standings: 1 v 4 and 2 v 3.
    expect(semis.map((p) => [p.player1.id, p.player2!.id])).toEqual([
      [top[0], top[3]],
      [top[1], top[2]],
    ]);
    expect(semis[0]!.roundLabel).toBe('Top 4 · Semifinales');
    const bracket = await api.bracket(organiser, t.id);
    expect(bracket.stages.map((s) => s.stage)).toEqual(['playoff']);
    while ((await enterAll(api, organiser, t.id)) > 0);
    const done = await api.detail(organiser, t.id);
    expect(done.status).toBe('finished');
    expect(top).toContain(done.winner?.id);
  });
});

describe('editing, deleting and bad input', () => {
  it('edits everything before the start, only name, rules and time after; deletes only before', async () => {
    const { t, list } = await withPlayers(3, { type: 'single_elimination', playerCap: 4 });
    const base = {
      name: 'Renombrado',
      storeId: store.id,
      type: 'single_elimination',
      startDate: '2026-11-29',
    };
    refused(
      await api.call(organiser, 'PUT', `/api/tournaments/${t.id}`, { ...base, playerCap: 2 }),
      409,
      'El cupo no puede ser menor que la cantidad de inscriptos',
    );
    refused(
      await api.call(organiser, 'PUT', `/api/tournaments/${t.id}`, { ...base, storeId: otherStore.id }),
      403,
      'Solo un administrador de torneos o el organizador de la tienda puede hacer esto',
    );
    const edited = await api.call(organiser, 'PUT', `/api/tournaments/${t.id}`, { ...base, playerCap: 8 });
    expect(edited.json()).toMatchObject({ name: 'Renombrado', playerCap: 8, startDate: '2026-11-29' });
    await api.start(organiser, t.id);
    refused(
      await api.call(organiser, 'PUT', `/api/tournaments/${t.id}`, { ...base, type: 'swiss', playerCap: 8 }),
      409,
      'Un torneo que ya comenzó solo puede cambiar su nombre, reglas y horario',
    );
    const renamed = await api.call(organiser, 'PUT', `/api/tournaments/${t.id}`, {
      ...base,
      name: 'Copa Final',
      rules: 'Nuevas reglas',
      playerCap: 8,
    });
    expect(renamed.json()).toMatchObject({ name: 'Copa Final', rules: 'Nuevas reglas' });
    refused(
      await api.call(organiser, 'DELETE', `/api/tournaments/${t.id}`),
      409,
      'No se puede eliminar un torneo que ya comenzó',
    );
    // A player withdraws only before the start; once started they drop.
    expect(
      (await api.call(list[0]!, 'POST', `/api/tournaments/${t.id}/participants/${list[1]!.id}/drop`))
        .statusCode,
    ).toBe(403);

    const early = await api.create(organiser, store.id);
    expect((await api.call(organiser, 'DELETE', `/api/tournaments/${early.id}`)).statusCode).toBe(200);
    expect((await api.call(organiser, 'GET', `/api/tournaments/${early.id}`)).statusCode).toBe(404);
  });

  it('refuses a tournament on a day of a closed season, naming the season', async () => {
    const closed = await createSeason(database, {
      name: 'Temporada 2025',
      startsOn: '2025-01-01',
      endsOn: '2025-12-31',
      closed: true,
    });
    refused(
      await api.call(organiser, 'POST', '/api/tournaments', {
        name: 'Viejo',
        storeId: store.id,
        type: 'swiss',
        startDate: '2025-06-01',
      }),
      400,
      MSG.seasonClosed(closed.name),
    );
  });

  it('refuses a start with fewer than two players, reports on unknown or unready pairings, bad ids', async () => {
    const { t, list } = await withPlayers(1, { type: 'single_elimination' });
    refused(
      await api.call(organiser, 'POST', `/api/tournaments/${t.id}/start`),
      409,
      'Se necesitan al menos 2 jugadores para comenzar el torneo',
    );
    refused(await api.report(list[0]!, t.id, 999999, 2, 0), 404, 'Partida del torneo no encontrada');
    refused(await api.pairRound(organiser, t.id, 1), 409, 'Solo los torneos suizos se juegan por rondas');
    for (const url of [
      '/api/tournaments/abc',
      '/api/tournaments/0/bracket',
      `/api/tournaments/${t.id}/pairings?round=x`,
    ]) {
      const res = await api.call(organiser, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expectErrorShape(res.json());
    }
    for (const payload of [{ games1: -1, games2: 2 }, { games1: 'dos', games2: 0 }, { games1: 2 }]) {
      const res = await api.call(organiser, 'POST', `/api/tournaments/${t.id}/pairings/1/report`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // The final of a 4-player bracket does not exist until both semifinals are decided.
    const { t: four } = await withPlayers(4, { type: 'single_elimination' });
    await api.start(organiser, four.id);
    const bracket = await api.bracket(organiser, four.id);
    const final = bracket.stages[0]!.groups[0]!.rounds[1]!.matches[0]!;
    expect(final).toMatchObject({ status: 'waiting', pairingId: null });
  });

  it('two players reporting the same match at once: one report stands, the other approves it', async () => {
    const { t, list } = await withPlayers(2, { type: 'single_elimination' });
    await api.start(organiser, t.id);
    const [pairing] = await api.pairings(organiser, t.id);
    const answers = await Promise.all(list.map((p) => api.report(p, t.id, pairing!.id, 2, 0)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const reporter = list[answers.findIndex((r) => r.statusCode === 200)]!;
    const other = list.find((p) => p.id !== reporter.id)!;
    const reported = (await api.pairings(organiser, t.id))[0]!;
    expect(reported).toMatchObject({ status: 'reported', matchStatus: 'pending' });
    expect((await act(app, other, reported.matchId!, 'approve')).statusCode).toBe(200);
    const done = await api.detail(organiser, t.id);
    expect(done.status).toBe('finished');
    expect(done.winner?.id).toBe(reported.player1.id);
  });

  it('closing a round while the opponent approves its reported result: one decision, points counted once', async () => {
    for (let i = 0; i < 3; i++) {
      const { t, list } = await withPlayers(2, { swissRounds: 1 });
      await api.start(organiser, t.id);
      const [pairing] = await api.pairings(organiser, t.id);
      const reporter = list.find((p) => p.id === pairing!.player1.id)!;
      const opponent = list.find((p) => p.id === pairing!.player2!.id)!;
      const { pairing: reported } = (await api.report(reporter, t.id, pairing!.id, 2, 0)).json<{
        pairing: { matchId: number };
      }>();
      const [closed, approved] = await Promise.all([
        api.call(organiser, 'POST', `/api/tournaments/${t.id}/rounds/close`, { round: 1, unplayed: 'draw' }),
        act(app, opponent, reported.matchId, 'approve'),
      ]);
      expect(closed.statusCode, closed.body).toBeLessThan(500);
      expect(approved.statusCode, approved.body).toBeLessThan(500);
      const [after] = await api.pairings(organiser, t.id);
      expect(after).toMatchObject({
        status: 'decided',
        result: { outcome: 'player1' },
        matchStatus: 'approved',
      });
      expect((await api.detail(organiser, t.id)).status).toBe('finished');
      const standing = await api.call(reporter, 'GET', `/api/users/${reporter.id}/standing`);
      expect(standing.json().points).toBe(500);
    }
  });
});
