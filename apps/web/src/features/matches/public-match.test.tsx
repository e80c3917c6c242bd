import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as MSG from '@mitos/domain/message-texts';
import type { TPublicMatchSummary } from '@mitos/domain/sharing';
import { mockFetch, signedIn, signedOut, type MockReply } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { makeMatch, stubWebSocket } from '../../test/match-fixtures';
import MatchDetailPage from './match-detail-page';

const summary: TPublicMatchSummary = {
  id: 12,
  matchDate: '2026-03-14T18:30:00.000Z',
  mode: '1v1',
  tier: 'Amistoso',
  store: 'El Dragón Dorado',
  winningTeam: 'team1',
  team1: { score: 2, players: [{ username: 'mateo', race: 'Dragon' }] },
  team2: { score: 1, players: [{ username: 'lucas', race: 'Caballero' }] },
};

function LoginProbe() {
  return <p>Página: login</p>;
}

function setup(reply: MockReply, more: Record<string, MockReply> = {}) {
  stubWebSocket();
  const fetchMock = mockFetch({
    'GET /api/auth/me': signedOut,
    'GET /api/public/matches/12': reply,
    ...more,
  });
  const view = renderRoutes(
    [
      { path: '/match/:id', element: <MatchDetailPage /> },
      { path: '/login', element: <LoginProbe /> },
    ],
    { entries: ['/match/12'] },
  );
  return { ...view, fetchMock };
}

afterEach(() => vi.unstubAllGlobals());

describe('/match/:id signed out', () => {
  it('shows the public summary: players with races, score, winner, date, store, and a way to sign in', async () => {
    const { router, fetchMock } = setup({ body: summary });
    expect(await screen.findByRole('heading', { name: 'Resumen de la Partida' })).toBeInTheDocument();
    const team1 = screen.getByRole('region', { name: 'Equipo 1' });
    expect(within(team1).getByText('mateo')).toBeInTheDocument();
    expect(within(team1).getByText('Ganador')).toBeInTheDocument();
    expect(within(team1).getByLabelText('2 victorias')).toBeInTheDocument();
    const team2 = screen.getByRole('region', { name: 'Equipo 2' });
    expect(within(team2).getByText('lucas')).toBeInTheDocument();
    expect(within(team2).queryByText('Ganador')).toBeNull();
    expect(screen.getByText('El Dragón Dorado')).toBeInTheDocument();
    expect(screen.getByText(/14 de marzo de 2026/)).toBeInTheDocument();
    // The signed-in detail is never asked for.
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/matches/'))).toBe(false);

    await userEvent.click(screen.getByRole('link', { name: 'Iniciar sesión para ver más' }));
    expect(await screen.findByText('Página: login')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/match/12' });
  });

  it('says the match is not public when the server answers 404', async () => {
    setup({ status: 404, body: { success: false, error: MSG.matchNotPublic, message: MSG.matchNotPublic } });
    expect(await screen.findByText(MSG.matchNotPublic)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar sesión para ver más' })).toBeInTheDocument();
  });

  it('offers to retry when the summary fails to load', async () => {
    setup({ status: 500, body: { success: false, error: 'x', message: 'x' } });
    expect(await screen.findByText(MSG.detailLoadError)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});

describe('/match/:id signed in', () => {
  it('shows the full detail as before, with Compartir', async () => {
    const { fetchMock } = setup(
      { status: 500 },
      {
        'GET /api/auth/me': signedIn,
        'GET /api/matches/12': { body: makeMatch({ id: 12 }) },
      },
    );
    expect(await screen.findByRole('heading', { name: 'Detalles de la Partida' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Compartir' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/public/'))).toBe(false);
  });

  it('sends a player whose session ended to /login, saying so, rather than to the public summary', async () => {
    const { router } = setup(
      { body: summary },
      {
        'GET /api/auth/me': signedIn,
        'GET /api/matches/12': { status: 401, body: { success: false, error: 'x', message: 'x' } },
        'POST /api/auth/refresh': { status: 401, body: { success: false, error: 'x', message: 'x' } },
      },
    );
    expect(await screen.findByText('Página: login')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/match/12', expired: true });
  });
});
