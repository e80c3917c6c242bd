import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { TMatchEvent } from '@mitos/domain/matches';
import { EventHistory } from './event-history';

const event = (type: TMatchEvent['type'], username: string, at: string, user_id = 1): TMatchEvent => ({
  type,
  user_id,
  username,
  at,
});

describe('EventHistory', () => {
  it('lists events oldest first whatever order they arrive in', () => {
    render(
      <EventHistory
        events={[
          event('rejected', 'beto', '2026-03-14T20:00:00.000Z', 2),
          event('created', 'ana', '2026-03-14T18:00:00.000Z'),
          event('approved', 'ana', '2026-03-14T18:00:01.000Z'),
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Historial de la partida' })).getAllByRole(
      'listitem',
    );
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Partida creada por ana'),
      expect.stringContaining('Aprobada por ana'),
      expect.stringContaining('Rechazada por beto'),
    ]);
  });

  it('shows an event that arrives twice only once', () => {
    const approved = event('approved', 'beto', '2026-03-14T19:00:00.000Z', 2);
    render(
      <EventHistory
        events={[event('created', 'ana', '2026-03-14T18:00:00.000Z'), approved, { ...approved }]}
      />,
    );
    expect(screen.getAllByText('Aprobada por beto')).toHaveLength(1);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('names an event without a user Usuario desconocido', () => {
    render(
      <EventHistory
        events={[{ type: 'cancelled', user_id: null, username: null, at: '2026-03-14T18:00:00Z' }]}
      />,
    );
    expect(screen.getByText('Cancelada por Usuario desconocido')).toBeInTheDocument();
  });

  it('tells that a rejection nobody processed expired, naming no one', () => {
    render(
      <EventHistory
        events={[
          event('rejected', 'beto', '2026-03-14T20:00:00.000Z', 2),
          { type: 'expired', user_id: null, username: null, at: '2026-03-17T20:05:00Z' },
        ]}
      />,
    );
    expect(
      screen.getByText('Cancelada automáticamente: nadie procesó el rechazo en 3 días'),
    ).toBeInTheDocument();
  });
});
