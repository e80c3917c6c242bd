import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as MSG from '@mitos/domain/message-texts';
import { mockFetch, signedIn, calls } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { makeMatch, stubWebSocket } from '../../test/match-fixtures';
import MyMatchesPage from './my-matches-page';
import { MY_MATCHES_TAB_KEY, initialTab } from './tab-persistence';
import { recordCommits, tabsLook } from '../../test/commits';

describe('initialTab', () => {
  it('defaults to 0', () => {
    expect(initialTab(undefined, null)).toBe(0);
  });

  it('uses the stored tab 0 or 1', () => {
    expect(initialTab(null, '1')).toBe(1);
    expect(initialTab(null, '0')).toBe(0);
  });

  it('resets a stored value above 1 to 0, and ignores garbage', () => {
    expect(initialTab(null, '2')).toBe(0);
    expect(initialTab(null, '7')).toBe(0);
    expect(initialTab(null, '-1')).toBe(0);
    expect(initialTab(null, 'abc')).toBe(0);
    expect(initialTab(null, '1.5')).toBe(0);
  });

  it('prefers the navigation state, such as selectedTab 0 after creating a match', () => {
    expect(initialTab({ selectedTab: 0 }, '1')).toBe(0);
    expect(initialTab({ selectedTab: 2 }, '0')).toBe(2);
    expect(initialTab({ selectedTab: 9 }, '1')).toBe(1);
    expect(initialTab({ other: true }, '1')).toBe(1);
  });
});

const approved = makeMatch({ id: 1 });
const cancelled = makeMatch({ id: 2, approval_status: 'cancelled' });
const waitingForMe = makeMatch({
  id: 3,
  approval_status: 'pending',
  team1: [{ id: 8, username: 'beto' }],
  team2: [{ id: 7, username: 'lucia', status: 'pending' }],
});

function setup() {
  stubWebSocket();
  return mockFetch({
    'GET /api/auth/me': signedIn,
    'GET /api/notifications/count': { body: { count: 1 } },
    'GET /api/matches/me': { body: [approved, cancelled] },
    'GET /api/matches/pending': { body: [waitingForMe] },
    'GET /api/matches/rejected': { body: [] },
    'POST /api/matches/3/approve': { body: { ...waitingForMe, approval_status: 'approved' } },
  });
}

const selectedTab = () => screen.getByRole('tab', { selected: true });

describe('MyMatchesPage tabs', () => {
  beforeEach(() => localStorage.clear());

  it('opens on Aprobadas by default, with the Pendientes count badge', async () => {
    setup();
    renderRoutes(<MyMatchesPage />, { path: '/my-matches' });
    expect(await screen.findByRole('link', { name: /Ver partida: ana 2 - 1 beto/ })).toBeInTheDocument();
    expect(selectedTab()).toHaveTextContent('Aprobadas');
    await waitFor(() => expect(screen.getByRole('tab', { name: /Pendientes/ })).toHaveTextContent('1'));
  });

  it('reopens the stored tab, and resets a stored Canceladas (2) to Aprobadas', async () => {
    setup();
    localStorage.setItem(MY_MATCHES_TAB_KEY, '1');
    const first = renderRoutes(<MyMatchesPage />, { path: '/my-matches' });
    expect(await screen.findByText('Esperando mi aprobación')).toBeInTheDocument();
    expect(selectedTab()).toHaveTextContent('Pendientes');
    first.unmount();

    localStorage.setItem(MY_MATCHES_TAB_KEY, '2');
    renderRoutes(<MyMatchesPage />, { path: '/my-matches' });
    await screen.findAllByRole('tab');
    expect(selectedTab()).toHaveTextContent('Aprobadas');
  });

  it('follows navigation state selectedTab 0 over the stored tab', async () => {
    setup();
    localStorage.setItem(MY_MATCHES_TAB_KEY, '1');
    renderRoutes(<MyMatchesPage />, {
      path: '/my-matches',
      entries: [{ pathname: '/my-matches', state: { selectedTab: 0 } }],
    });
    await screen.findAllByRole('tab');
    expect(selectedTab()).toHaveTextContent('Aprobadas');
  });

  it('keeps the chosen tab in localStorage and in history state; Canceladas lists cancelled matches', async () => {
    setup();
    const { router } = renderRoutes(<MyMatchesPage />, { path: '/matches' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Canceladas' }));
    expect(localStorage.getItem(MY_MATCHES_TAB_KEY)).toBe('2');
    expect(router.state.location.state).toMatchObject({ selectedTab: 2 });
    expect(await screen.findByText('Cancelada')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Ver partida: ana 2 - 1 beto/ })).toHaveAttribute(
      'href',
      '/match/2',
    );
  });
});

describe('MyMatchesPage pending tab', () => {
  it('approves a match waiting for me: toast, and it leaves the list', async () => {
    const fetchMock = setup();
    localStorage.setItem(MY_MATCHES_TAB_KEY, '1');
    renderRoutes(<MyMatchesPage />, { path: '/my-matches' });
    const mine = await screen.findByRole('list', { name: 'Esperando mi aprobación' });
    // After approving, the server's pending list no longer has it.
    mockFetchAfterApprove(fetchMock);
    await userEvent.click(within(mine).getByRole('button', { name: 'Aprobar' }));
    expect(await screen.findByText(MSG.approvedToast)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Esperando mi aprobación' })).toBeNull());
    expect(calls(fetchMock)).toContain('POST /api/matches/3/approve');
  });

  it('shows Error al aprobar la partida when the approval fails', async () => {
    stubWebSocket();
    mockFetch({
      'GET /api/auth/me': signedIn,
      'GET /api/notifications/count': { body: { count: 1 } },
      'GET /api/matches/me': { body: [] },
      'GET /api/matches/pending': { body: [waitingForMe] },
      'GET /api/matches/rejected': { body: [] },
      'POST /api/matches/3/approve': { status: 500, body: { success: false, error: 'x', message: 'x' } },
    });
    localStorage.setItem(MY_MATCHES_TAB_KEY, '1');
    renderRoutes(<MyMatchesPage />, { path: '/my-matches' });
    await userEvent.click(await screen.findByRole('button', { name: 'Aprobar' }));
    expect(await screen.findByText(MSG.approveErrorToast)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Esperando mi aprobación' })).toBeInTheDocument();
  });
});

function mockFetchAfterApprove(fetchMock: ReturnType<typeof mockFetch>) {
  const original = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/matches/pending') return new Response('[]', { status: 200 });
    return original(input, init);
  });
}

describe('MyMatchesPage: choosing a tab', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('reads no layout to mark the tab chosen (docs/decisions/050)', async () => {
    setup();
    renderRoutes(<MyMatchesPage />, { path: '/my-matches' });
    await screen.findByRole('link', { name: /Ver partida: ana 2 - 1 beto/ });
    const measured = vi.spyOn(Element.prototype, 'getBoundingClientRect');
    await userEvent.click(screen.getByRole('tab', { name: 'Canceladas' }));
    expect(await screen.findByText('Cancelada')).toBeInTheDocument();
    expect(measured).not.toHaveBeenCalled();
  });

  it('marks the tab first, then draws its cards in a later commit, the tab shown before staying busy meanwhile', async () => {
    setup();
    const commits = recordCommits(tabsLook);
    renderRoutes(commits.element(<MyMatchesPage />), { path: '/my-matches' });
    await screen.findByRole('link', { name: /Ver partida: ana 2 - 1 beto/ });
    const panel = screen.getByRole('tabpanel', { name: 'Aprobadas' });

    commits.seen.length = 0;
    await userEvent.click(screen.getByRole('tab', { name: 'Canceladas' }));
    expect(await within(panel).findByText('Cancelada')).toBeInTheDocument();
    expect(panel).toHaveAccessibleName('Canceladas');
    expect(panel).not.toHaveAttribute('aria-busy');
    // One commit marks the tab and the panel busy, still Aprobadas; Canceladas is drawn later
    // (above), never before (src/test/commits.tsx: the Profiler may not report that commit).
    const marked = commits.seen.indexOf('Canceladas | my-matches-tab-0 busy');
    expect(marked).toBeGreaterThanOrEqual(0);
    expect(commits.seen.slice(0, marked)).not.toContain('Canceladas | my-matches-tab-2');
  });
});
