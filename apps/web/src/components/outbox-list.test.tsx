import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as MSG from '@mitos/domain/message-texts';
import { renderRoutes } from '../test/render';
import { clearOutbox, enqueue, readOutbox } from '../lib/outbox';
import { OutboxList } from './outbox-list';
import { queuedMatch } from '../test/outbox-fixtures';

afterEach(async () => {
  await clearOutbox(7);
  await clearOutbox(8);
});

const cards = () =>
  within(screen.getByRole('region', { name: 'Pendientes de envío' })).getAllByRole('article');

describe('OutboxList', () => {
  it('shows each waiting match as Pendiente de envío, with who played and the score', async () => {
    await enqueue(queuedMatch('clave-pendiente-0001'));
    await enqueue(
      queuedMatch('clave-rechazada-0002', {
        state: 'failed',
        error: 'El mazo elegido no pertenece al jugador',
        summary: { team1: ['lucia'], team2: ['carla'], score: [0, 2] },
      }),
    );
    await enqueue({ ...queuedMatch('clave-de-otro-0003'), userId: 8 });
    renderRoutes(<OutboxList userId={7} />);
    await screen.findByRole('heading', { name: 'Pendientes de envío' });
    const [waiting, failed] = cards();
    expect(cards()).toHaveLength(2);
    expect(within(waiting!).getByText(MSG.outboxWaiting)).toBeInTheDocument();
    expect(within(waiting!).getByRole('heading', { name: 'lucia vs beto' })).toBeInTheDocument();
    expect(within(waiting!).getByText('Resultado: 2 - 1')).toBeInTheDocument();
    expect(within(failed!).getByText(MSG.outboxFailed)).toBeInTheDocument();
    expect(within(failed!).getByText('El mazo elegido no pertenece al jugador')).toBeInTheDocument();
    expect(within(failed!).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(within(waiting!).queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it('discards a match only after confirming', async () => {
    await enqueue(queuedMatch('clave-pendiente-0004'));
    renderRoutes(<OutboxList userId={7} />);
    await screen.findByRole('heading', { name: 'lucia vs beto' });
    await userEvent.click(screen.getByRole('button', { name: 'Descartar' }));
    let dialog = await screen.findByRole('dialog', { name: '¿Descartar la partida?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver' }));
    expect(await readOutbox(7)).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Descartar' }));
    dialog = await screen.findByRole('dialog', { name: '¿Descartar la partida?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Pendientes de envío' })).toBeNull());
    expect(await readOutbox(7)).toEqual([]);
  });

  it('shows nothing when no match waits', async () => {
    const { container } = renderRoutes(<OutboxList userId={7} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(container).toBeEmptyDOMElement();
  });
});
