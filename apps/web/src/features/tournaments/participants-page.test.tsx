import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TTournament, TTournamentParticipant } from '@mitos/domain/tournaments';
import { calls, type MockHandler } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { tournamentRoutes } from './routes';
import {
  mockTournamentFetch,
  participant,
  tournament,
  type RouteReply,
  type Routes,
} from './tournament-fixtures';

const USERS = [
  { id: 20, username: 'ana' },
  { id: 30, username: 'pili' },
];
const userSearch: MockHandler = ({ url }) => {
  const q = (url.searchParams.get('q') ?? '').replace(/^@/, '').toLowerCase();
  return { body: USERS.filter((u) => u.username.includes(q)) };
};

const LIST: TTournamentParticipant[] = [
  participant(20, 'ana', { checkedIn: true }),
  participant(21, 'beto'),
  participant(22, 'carla', { status: 'waitlisted', deck: null }),
];

function renderParticipants(detail: TTournament, participants: RouteReply, routes: Routes = {}) {
  const mocks = mockTournamentFetch({
    'GET /api/tournaments/1': { body: detail },
    'GET /api/tournaments/1/participants': participants,
    'GET /api/users/search': userSearch,
    ...routes,
  });
  const view = renderRoutes([{ path: '/tournaments', children: tournamentRoutes }], {
    entries: ['/tournaments/1/participants'],
  });
  return { ...mocks, ...view };
}

const table = () => screen.findByRole('table', { name: 'Participantes del torneo' });
const names = (t: HTMLElement) =>
  within(t)
    .getAllByRole('row')
    .slice(1)
    // The name beside its (decorative) avatar.
    .map((r) => within(r).getAllByRole('cell')[1]!.querySelector('p')?.textContent);

describe('Participantes, for the people who run it before the start', () => {
  const managed = tournament({ canManage: true });

  it('adds a player, refuses one already in, removes another, and saves the list with Guardar', async () => {
    const user = userEvent.setup();
    let sent: unknown = null;
    renderParticipants(managed, [{ body: LIST }], {
      'PUT /api/tournaments/1/participants': ({ body }) => {
        sent = body;
        return { body: [] };
      },
    });
    const t = await table();
    for (const header of ['#', 'Jugador', 'Mazo', 'Estado', 'Acreditado', 'Acciones']) {
      expect(within(t).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled();

    const search = screen.getByRole('combobox', { name: 'Buscar usuario' });
    await user.type(search, 'ana');
    await user.click(await screen.findByRole('option', { name: /ana/ }));
    expect(screen.getByText('Este usuario ya está en el torneo')).toBeInTheDocument();

    await user.type(search, 'pili');
    await user.click(await screen.findByRole('option', { name: /pili/ }));
    expect(screen.queryByText('Este usuario ya está en el torneo')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quitar a beto' }));
    expect(names(t)).toEqual(['ana', 'carla', 'pili']);
    expect(within(t).getByText('Sin guardar')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(sent).toEqual({
        participants: [
          { userId: 20, deckId: 120 },
          { userId: 22, deckId: null },
          { userId: 30, deckId: null },
        ],
      }),
    );
    expect(await screen.findByText('Cambios guardados')).toBeInTheDocument();
  });

  it('marks a player present at once with Acreditado, and shows each status', async () => {
    const user = userEvent.setup();
    let sent: unknown = null;
    const { fetchMock } = renderParticipants(
      managed,
      { body: LIST },
      {
        'POST /api/tournaments/1/participants/21/check-in': ({ body }) => {
          sent = body;
          return { body: {} };
        },
      },
    );
    const t = await table();
    expect(within(t).getByRole('switch', { name: 'Acreditado: ana' })).toBeChecked();
    expect(within(t).getByRole('switch', { name: 'Acreditado: carla' })).toBeDisabled();
    expect(within(t).getAllByText('Inscripto')).toHaveLength(2);
    expect(within(t).getByText('Lista de espera')).toBeInTheDocument();
    await user.click(within(t).getByRole('switch', { name: 'Acreditado: beto' }));
    await waitFor(() => expect(sent).toEqual({ checkedIn: true }));
    expect(calls(fetchMock)).not.toContain('PUT /api/tournaments/1/participants');
  });
});

describe('Participantes, read only', () => {
  it('shows a player the list with each status and nothing to change', async () => {
    renderParticipants(tournament(), { body: LIST });
    const t = await table();
    expect(names(t)).toEqual(['ana', 'beto', 'carla']);
    expect(within(t).getByText('Sin mazo elegido')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Buscar usuario' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Quitar a/ })).not.toBeInTheDocument();
  });

  it('lets the people who run it drop a player once it started, after asking', async () => {
    const user = userEvent.setup();
    const running = tournament({ canManage: true, status: 'in_progress', phase: 'swiss', round: 2 });
    const dropped = [
      participant(20, 'ana', { seed: 1 }),
      participant(21, 'beto', { seed: 2, status: 'dropped', droppedAfterRound: 1 }),
    ];
    const { fetchMock } = renderParticipants(running, [{ body: dropped }], {
      'POST /api/tournaments/1/participants/20/drop': { body: {} },
    });
    const t = await table();
    expect(within(t).getByText('Abandonó (ronda 1)')).toBeInTheDocument();
    expect(within(t).queryByRole('button', { name: 'Dar de baja a beto' })).not.toBeInTheDocument();
    await user.click(within(t).getByRole('button', { name: 'Dar de baja a ana' }));
    const confirm = screen.getByRole('dialog', { name: '¿Dar de baja a ana?' });
    await user.click(within(confirm).getByRole('button', { name: 'Dar de baja' }));
    await waitFor(() => expect(calls(fetchMock)).toContain('POST /api/tournaments/1/participants/20/drop'));
  });
});
