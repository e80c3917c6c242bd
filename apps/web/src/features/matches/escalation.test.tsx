import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TMatchEvent } from '@mitos/domain/matches';
import { calls, mockFetch, signedIn, type MockHandler, type MockReply } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { escalatedMatch, makeMatch, stubWebSocket } from '../../test/match-fixtures';
import { organiserMe, playerMe } from '../../test/community-fixtures';
import { ReminderNotice } from '../../components/reminder-notice';
import { EventHistory } from './components/event-history';
import MatchDetailPage from './match-detail-page';

// The signed-in test user is lucia (7); organiserMe runs store 1.

const reminded = makeMatch({
  id: 5,
  approval_status: 'pending',
  team1: [{ id: 8, username: 'beto' }],
  team2: [{ id: 7, username: 'lucia', status: 'pending', reminders: 1 }],
  deadline: { at: '2026-03-21T18:30:00.000Z', rule: 'expire' },
});

const escalated = escalatedMatch;

describe('ReminderNotice', () => {
  it('reminds a player the match waits for them, and when it expires', () => {
    render(<ReminderNotice match={reminded} userId={7} />);
    expect(screen.getByText('Recordatorio: esta partida espera tu respuesta.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      /Vence el 21\/03\/2026 \d\d:\d\d: si no se responde, se cancela\./,
    );
  });

  it('says when a match at a store goes to its organiser', () => {
    render(
      <ReminderNotice
        match={{
          ...reminded,
          store: escalatedMatch.store,
          deadline: { at: '2026-03-21T18:30:00.000Z', rule: 'escalate' },
        }}
        userId={7}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      /Se enviará al organizador de la tienda el 21\/03\/2026/,
    );
  });

  it('says nothing before a reminder, to whoever answered, or once decided', () => {
    const notYet = makeMatch({
      ...reminded,
      team1: [{ id: 8, username: 'beto' }],
      team2: [{ id: 7, username: 'lucia', status: 'pending' }],
    });
    const { container, rerender } = render(<ReminderNotice match={notYet} userId={7} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<ReminderNotice match={reminded} userId={8} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<ReminderNotice match={{ ...reminded, approval_status: 'cancelled' }} userId={7} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('tells the players an escalated match is with the organiser, and that they may still answer', () => {
    const { rerender } = render(<ReminderNotice match={escalated} userId={9} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      /se envió al organizador de la tienda, que la confirmará o cancelará\. Todavía puedes responderla\./,
    );
    rerender(<ReminderNotice match={escalated} userId={8} />);
    expect(screen.getByRole('alert')).not.toHaveTextContent('Todavía puedes responderla');
  });
});

describe('EventHistory of a match nobody answered', () => {
  const event = (
    type: TMatchEvent['type'],
    at: string,
    user_id: number | null = null,
    username: string | null = null,
  ) => ({
    type,
    user_id,
    username,
    at,
  });

  it('labels the expiry of a pending match "Expirada", and a rejection nobody processed as before', () => {
    const { rerender } = render(
      <EventHistory
        events={[
          event('created', '2026-03-14T18:00:00.000Z', 8, 'beto'),
          event('reminded', '2026-03-15T18:00:00.000Z'),
          event('reminded', '2026-03-17T18:00:00.000Z'),
          event('expired', '2026-03-21T18:00:00.000Z'),
        ]}
      />,
    );
    const items = () =>
      within(screen.getByRole('list', { name: 'Historial de la partida' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(items()).toEqual([
      expect.stringContaining('Partida creada por beto'),
      expect.stringContaining('Recordatorio enviado a quienes no respondieron'),
      expect.stringContaining('Recordatorio enviado a quienes no respondieron'),
      expect.stringContaining('Expirada: nadie respondió la partida a tiempo'),
    ]);
    rerender(
      <EventHistory
        events={[
          event('rejected', '2026-03-15T18:00:00.000Z', 7, 'lucia'),
          event('expired', '2026-03-18T18:00:00.000Z'),
        ]}
      />,
    );
    expect(items()[1]).toContain('Cancelada automáticamente: nadie procesó el rechazo en 3 días');
  });

  it('shows the escalation and the organiser’s confirmation', () => {
    render(
      <EventHistory
        events={[
          event('escalated', '2026-03-21T18:00:00.000Z'),
          event('confirmed', '2026-03-22T18:00:00.000Z', 3, 'valentina'),
        ]}
      />,
    );
    expect(
      screen.getByText('Enviada al organizador de la tienda: nadie la respondió a tiempo'),
    ).toBeInTheDocument();
    expect(screen.getByText('Confirmada por valentina (organizador)')).toBeInTheDocument();
  });
});

function showDetail(
  me: typeof organiserMe,
  extra: Record<string, MockHandler | MockReply | MockReply[]> = {},
) {
  stubWebSocket();
  const fetchMock = mockFetch({
    'GET /api/auth/me': signedIn,
    'GET /api/community/me': { body: me },
    'GET /api/matches/6': { body: escalated },
    ...extra,
  });
  renderRoutes([{ path: '/match/:id', element: <MatchDetailPage /> }], { entries: ['/match/6'] });
  return fetchMock;
}

describe('an escalated match for its store organiser', () => {
  it('offers Confirmar, confirmed in a dialog naming the match', async () => {
    const confirmed = { ...escalated, approval_status: 'approved' as const };
    let done = false;
    const fetchMock = showDetail(organiserMe, {
      'POST /api/matches/6/confirm': () => {
        done = true;
        return { body: confirmed };
      },
      // Read again once confirmed.
      'GET /api/matches/6': () => ({ body: done ? confirmed : escalated }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar la partida 6' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Confirmar la partida?' });
    expect(dialog).toHaveTextContent('beto 2 vs 1 carla');
    expect(dialog).toHaveTextContent('Cuenta como aprobada por los jugadores que no respondieron');
    expect(calls(fetchMock)).not.toContain('POST /api/matches/6/confirm');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(calls(fetchMock)).toContain('POST /api/matches/6/confirm'));
    expect(await screen.findByText('Aprobada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirmar la partida 6' })).not.toBeInTheDocument();
  });

  it('offers Cancelar, which may be dismissed, and shows the server’s refusal', async () => {
    const fetchMock = showDetail(organiserMe, {
      'POST /api/matches/6/cancel': {
        status: 403,
        body: {
          success: false,
          error: 'No tienes permiso para procesar esta partida',
          message: 'No tienes permiso para procesar esta partida',
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar la partida 6' }));
    let dialog = await screen.findByRole('dialog', { name: '¿Cancelar la partida?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver' }));
    expect(calls(fetchMock)).not.toContain('POST /api/matches/6/cancel');
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar la partida 6' }));
    dialog = await screen.findByRole('dialog', { name: '¿Cancelar la partida?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar partida' }));
    expect(await screen.findByText('No tienes permiso para procesar esta partida')).toBeInTheDocument();
  });

  it('offers nothing to a player who organises no store', async () => {
    showDetail(playerMe);
    expect(await screen.findByRole('heading', { name: 'Detalles de la Partida' })).toBeInTheDocument();
    expect(await screen.findByText(/se envió al organizador de la tienda/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Confirmar/ })).not.toBeInTheDocument();
  });
});
