import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import * as MSG from '@mitos/domain/message-texts';
import { calls, mockFetch, signedIn } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { makeMatch, stubWebSocket } from '../../test/match-fixtures';
import { clearOutbox, enqueue, readOutbox } from '../../lib/outbox';
import { OutboxList } from '../../components/outbox-list';
import { OutboxSender } from './outbox-sender';
import { queuedMatch } from '../../test/outbox-fixtures';

afterEach(async () => {
  onlineManager.setOnline(true);
  await clearOutbox(7);
  await clearOutbox(8);
});

describe('OutboxSender', () => {
  it('sends the waiting matches with their keys once online, and the list empties', async () => {
    stubWebSocket();
    onlineManager.setOnline(false);
    await enqueue(queuedMatch('clave-pendiente-0005'));
    const fetchMock = mockFetch({
      'GET /api/auth/me': signedIn,
      'POST /api/matches': { status: 201, body: makeMatch({ id: 60 }) },
    });
    renderRoutes(
      <>
        <OutboxSender />
        <OutboxList userId={7} />
      </>,
    );
    await screen.findByRole('heading', { name: 'lucia vs beto' });
    await new Promise((r) => setTimeout(r, 100));
    expect(calls(fetchMock)).not.toContain('POST /api/matches');
    onlineManager.setOnline(true);
    expect(await screen.findByText(MSG.outboxSentToast(1))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'lucia vs beto' })).toBeNull());
    const posts = fetchMock.mock.calls.filter(([, init]) => (init as RequestInit)?.method === 'POST');
    expect(posts).toHaveLength(1);
    expect((posts[0]![1] as RequestInit).headers).toMatchObject({
      'Idempotency-Key': 'clave-pendiente-0005',
    });
    expect(await readOutbox(7)).toEqual([]);
  });

  it("sends at start when online, and never another player's matches", async () => {
    stubWebSocket();
    await enqueue({ ...queuedMatch('clave-de-otro-0006'), userId: 8 });
    await enqueue(queuedMatch('clave-pendiente-0007', { replaces: 33 }));
    const fetchMock = mockFetch({
      'GET /api/auth/me': signedIn,
      'POST /api/matches': { status: 201, body: makeMatch({ id: 61 }) },
      'POST /api/matches/33/cancel': { body: {} },
    });
    renderRoutes(<OutboxSender />);
    await waitFor(() => expect(calls(fetchMock)).toContain('POST /api/matches/33/cancel'));
    expect(calls(fetchMock).filter((c) => c === 'POST /api/matches')).toHaveLength(1);
    expect(await readOutbox(7)).toEqual([]);
    expect(await readOutbox(8)).toHaveLength(1);
  });

  it('keeps a refused match with the server message, not sending it again', async () => {
    stubWebSocket();
    await enqueue(queuedMatch('clave-pendiente-0008'));
    const fetchMock = mockFetch({
      'GET /api/auth/me': signedIn,
      'POST /api/matches': {
        status: 400,
        body: { success: false, error: 'x', message: 'El mazo elegido no pertenece al jugador' },
      },
    });
    renderRoutes(
      <>
        <OutboxSender />
        <OutboxList userId={7} />
      </>,
    );
    expect(await screen.findByText('El mazo elegido no pertenece al jugador')).toBeInTheDocument();
    expect(screen.getByText(MSG.outboxFailed)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(calls(fetchMock).filter((c) => c === 'POST /api/matches')).toHaveLength(1);
  });
});
