import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as MSG from '@mitos/domain/message-texts';
import { calls, mockFetch, signedIn, type MockHandler, type MockReply } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { rejectedByCarla, stubWebSocket, waitingForLucia } from '../../test/match-fixtures';
import NotificationsPage from './notifications-page';
import { tabWithContent } from './latest-notification';
import { recordCommits, tabsLook } from '../../test/commits';

const waitingForMe = waitingForLucia;
const rejected = rejectedByCarla;

function setup(
  pending: unknown[] | MockReply[],
  rejectedList: unknown,
  extra: Record<string, MockReply | MockReply[] | MockHandler> = {},
  /** The page as rendered (a test may wrap it). */
  page: ReactElement = <NotificationsPage />,
) {
  const Socket = stubWebSocket();
  const fetchMock = mockFetch({
    'GET /api/auth/me': signedIn,
    'GET /api/notifications/count': { body: { count: 1 } },
    'GET /api/matches/pending': { body: pending },
    'GET /api/matches/rejected': { body: rejectedList },
    'GET /api/tournaments/announcements/unread': { body: [] },
    ...extra,
  });
  renderRoutes(
    [
      { path: '/notifications', element: page },
      { path: '/', element: <LocationProbe label="inicio" /> },
    ],
    { entries: ['/notifications'] },
  );
  return Object.assign(fetchMock, { Socket });
}

const selected = () => screen.getByRole('tab', { selected: true });

describe('NotificationsPage', () => {
  it('starts on Partidas Pendientes with count badges when something waits for me', async () => {
    setup([waitingForMe], [rejected]);
    expect(await screen.findByRole('button', { name: 'Aprobar' })).toBeInTheDocument();
    expect(selected()).toHaveTextContent(/Partidas Pendientes\s*1/);
    expect(screen.getByRole('tab', { name: /Partidas Rechazadas/ })).toHaveTextContent('1');
  });

  it('starts on Partidas Rechazadas when nothing is pending (the list may come wrapped in an object)', async () => {
    setup([], { matches: [rejected] });
    await screen.findAllByRole('tab');
    expect(selected()).toHaveTextContent('Partidas Rechazadas');
    // The cards draw in a transition after the tabs (docs/decisions/029).
    expect(await screen.findByText('Rechazada')).toBeInTheDocument();
  });

  it('lists the unread Comunicados of my tournaments, each marked read for its tournament', async () => {
    const unread = {
      id: 4,
      tournament: { id: 9, name: 'Torneo Mensual' },
      message: 'La ronda 2 empieza a las 18:30',
      date: '2026-11-28T21:00:00.000Z',
    };
    const fetchMock = setup([waitingForMe], [], {
      'GET /api/tournaments/announcements/unread': [{ body: [unread] }, { body: [] }],
      'POST /api/tournaments/9/announcements/seen': { body: { success: true } },
    });
    expect(
      await screen.findByRole('heading', { name: 'Comunicados de tus torneos (1)' }),
    ).toBeInTheDocument();
    expect(screen.getByText('La ronda 2 empieza a las 18:30')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Torneo Mensual' })).toHaveAttribute('href', '/tournaments/9');
    await userEvent.click(
      screen.getByRole('button', { name: 'Marcar como leídos los comunicados de Torneo Mensual' }),
    );
    await waitFor(() => expect(calls(fetchMock)).toContain('POST /api/tournaments/9/announcements/seen'));
    await waitFor(() => expect(screen.queryByText('La ronda 2 empieza a las 18:30')).not.toBeInTheDocument());
  });

  it('asks for the Comunicados and the caller’s stores with the lists, and draws the page once all answered', async () => {
    let answerPending: (reply: MockReply) => void = () => {};
    let answerUnread: (reply: MockReply) => void = () => {};
    const fetchMock = setup([], [], {
      'GET /api/matches/pending': () => new Promise<MockReply>((resolve) => (answerPending = resolve)),
      'GET /api/tournaments/announcements/unread': () =>
        new Promise<MockReply>((resolve) => (answerUnread = resolve)),
      'GET /api/community/me': { body: { organises: [] } },
    });
    // Asked for before the lists answered, not once the page is drawn.
    await waitFor(() =>
      expect(calls(fetchMock)).toEqual(
        expect.arrayContaining(['GET /api/tournaments/announcements/unread', 'GET /api/community/me']),
      ),
    );
    act(() => answerPending({ body: [waitingForMe] }));
    // The lists are in, the Comunicados not yet: the tabs are not drawn to be pushed down later.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Cargando notificaciones')).toBeInTheDocument();
    act(() =>
      answerUnread({
        body: [
          {
            id: 4,
            tournament: { id: 9, name: 'Torneo Mensual' },
            message: 'La ronda 2 empieza a las 18:30',
            date: '2026-11-28T21:00:00.000Z',
          },
        ],
      }),
    );
    expect(await screen.findByText('La ronda 2 empieza a las 18:30')).toBeInTheDocument();
    expect(selected()).toHaveTextContent(/Partidas Pendientes\s*1/);
  });

  it('dismisses a rejected match with close-rejected, retrying once after a 500', async () => {
    const fetchMock = setup([], [rejected], {
      'POST /api/matches/21/close-rejected': [{ status: 500, body: {} }, { body: { success: true } }],
    });
    await userEvent.click(await screen.findByRole('button', { name: /Descartar/ }));
    await waitFor(
      () =>
        expect(calls(fetchMock).filter((c) => c === 'POST /api/matches/21/close-rejected')).toHaveLength(2),
      { timeout: 3000 },
    );
    const post = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/close-rejected'))!;
    expect(JSON.parse((post[1] as RequestInit).body as string)).toEqual({ status: 'processed' });
  });

  it('moves to the tab that has something when a live message fills the other one', async () => {
    const { Socket } = setup([], [], {
      'GET /api/matches/pending': [{ body: [] }, { body: [waitingForMe] }],
    });
    expect(await screen.findByText(MSG.noPendingNotifications)).toBeInTheDocument();
    expect(selected()).toHaveTextContent('Partidas Rechazadas');
    await waitFor(() => expect(Socket.instances.length).toBeGreaterThan(0));
    act(() => Socket.instances.at(-1)!.receive({ type: 'new_notification', count: 1 }));
    expect(await screen.findByRole('button', { name: 'Aprobar' })).toBeInTheDocument();
    expect(selected()).toHaveTextContent(/Partidas Pendientes\s*1/);
  });

  it('keeps an empty tab the player chose while nothing changes', async () => {
    setup([waitingForMe], []);
    await screen.findByRole('button', { name: 'Aprobar' });
    await userEvent.click(screen.getByRole('tab', { name: /Partidas Rechazadas/ }));
    expect(selected()).toHaveTextContent('Partidas Rechazadas');
    expect(screen.getByText(MSG.noPendingNotifications)).toBeInTheDocument();
  });

  it('picks the tab with content only when the shown one is empty', () => {
    expect(tabWithContent(1, [1, 0])).toBe(0);
    expect(tabWithContent(0, [0, 2])).toBe(1);
    expect(tabWithContent(0, [1, 2])).toBe(0);
    expect(tabWithContent(1, [0, 0])).toBe(1);
  });

  it('shows the empty state with Volver al inicio', async () => {
    setup([], []);
    expect(await screen.findByText(MSG.noPendingNotifications)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Volver al inicio' }));
    expect(await screen.findByText('Página: inicio')).toBeInTheDocument();
  });
});

describe('NotificationsPage: choosing a tab', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads no layout to mark the tab chosen (docs/decisions/050)', async () => {
    setup([waitingForMe], [rejected]);
    await screen.findByRole('button', { name: 'Aprobar' });
    const measured = vi.spyOn(Element.prototype, 'getBoundingClientRect');
    await userEvent.click(screen.getByRole('tab', { name: /Partidas Rechazadas/ }));
    expect(await screen.findByText('Rechazada')).toBeInTheDocument();
    expect(measured).not.toHaveBeenCalled();
  });

  it('marks the tab first, then draws its cards in a later commit, the tab shown before staying busy meanwhile', async () => {
    const commits = recordCommits(tabsLook);
    setup([waitingForMe], [rejected], {}, commits.element(<NotificationsPage />));
    await screen.findByRole('button', { name: 'Aprobar' });
    const panel = screen.getByRole('tabpanel', { name: /Partidas Pendientes/ });

    commits.seen.length = 0;
    await userEvent.click(screen.getByRole('tab', { name: /Partidas Rechazadas/ }));
    expect(await within(panel).findByText('Rechazada')).toBeInTheDocument();
    expect(panel).toHaveAccessibleName(/Partidas Rechazadas/);
    expect(panel).not.toHaveAttribute('aria-busy');
    expect(within(panel).queryByRole('button', { name: 'Aprobar' })).toBeNull();
    // Partidas Rechazadas is drawn later (above), never before the tab is marked.
    const marked = commits.seen.indexOf('Partidas Rechazadas1 | notifications-tab-0 busy');
    expect(marked).toBeGreaterThanOrEqual(0);
    expect(commits.seen.slice(0, marked)).not.toContain('Partidas Rechazadas1 | notifications-tab-1');
  });
});
