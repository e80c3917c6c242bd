import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { calls, mockFetch, signedIn, type MockReply } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { escalatedMatch, stubWebSocket } from '../../test/match-fixtures';
import { organiserMe, playerMe } from '../../test/community-fixtures';
import NotificationsPage from './notifications-page';

// The signed-in test user is lucia (7); organiserMe runs store 1 (decision 020).
const escalated = escalatedMatch;

describe('Notificaciones for an organiser', () => {
  it('lists the Partidas para confirmar with their buttons', async () => {
    stubWebSocket();
    mockFetch({
      'GET /api/auth/me': signedIn,
      'GET /api/community/me': { body: organiserMe },
      'GET /api/matches/escalated': { body: [escalated] },
      'GET /api/tournaments/announcements/unread': { body: [] },
    });
    renderRoutes([{ path: '/notifications', element: <NotificationsPage /> }], {
      entries: ['/notifications'],
    });
    const section = await screen.findByRole('region', { name: 'Partidas para confirmar (1)' });
    expect(within(section).getByRole('button', { name: 'Confirmar la partida 6' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Cancelar la partida 6' })).toBeInTheDocument();
  });

  it('draws the tabs only once the Partidas para confirmar answered, so they are not pushed down', async () => {
    stubWebSocket();
    let answerEscalated: (reply: MockReply) => void = () => {};
    const fetchMock = mockFetch({
      'GET /api/auth/me': signedIn,
      'GET /api/community/me': { body: organiserMe },
      'GET /api/matches/escalated': () => new Promise<MockReply>((resolve) => (answerEscalated = resolve)),
      'GET /api/matches/pending': { body: [] },
      'GET /api/matches/rejected': { body: [] },
      'GET /api/tournaments/announcements/unread': { body: [] },
    });
    renderRoutes([{ path: '/notifications', element: <NotificationsPage /> }], {
      entries: ['/notifications'],
    });
    await waitFor(() => expect(calls(fetchMock)).toContain('GET /api/matches/escalated'));
    // Everything else answered: the page still waits rather than draw tabs the section would push.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Cargando notificaciones')).toBeInTheDocument();
    act(() => answerEscalated({ body: [escalated] }));
    expect(await screen.findByRole('region', { name: 'Partidas para confirmar (1)' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab')).toHaveLength(2);
  });

  it('draws the page without the section when the Partidas para confirmar cannot be read', async () => {
    stubWebSocket();
    mockFetch({
      'GET /api/auth/me': signedIn,
      'GET /api/community/me': { body: organiserMe },
      'GET /api/matches/escalated': { status: 500, body: { error: 'x' } },
      'GET /api/matches/pending': { body: [] },
      'GET /api/matches/rejected': { body: [] },
      'GET /api/tournaments/announcements/unread': { body: [] },
    });
    renderRoutes([{ path: '/notifications', element: <NotificationsPage /> }], {
      entries: ['/notifications'],
    });
    expect(await screen.findAllByRole('tab', {}, { timeout: 5000 })).toHaveLength(2);
    expect(screen.queryByRole('region', { name: /Partidas para confirmar/ })).not.toBeInTheDocument();
  });

  it('has no such section for a player', async () => {
    stubWebSocket();
    const fetchMock = mockFetch({
      'GET /api/auth/me': signedIn,
      'GET /api/community/me': { body: playerMe },
      'GET /api/tournaments/announcements/unread': { body: [] },
    });
    renderRoutes([{ path: '/notifications', element: <NotificationsPage /> }], {
      entries: ['/notifications'],
    });
    expect(await screen.findAllByText('No hay notificaciones pendientes')).not.toHaveLength(0);
    expect(screen.queryByRole('region', { name: /Partidas para confirmar/ })).not.toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain('GET /api/matches/escalated');
  });
});
