import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAdminResult } from '@mitos/domain/community';
import * as MSG from '@mitos/domain/message-texts';
import { calls, type MockHandler } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { enterDay } from '../../test/day-field';
import { adminMe, league, mockAdminFetch, organiserMe, refusal } from './admin-fixtures';
import AdminResultsPage from './results-page';

const RESULT: TAdminResult = {
  matchId: 90,
  storeId: 1,
  store: 'Dragón Dorado',
  round: 3,
  player1: { id: 7, username: 'lucia' },
  player2: { id: 8, username: 'beto' },
  winnerId: 8,
  date: '2026-11-20',
  enteredBy: { id: 2, username: 'org' },
};

const LEAGUES = [
  league({ id: 11, name: 'Liga Apertura', status: 'active' }),
  league({ id: 12, name: 'Liga Verano', status: 'upcoming' }),
  league({ id: 13, name: 'Liga Vieja', status: 'finished' }),
];

function renderPage(
  routes: Record<string, MockHandler | { status?: number; body?: unknown }> = {},
  me = organiserMe,
) {
  const fetchMock = mockAdminFetch(me, {
    'GET /api/admin/results': { body: [RESULT] },
    'GET /api/leagues': { body: LEAGUES },
    ...routes,
  });
  renderRoutes(<AdminResultsPage />, { path: '/admin/results' });
  return { fetchMock, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;

async function pick(user: User, slot: string, query: string, username: string) {
  await user.type(screen.getByRole('combobox', { name: slot }), query);
  await user.click(await screen.findByRole('option', { name: new RegExp(username) }));
  await within(screen.getByRole('group', { name: slot })).findByText(username);
}

async function choose(user: User, label: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fill(user: User, { round = '2', player2 = 'beto' } = {}) {
  await choose(user, /Tienda/, 'Dragón Dorado');
  await user.type(screen.getByRole('spinbutton', { name: /Ronda/ }), round);
  await pick(user, 'Jugador 1', 'luc', 'lucia');
  await pick(user, 'Jugador 2', player2.slice(0, 3), player2);
  await enterDay('Fecha', '20/11/2026');
}

const addButton = () => screen.getByRole('button', { name: 'Agregar Resultado' });
const posts = (fetchMock: ReturnType<typeof mockAdminFetch>) =>
  calls(fetchMock).filter((c) => c === 'POST /api/admin/results');

describe('Resultados', () => {
  it('offers only the stores the organiser runs', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('combobox', { name: /Tienda/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Dragón Dorado']);
  });

  it('offers an admin every store', async () => {
    const { user } = renderPage({}, adminMe);
    await user.click(await screen.findByRole('combobox', { name: /Tienda/ }));
    expect(screen.getAllByRole('option')).toHaveLength(2);
    // The logo, or the initial of a store without one (hidden from screen readers), then the name.
    expect(screen.getByRole('option', { name: 'Dragón Dorado' }).querySelector('img')).toHaveAttribute(
      'src',
      '/api/stores/1/logo?v=1',
    );
    expect(screen.getByRole('option', { name: 'Torre de Cartas' })).toHaveTextContent('TTorre de Cartas');
  });

  it('asks for every field before sending anything', async () => {
    const { user, fetchMock } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Agregar Resultado' }));
    expect(screen.getByText(MSG.fillAllFields)).toBeInTheDocument();
    await choose(user, /Tienda/, 'Dragón Dorado');
    await user.type(screen.getByRole('spinbutton', { name: /Ronda/ }), '2');
    await pick(user, 'Jugador 1', 'luc', 'lucia');
    await user.click(addButton());
    expect(screen.getByText(MSG.fillAllFields)).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);
  });

  it('refuses the same player twice', async () => {
    const { user, fetchMock } = renderPage();
    await screen.findByRole('combobox', { name: /Tienda/ });
    await fill(user, { player2: 'lucia' });
    await choose(user, /Ganador/, 'lucia');
    await user.click(addButton());
    expect(screen.getByText(MSG.playersMustDiffer)).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);
  });

  it('refuses a round below 1', async () => {
    const { user, fetchMock } = renderPage();
    await screen.findByRole('combobox', { name: /Tienda/ });
    await fill(user, { round: '0' });
    await choose(user, /Ganador/, 'beto');
    await user.click(addButton());
    expect(screen.getByText(MSG.roundInvalid)).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);
  });

  it('offers only the two players as winner, and forgets a winner taken out', async () => {
    const { user } = renderPage();
    await screen.findByRole('combobox', { name: /Tienda/ });
    await fill(user);
    await user.click(screen.getByRole('combobox', { name: /Ganador/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['lucia', 'beto']);
    await user.click(screen.getByRole('option', { name: 'beto' }));
    await user.click(screen.getByRole('button', { name: 'Quitar a beto' }));
    expect(screen.getByRole('combobox', { name: /Ganador/ })).not.toHaveTextContent('beto');
    await pick(user, 'Jugador 2', 'car', 'carla');
    await user.click(addButton());
    expect(screen.getByText(MSG.fillAllFields)).toBeInTheDocument();
  });

  it("offers the store's running leagues only", async () => {
    const { user, fetchMock } = renderPage();
    await screen.findByRole('combobox', { name: /Tienda/ });
    await choose(user, /Tienda/, 'Dragón Dorado');
    await user.click(screen.getByRole('combobox', { name: /Liga/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Sin liga', 'Liga Apertura']);
    expect(calls(fetchMock)).toContain('GET /api/leagues?storeId=1');
  });

  it('sends the result, says so and clears the form', async () => {
    const sent: unknown[] = [];
    const { user } = renderPage({
      'POST /api/admin/results': ({ body }) => {
        sent.push(body);
        return { status: 201, body: { ...RESULT, matchId: 91 } };
      },
    });
    await screen.findByRole('combobox', { name: /Tienda/ });
    await fill(user);
    await choose(user, /Liga/, 'Liga Apertura');
    await choose(user, /Ganador/, 'beto');
    await user.click(addButton());
    expect(await screen.findByText('Resultado agregado exitosamente')).toBeInTheDocument();
    expect(sent).toEqual([
      { storeId: 1, leagueId: 11, round: 2, player1Id: 7, player2Id: 8, winnerId: 8, date: '2026-11-20' },
    ]);
    expect(screen.getByRole('spinbutton', { name: /Ronda/ })).toHaveValue(null);
    expect(screen.getByRole('combobox', { name: 'Jugador 1' })).toBeInTheDocument();
  });

  it("shows the server's refusal in Spanish and keeps the form", async () => {
    const { user } = renderPage({
      'POST /api/admin/results': refusal(409, MSG.seasonClosed('Temporada 2025')),
    });
    await screen.findByRole('combobox', { name: /Tienda/ });
    await fill(user);
    await choose(user, /Ganador/, 'beto');
    await user.click(addButton());
    expect(await screen.findByText(MSG.seasonClosed('Temporada 2025'))).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: /Ronda/ })).toHaveValue(2);
  });

  it('lists the results with store, round, players, winner, date and who entered them', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Resultados cargados' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Tienda', 'Ronda', 'Jugadores', 'Ganador', 'Fecha', 'Cargado por']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Dragón Dorado', '3', 'lucia vs beto', 'beto', '20/11/2026', 'org']);
  });

  it('says when the list could not load', async () => {
    renderPage({ 'GET /api/admin/results': refusal(500, 'x') });
    expect(await screen.findByText(MSG.loadError)).toBeInTheDocument();
  });

  it('sends an admin with no store to create the first one', async () => {
    renderPage({ 'GET /api/stores': { body: [] } }, adminMe);
    expect(await screen.findByRole('link', { name: 'Crea la primera tienda' })).toHaveAttribute(
      'href',
      '/torneos/tiendas',
    );
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Agregar resultado' })).not.toBeInTheDocument(),
    );
  });
});
