import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as MSG from '@mitos/domain/message-texts';
import { calls, mockFetch, signedIn } from '../../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../../test/render';
import { makeMatch, stubWebSocket } from '../../../test/match-fixtures';
import { latestNotification } from '../latest-notification';
import { NotificationBell } from './notification-bell';

const ME = 7;
const waitingForMe = makeMatch({
  id: 11,
  approval_status: 'pending',
  match_date: '2026-03-10T10:00:00.000Z',
  team1: [{ id: 8, username: 'beto' }],
  team2: [{ id: ME, username: 'lucia', status: 'pending' }],
});
const newerWaitingForMe = { ...waitingForMe, id: 12, match_date: '2026-03-12T10:00:00.000Z' };
const waitingForOthers = makeMatch({
  id: 13,
  approval_status: 'pending',
  match_date: '2026-03-13T10:00:00.000Z',
  team1: [{ id: ME, username: 'lucia' }],
  team2: [{ id: 8, username: 'beto', status: 'pending' }],
});
const rejected = makeMatch({
  id: 21,
  approval_status: 'rejected',
  team1: [{ id: ME, username: 'lucia' }],
  team2: [{ id: 9, username: 'carla', status: 'rejected' }],
});

describe('latestNotification', () => {
  it('picks the newest match waiting for my approval first', () => {
    expect(latestNotification([waitingForMe, newerWaitingForMe], [rejected], ME)).toEqual({
      kind: 'pending',
      match: newerWaitingForMe,
    });
  });

  it('falls back to the first rejected match when nothing waits for me', () => {
    expect(latestNotification([waitingForOthers], [rejected], ME)).toEqual({
      kind: 'rejected',
      match: rejected,
    });
  });

  it('is null when there is nothing', () => {
    expect(latestNotification([waitingForOthers], [], ME)).toBeNull();
  });
});

function setup(lists: { pending: unknown[]; rejected: unknown[]; count: number }) {
  const Socket = stubWebSocket();
  const fetchMock = mockFetch({
    'GET /api/auth/me': signedIn,
    'GET /api/notifications/count': { body: { count: lists.count } },
    'GET /api/matches/pending': { body: lists.pending },
    'GET /api/matches/rejected': { body: lists.rejected },
  });
  const view = renderRoutes(
    [
      { path: '/', element: <NotificationBell /> },
      { path: '/match/:id', element: <LocationProbe label="detalle" /> },
      { path: '/notifications', element: <LocationProbe label="notificaciones" /> },
    ],
    { entries: ['/'] },
  );
  return { ...view, fetchMock, Socket };
}

const bell = () => screen.getByRole('button', { name: /^Notif/ });

describe('NotificationBell', () => {
  it('shows the count on the bell, and the warning dot only while disconnected with a count', async () => {
    const { Socket } = setup({ pending: [], rejected: [], count: 3 });
    await waitFor(() => expect(bell()).toHaveAccessibleName(`Notif, 3 pendientes, ${MSG.wsError}`));
    expect(bell()).toHaveTextContent('3');
    const dot = () => screen.getByTestId('notification-warning-dot').querySelector('.MuiBadge-dot');
    expect(dot()).not.toHaveClass('MuiBadge-invisible');

    act(() => Socket.instances[0]!.open());
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notif, 3 pendientes'));
    expect(dot()).toHaveClass('MuiBadge-invisible');

    act(() => Socket.instances[0]!.receive({ type: 'new_notification', count: 0 }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notif'));
  });

  it('shows the first match waiting for me under Partida Pendiente, and its card opens the match', async () => {
    setup({ pending: [waitingForOthers, waitingForMe], rejected: [rejected], count: 2 });
    await userEvent.click(bell());
    const dialog = await screen.findByRole('dialog', { name: 'Última notificación' });
    expect(await within(dialog).findByText('Partida Pendiente')).toBeInTheDocument();
    expect(within(dialog).queryByText('Partida Rechazada')).toBeNull();
    expect(
      within(dialog).getByRole('button', { name: 'Ver todas las notificaciones (2)' }),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /Ver partida: beto/ }));
    expect(await screen.findByText('Página: detalle')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the first rejected match under Partida Rechazada when nothing waits for me', async () => {
    setup({ pending: [waitingForOthers], rejected: [rejected], count: 1 });
    await userEvent.click(bell());
    const dialog = await screen.findByRole('dialog', { name: 'Última notificación' });
    expect(await within(dialog).findByText('Partida Rechazada')).toBeInTheDocument();
    expect(within(dialog).queryByText('Partida Pendiente')).toBeNull();
  });

  it('says No hay notificaciones pendientes when there is nothing, and Ver Todas opens the page', async () => {
    setup({ pending: [], rejected: [], count: 0 });
    await userEvent.click(bell());
    const dialog = await screen.findByRole('dialog', { name: 'Última notificación' });
    expect(await within(dialog).findByText(MSG.noPendingNotifications)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ver Todas' }));
    expect(await screen.findByText('Página: notificaciones')).toBeInTheDocument();
  });

  it('closes with its close button and locks page scroll while open', async () => {
    setup({ pending: [], rejected: [], count: 0 });
    await userEvent.click(bell());
    await screen.findByRole('dialog', { name: 'Última notificación' });
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.style.overflow).toBe('');
  });

  it('refreshes both lists when opened while connected', async () => {
    const { Socket, fetchMock } = setup({ pending: [], rejected: [], count: 0 });
    await waitFor(() => expect(Socket.instances).toHaveLength(1));
    act(() => Socket.instances[0]!.open());
    await userEvent.click(bell());
    await screen.findByText(MSG.noPendingNotifications);
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const before = calls(fetchMock).filter((c) => c === 'GET /api/matches/pending').length;
    await userEvent.click(bell());
    await waitFor(() =>
      expect(calls(fetchMock).filter((c) => c === 'GET /api/matches/pending').length).toBeGreaterThan(before),
    );
    expect(calls(fetchMock).filter((c) => c === 'GET /api/matches/rejected').length).toBeGreaterThan(1);
  });
});
