import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as MSG from '@mitos/domain/message-texts';
import type { TPairing, TTournament } from '@mitos/domain/tournaments';
import { calls, type MockHandler } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { tournamentRoutes } from './routes';
import {
  mockTournamentFetch,
  pairing,
  person,
  refusal,
  tournament,
  type RouteReply,
  type Routes,
} from './tournament-fixtures';

function renderMatches(detail: TTournament, pairings: TPairing[] | RouteReply, routes: Routes = {}) {
  const mocks = mockTournamentFetch({
    'GET /api/tournaments/1': { body: detail },
    'GET /api/tournaments/1/pairings': Array.isArray(pairings) ? { body: pairings } : pairings,
    ...routes,
  });
  const view = renderRoutes([{ path: '/tournaments', children: tournamentRoutes }], {
    entries: ['/tournaments/1/matches'],
  });
  return { ...mocks, ...view };
}

const swiss = tournament({ status: 'in_progress', phase: 'swiss', round: 2 });
const decided = (games1: number, games2: number, gamesDrawn = 0) => ({
  outcome:
    games1 > games2 ? ('player1' as const) : games1 < games2 ? ('player2' as const) : ('draw' as const),
  games1,
  games2,
  gamesDrawn,
});

const ROUND_1 = [
  pairing(1, { status: 'decided', result: decided(2, 0), matchId: 51 }),
  pairing(2, { player1: person(22, 'carla'), player2: null, status: 'decided', result: decided(2, 0) }),
];
const ROUND_2 = [
  pairing(3, { round: 2, roundLabel: 'Ronda 2', table: 1, canReport: true }),
  pairing(4, {
    round: 2,
    roundLabel: 'Ronda 2',
    table: 2,
    player1: person(22, 'carla'),
    player2: person(23, 'dario'),
    status: 'reported',
    reported: { games1: 1, games2: 1, gamesDrawn: 1 },
    matchId: 55,
    matchStatus: 'pending',
  }),
  pairing(5, { round: 2, roundLabel: 'Ronda 2', table: 3, status: 'void', result: decided(0, 2) }),
];

const mesa = (n: number) => screen.getByRole('listitem', { name: `Mesa ${n}` });

describe('Partidas', () => {
  it('shows the latest Swiss round first, each table with its state, and the other rounds on demand', async () => {
    const user = userEvent.setup();
    renderMatches(swiss, [...ROUND_1, ...ROUND_2]);
    expect(await screen.findByRole('region', { name: 'Ronda 2' })).toBeInTheDocument();
    expect(within(mesa(1)).getByText('Pendiente')).toBeInTheDocument();
    expect(within(mesa(2)).getByText('Esperando aprobación')).toBeInTheDocument();
    // The score reported, waiting for the opponent's approval.
    expect(within(mesa(2)).getByText('1 - 1 (1 empate)')).toBeInTheDocument();
    expect(within(mesa(2)).getByText('reportado')).toBeInTheDocument();
    expect(within(mesa(2)).getByRole('link', { name: 'Ver partida' })).toHaveAttribute('href', '/match/55');
    expect(within(mesa(3)).getByText('Anulada')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Ronda' }));
    await user.click(screen.getByRole('option', { name: 'Ronda 1' }));
    const round1 = await screen.findByRole('region', { name: 'Ronda 1' });
    expect(within(round1).getByText('Finalizado')).toBeInTheDocument();
    expect(within(mesa(1)).getByText('2 - 0')).toBeInTheDocument();
    expect(within(mesa(2)).getAllByText('Bye')).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'Ronda 2' })).not.toBeInTheDocument();
  });

  it('offers Reportar resultado only where the caller may report', async () => {
    renderMatches(swiss, ROUND_2);
    await screen.findByRole('region', { name: 'Ronda 2' });
    expect(within(mesa(1)).getByRole('button', { name: 'Reportar resultado' })).toBeInTheDocument();
    expect(within(mesa(2)).queryByRole('button', { name: 'Reportar resultado' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Corregir' })).not.toBeInTheDocument();
  });

  it('refuses a score that cannot stand without sending it, then sends a valid one', async () => {
    const user = userEvent.setup();
    let sent: unknown = null;
    const report: MockHandler = ({ body }) => {
      sent = body;
      return { body: {} };
    };
    const { fetchMock } = renderMatches(swiss, ROUND_2, {
      'POST /api/tournaments/1/pairings/3/report': report,
    });
    await screen.findByRole('region', { name: 'Ronda 2' });
    await user.click(within(mesa(1)).getByRole('button', { name: 'Reportar resultado' }));
    const dialog = screen.getByRole('dialog', { name: 'Reportar resultado' });
    const ana = within(dialog).getByLabelText('Juegos ganados por ana');
    const beto = within(dialog).getByLabelText('Juegos ganados por beto');
    await user.clear(ana);
    await user.type(ana, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar resultado' }));
    expect(within(dialog).getByText(MSG.tournamentResultInvalid(3))).toBeInTheDocument();
    expect(calls(fetchMock).filter((c) => c.startsWith('POST'))).toEqual([]);

    await user.clear(ana);
    await user.type(ana, '2');
    await user.clear(beto);
    await user.type(beto, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar resultado' }));
    await waitFor(() => expect(sent).toEqual({ games1: 2, games2: 1, gamesDrawn: 0 }));
    expect(await screen.findByText('Resultado enviado')).toBeInTheDocument();
  });

  it('refuses a draw in an elimination match', async () => {
    const user = userEvent.setup();
    const bracket = tournament({ type: 'single_elimination', status: 'in_progress', phase: 'main' });
    const { fetchMock } = renderMatches(bracket, [
      pairing(7, { stage: 'main', group: 'main', roundLabel: 'Semifinales', table: 1, canReport: true }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Reportar resultado' }));
    const dialog = screen.getByRole('dialog', { name: 'Reportar resultado' });
    await user.clear(within(dialog).getByLabelText('Juegos ganados por ana'));
    await user.type(within(dialog).getByLabelText('Juegos ganados por ana'), '1');
    await user.clear(within(dialog).getByLabelText('Juegos ganados por beto'));
    await user.type(within(dialog).getByLabelText('Juegos ganados por beto'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar resultado' }));
    expect(within(dialog).getByText(MSG.tournamentNoDraws)).toBeInTheDocument();
    expect(calls(fetchMock).filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it("shows the server's refusal of a report", async () => {
    const user = userEvent.setup();
    renderMatches(swiss, ROUND_2, {
      'POST /api/tournaments/1/pairings/3/report': refusal(409, MSG.tournamentPairingReported),
    });
    await screen.findByRole('region', { name: 'Ronda 2' });
    await user.click(within(mesa(1)).getByRole('button', { name: 'Reportar resultado' }));
    const dialog = screen.getByRole('dialog', { name: 'Reportar resultado' });
    await user.clear(within(dialog).getByLabelText('Juegos ganados por ana'));
    await user.type(within(dialog).getByLabelText('Juegos ganados por ana'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar resultado' }));
    expect(await within(dialog).findByText(MSG.tournamentPairingReported)).toBeInTheDocument();
  });
});

describe('corrections', () => {
  const bracket = tournament({
    type: 'single_elimination',
    status: 'in_progress',
    phase: 'main',
    canManage: true,
  });
  const SEMI = pairing(8, {
    stage: 'main',
    group: 'main',
    roundLabel: 'Semifinales',
    table: 1,
    status: 'decided',
    result: decided(2, 1),
    matchId: 60,
  });

  it('asks before voiding later matches, then resends the correction with force', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    const correct: MockHandler = ({ body }) => {
      bodies.push(body);
      return bodies.length === 1
        ? refusal(409, MSG.tournamentLaterPlayed(2))
        : { body: { pairing: SEMI, voided: 2 } };
    };
    renderMatches(bracket, [SEMI], { 'POST /api/tournaments/1/pairings/8/correct': correct });
    await user.click(await screen.findByRole('button', { name: 'Corregir' }));
    const dialog = screen.getByRole('dialog', { name: 'Corregir resultado' });
    expect(within(dialog).getByLabelText('Juegos ganados por ana')).toHaveValue(2);
    await user.clear(within(dialog).getByLabelText('Juegos ganados por ana'));
    await user.type(within(dialog).getByLabelText('Juegos ganados por ana'), '0');
    await user.clear(within(dialog).getByLabelText('Juegos ganados por beto'));
    await user.type(within(dialog).getByLabelText('Juegos ganados por beto'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar corrección' }));

    const confirm = await screen.findByRole('dialog', { name: '¿Anular las partidas posteriores?' });
    expect(within(confirm).getByText(MSG.tournamentLaterPlayed(2))).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies).toEqual([
      { games1: 0, games2: 2, gamesDrawn: 0, force: false },
      { games1: 0, games2: 2, gamesDrawn: 0, force: true },
    ]);
    expect(await screen.findByText('Resultado corregido')).toBeInTheDocument();
  });

  it('reverses after asking, and with force once the later matches are confirmed', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    renderMatches(bracket, [SEMI], {
      'POST /api/tournaments/1/pairings/8/reverse': ({ body }) => {
        bodies.push(body);
        return bodies.length === 1
          ? refusal(409, MSG.tournamentLaterPlayed(1))
          : { body: { pairing: SEMI, voided: 1 } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Revertir' }));
    const ask = screen.getByRole('dialog', { name: '¿Revertir el resultado de la mesa 1?' });
    await user.click(within(ask).getByRole('button', { name: 'Revertir' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Anular las partidas posteriores?' });
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(bodies).toEqual([{ force: false }, { force: true }]));
    expect(await screen.findByText('Resultado revertido')).toBeInTheDocument();
  });

  it('offers no corrections to players', async () => {
    renderMatches({ ...bracket, canManage: false }, [SEMI]);
    expect(await screen.findByRole('link', { name: 'Ver partida' })).toHaveAttribute('href', '/match/60');
    expect(screen.queryByRole('button', { name: 'Corregir' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revertir' })).not.toBeInTheDocument();
  });
});
