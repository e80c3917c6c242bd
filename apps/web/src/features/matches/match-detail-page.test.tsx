import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import * as MSG from '@mitos/domain/message-texts';
import { ApiError } from '../../lib/api-client';
import { calls, mockFetch, signedIn, type MockHandler, type MockReply } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { makeMatch, stubWebSocket } from '../../test/match-fixtures';
import { cancelErrorMessage, handleRejectionErrorMessage, isAlreadyCancelled } from '../../api/match-actions';
import MatchDetailPage from './match-detail-page';

const fail = (status: number, error = 'x', details?: string): MockReply => ({
  status,
  body: { success: false, error, message: error, ...(details ? { details } : {}) },
});
const apiError = (status: number, error: string, details?: string) =>
  new ApiError(status, error, { success: false, error, message: error, details });

describe('cancel and rejection messages (SPEC §8)', () => {
  it('maps each cancel failure to its text', () => {
    expect(cancelErrorMessage(apiError(403, 'x'))).toBe(MSG.cancelForbidden);
    expect(cancelErrorMessage(apiError(401, 'x'))).toBe(MSG.sessionExpiredShort);
    expect(cancelErrorMessage(apiError(400, MSG.cannotCancel, 'ya fue aprobada'))).toBe(
      'No se puede procesar la partida en su estado actual (ya fue aprobada)',
    );
    expect(cancelErrorMessage(apiError(400, MSG.cannotCancel))).toBe(
      'No se puede procesar la partida en su estado actual (estado inválido)',
    );
    expect(cancelErrorMessage(apiError(400, 'Estado de aprobación inválido'))).toBe(
      MSG.internalApprovalError,
    );
    expect(cancelErrorMessage(apiError(400, 'Otra cosa'))).toBe('Otra cosa');
    expect(cancelErrorMessage(new ApiError(400, '', {}))).toBe(MSG.processError);
    expect(cancelErrorMessage(apiError(500, 'x'))).toBe(MSG.processErrorOther);
  });

  it('tolerates only a 400 saying the match is already cancelled', () => {
    expect(isAlreadyCancelled(apiError(400, MSG.alreadyCancelled))).toBe(true);
    expect(isAlreadyCancelled(apiError(500, MSG.alreadyCancelled))).toBe(false);
    expect(isAlreadyCancelled(apiError(400, MSG.cannotCancel))).toBe(false);
  });

  it('maps rejection handling failures, quiet on 401', () => {
    expect(handleRejectionErrorMessage(apiError(401, 'x'))).toBeNull();
    expect(handleRejectionErrorMessage(apiError(403, 'x'))).toBe(MSG.handleRejectionForbidden);
    expect(handleRejectionErrorMessage(apiError(500, 'x'))).toBe(MSG.rejectionError);
  });
});

// The signed-in test user is lucia (7).
function setup(
  match: ReturnType<typeof makeMatch>,
  extra: Record<string, MockHandler | MockReply | MockReply[]> = {},
) {
  stubWebSocket();
  const fetchMock = mockFetch({
    'GET /api/auth/me': signedIn,
    'GET /api/notifications/count': { body: { count: 0 } },
    'GET /api/matches/pending': { body: [] },
    'GET /api/matches/rejected': { body: [] },
    [`GET /api/matches/${match.id}`]: { body: match },
    ...extra,
  });
  const view = renderRoutes(
    [
      { path: '/match/:id', element: <MatchDetailPage /> },
      { path: '/new-match', element: <LocationProbe label="nueva partida" /> },
      { path: '/user/:id', element: <LocationProbe label="usuario" /> },
    ],
    { entries: [`/match/${match.id}`] },
  );
  return { ...view, fetchMock };
}

const pendingForMe = makeMatch({
  id: 5,
  approval_status: 'pending',
  team1: [{ id: 8, username: 'beto' }],
  team2: [{ id: 7, username: 'lucia', status: 'pending', deck: null }],
  highlights: [
    { type: 'Remontada', description: 'x' },
    { type: 'Inventado', description: 'y' },
  ],
  events: [
    { type: 'approved', user_id: 8, username: 'beto', at: '2026-03-14T18:30:01.000Z' },
    { type: 'created', user_id: 8, username: 'beto', at: '2026-03-14T18:30:00.000Z' },
  ],
});

describe('MatchDetailPage', () => {
  it('shows status, long date, mode, tier, highlights, teams with decks and approvals, history and creator', async () => {
    setup(pendingForMe);
    expect(await screen.findByRole('heading', { name: 'Detalles de la Partida' })).toBeInTheDocument();
    expect(screen.getByText('Pendiente')).toBeInTheDocument();
    expect(screen.getByText(/sábado, 14 de marzo de 2026/)).toBeInTheDocument();
    expect(screen.getByText('Modalidad: 1v1')).toBeInTheDocument();
    expect(screen.getByText('Amistoso')).toBeInTheDocument();
    expect(screen.getByText('Remontada')).toBeInTheDocument();
    expect(screen.getByText('Highlight desconocido')).toBeInTheDocument();
    const team1 = screen.getByRole('region', { name: 'Equipo 1' });
    expect(within(team1).getByText('Mazo de beto')).toBeInTheDocument();
    expect(within(team1).getByText('Aprobó')).toBeInTheDocument();
    const team2 = screen.getByRole('region', { name: 'Equipo 2' });
    expect(within(team2).getByText(MSG.deckUnavailable)).toBeInTheDocument();
    expect(within(team2).getByText('Pendiente de aprobación')).toBeInTheDocument();
    const history = within(screen.getByRole('list', { name: 'Historial de la partida' })).getAllByRole(
      'listitem',
    );
    expect(history[0]).toHaveTextContent('Partida creada por beto');
    expect(screen.getByText('Creada por beto')).toBeInTheDocument();
  });

  it('updates an open match when a live message arrives (the rival approved)', async () => {
    const Socket = stubWebSocket();
    mockFetch({
      'GET /api/auth/me': signedIn,
      'GET /api/matches/5': [
        { body: pendingForMe },
        { body: { ...pendingForMe, approval_status: 'approved' } },
      ],
    });
    renderRoutes([{ path: '/match/:id', element: <MatchDetailPage /> }], { entries: ['/match/5'] });
    expect(await screen.findByText('Pendiente')).toBeInTheDocument();
    await waitFor(() => expect(Socket.instances.length).toBeGreaterThan(0));
    act(() => Socket.instances.at(-1)!.receive({ type: 'new_notification', count: 0 }));
    expect(await screen.findByText('Aprobada')).toBeInTheDocument();
  });

  it('opens a player profile on click', async () => {
    setup(pendingForMe);
    await userEvent.click(await screen.findByRole('link', { name: /beto/ }));
    expect(await screen.findByText('Página: usuario')).toBeInTheDocument();
  });

  it('lets a pending player reject after confirming who and which match, with a toast', async () => {
    const { fetchMock } = setup(pendingForMe, { 'POST /api/matches/5/reject': { body: {} } });
    await userEvent.click(await screen.findByRole('button', { name: 'Rechazar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Rechazar la partida?' });
    expect(dialog).toHaveTextContent('#5 del 14/03/2026');
    expect(dialog).toHaveTextContent('beto 2 vs 1 lucia');
    expect(calls(fetchMock)).not.toContain('POST /api/matches/5/reject');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText(MSG.rejectedToast)).toBeInTheDocument();
    expect(calls(fetchMock)).toContain('POST /api/matches/5/reject');
  });

  it('does not reject when the confirmation is dismissed', async () => {
    const { fetchMock } = setup(pendingForMe, { 'POST /api/matches/5/reject': { body: {} } });
    await userEvent.click(await screen.findByRole('button', { name: 'Rechazar' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchMock)).not.toContain('POST /api/matches/5/reject');
    expect(screen.getByRole('button', { name: 'Rechazar' })).toBeEnabled();
  });

  it('acts without asking GET /api/auth/me again: the session query already knows the player', async () => {
    const { fetchMock } = setup(pendingForMe, { 'POST /api/matches/5/approve': { body: {} } });
    await userEvent.click(await screen.findByRole('button', { name: 'Aprobar' }));
    expect(await screen.findByText(MSG.approvedToast)).toBeInTheDocument();
    expect(calls(fetchMock).filter((c) => c === 'GET /api/auth/me')).toHaveLength(1);
  });

  it('says the connection is the problem when an action is tried offline', async () => {
    const { fetchMock } = setup(pendingForMe, {
      'POST /api/matches/5/approve': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const approve = await screen.findByRole('button', { name: 'Aprobar' });
    // The browser knows it is offline: no retry (one without an answer while online is retried
    // with its key, docs/decisions/018).
    onlineManager.setOnline(false);
    try {
      await userEvent.click(approve);
      expect(await screen.findAllByText(MSG.connectionError)).not.toHaveLength(0);
      expect(screen.queryByText(MSG.notAuthenticated)).toBeNull();
      expect(screen.queryByText(MSG.approveErrorToast)).toBeNull();
      expect(calls(fetchMock).filter((c) => c === 'POST /api/matches/5/approve')).toHaveLength(1);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('says No autenticado when the session has ended at the time of the action', async () => {
    const { fetchMock } = setup(pendingForMe, {
      'POST /api/matches/5/approve': { status: 401, body: { success: false, error: 'x' } },
      'POST /api/auth/refresh': { status: 401 },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Aprobar' }));
    expect(await screen.findAllByText(MSG.notAuthenticated)).not.toHaveLength(0);
    // The API client refreshed once and gave up; the action itself is not repeated.
    expect(calls(fetchMock).filter((c) => c.startsWith('POST '))).toEqual([
      'POST /api/matches/5/approve',
      'POST /api/auth/refresh',
    ]);
  });

  it('shows a disabled Partida Cancelada button on a cancelled match', async () => {
    setup(makeMatch({ id: 6, approval_status: 'cancelled' }));
    expect(await screen.findByRole('button', { name: 'Partida Cancelada' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Aprobar' })).toBeNull();
  });

  it('says Partida no encontrada on a 404 and the load error otherwise', async () => {
    setup(makeMatch({ id: 404 }), { 'GET /api/matches/404': fail(404, MSG.matchNotFound) });
    expect(await screen.findByText(MSG.matchNotFound)).toBeInTheDocument();
  });

  it('says Error al cargar los detalles de la partida when loading fails', async () => {
    setup(makeMatch({ id: 500 }), { 'GET /api/matches/500': fail(500) });
    expect(await screen.findByText(MSG.detailLoadError, {}, { timeout: 5000 })).toBeInTheDocument();
  });
});

const rejectedByBeto = makeMatch({
  id: 9,
  approval_status: 'rejected',
  team1: [{ id: 7, username: 'lucia' }],
  team2: [{ id: 8, username: 'beto', status: 'rejected' }],
});

describe('MatchDetailPage on a rejected match', () => {
  it('Aceptar Rechazo posts action ok', async () => {
    const { fetchMock } = setup(rejectedByBeto, { 'POST /api/matches/9/handle-rejection': { body: {} } });
    await userEvent.click(await screen.findByRole('button', { name: 'Aceptar Rechazo' }));
    await waitFor(() => expect(calls(fetchMock)).toContain('POST /api/matches/9/handle-rejection'));
    const post = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/handle-rejection'))!;
    expect(JSON.parse((post[1] as RequestInit).body as string)).toEqual({ action: 'ok' });
  });

  it('Aceptar Rechazo shows the permission message on a 403', async () => {
    setup(rejectedByBeto, { 'POST /api/matches/9/handle-rejection': fail(403) });
    await userEvent.click(await screen.findByRole('button', { name: 'Aceptar Rechazo' }));
    expect(await screen.findByText(MSG.handleRejectionForbidden)).toBeInTheDocument();
  });

  it('Crear Nueva opens the prefilled form without cancelling anything yet', async () => {
    const { fetchMock, router } = setup(rejectedByBeto, { 'POST /api/matches/9/cancel': { body: {} } });
    await userEvent.click(await screen.findByRole('button', { name: 'Crear Nueva' }));
    expect(await screen.findByText('Página: nueva partida')).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain('POST /api/matches/9/cancel');
    expect(router.state.location.state).toMatchObject({ fromRejectedMatch: true, originalMatchId: 9 });
  });

  it('Crear Nueva says Datos de equipos incompletos when a team is empty, without cancelling', async () => {
    const { fetchMock } = setup(makeMatch({ id: 10, approval_status: 'rejected', team2: [] }));
    await userEvent.click(await screen.findByRole('button', { name: 'Crear Nueva' }));
    expect(await screen.findByText(MSG.incompleteTeams)).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain('POST /api/matches/10/cancel');
  });

  describe('Cancelar partida (the creator, while pending)', () => {
    const mine = makeMatch({
      id: 20,
      approval_status: 'pending',
      team1: [{ id: 7, username: 'lucia' }],
      team2: [{ id: 8, username: 'beto', status: 'pending' }],
    });

    it("cancels the creator's own pending match after confirming", async () => {
      const { fetchMock } = setup(mine, {
        'POST /api/matches/20/cancel': { body: {} },
        'GET /api/matches/20': [{ body: mine }, { body: { ...mine, approval_status: 'cancelled' } }],
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Cancelar partida' }));
      const dialog = await screen.findByRole('dialog', { name: '¿Cancelar la partida?' });
      expect(dialog).toHaveTextContent('#20 del 14/03/2026');
      expect(dialog).toHaveTextContent('lucia 2 vs 1 beto');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar partida' }));
      expect(await screen.findByText(MSG.cancelledToast)).toBeInTheDocument();
      expect(calls(fetchMock)).toContain('POST /api/matches/20/cancel');
      expect(await screen.findByRole('button', { name: 'Partida Cancelada' })).toBeDisabled();
    });

    it('keeps the match as it was when the server refuses', async () => {
      setup(mine, { 'POST /api/matches/20/cancel': fail(403) });
      await userEvent.click(await screen.findByRole('button', { name: 'Cancelar partida' }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar partida' }));
      expect(await screen.findByText(MSG.cancelForbidden)).toBeInTheDocument();
      expect(screen.getByText('Pendiente')).toBeInTheDocument();
    });

    it('is not offered to a player who did not create the match, nor after it is decided', async () => {
      setup(pendingForMe);
      expect(await screen.findByRole('button', { name: 'Aprobar' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Cancelar partida' })).toBeNull();
    });

    it("is not offered on the creator's approved match", async () => {
      setup({ ...mine, approval_status: 'approved' });
      expect(await screen.findByText('Aprobada')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Cancelar partida' })).toBeNull();
    });
  });

  it('the player who rejected gets neither Aceptar Rechazo nor Crear Nueva (decision 012)', async () => {
    setup(
      makeMatch({
        id: 12,
        approval_status: 'rejected',
        team1: [{ id: 8, username: 'beto' }],
        team2: [{ id: 7, username: 'lucia', status: 'rejected' }],
      }),
    );
    expect(await screen.findByText('lucia')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Crear Nueva' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Aceptar Rechazo' })).toBeNull();
  });
});
