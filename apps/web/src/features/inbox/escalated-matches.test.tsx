import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { calls, mockFetch, signedIn } from '../../test/fetch-mock';
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
