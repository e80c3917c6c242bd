import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TCommunityMe } from '@mitos/domain/community';
import { calls, mockFetch, signedIn } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { makeMatch, stubWebSocket } from '../../test/match-fixtures';
import NotificationsPage from './notifications-page';

// The signed-in test user is lucia (7); organiserMe runs store 1 (decision 020).
const STORE = { id: 1, name: 'Dragón Dorado' };
const organiserMe: TCommunityMe = { seesAdmin: true, isAdmin: false, organises: [STORE], usualStores: [] };
const playerMe: TCommunityMe = { seesAdmin: false, isAdmin: false, organises: [], usualStores: [] };
const escalated = makeMatch({
  id: 6,
  approval_status: 'pending',
  store: STORE,
  team1: [{ id: 8, username: 'beto' }],
  team2: [{ id: 9, username: 'carla', status: 'pending', reminders: 2 }],
  escalated_at: '2026-03-21T18:30:00.000Z',
});

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
