import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '../../../test/render';
import { tournamentRoutes } from '../routes';
import { mockTournamentFetch, signedInAs, summary } from '../tournament-fixtures';

// The form's module (its fields, the date and time pickers) loads only when this test lets it.
const form = await vi.hoisted(async () => (await import('../../../test/module-gate')).moduleGate());
vi.mock('./tournament-form', (importOriginal) => form.hold(importOriginal));

describe('the tournament form', () => {
  it('loads when Crear Torneo is first opened, not with the screen, and the dialog says it is coming', async () => {
    const user = userEvent.setup();
    mockTournamentFetch({
      'GET /api/auth/me': signedInAs('tournament_admin'),
      'GET /api/tournaments': { body: [summary({ id: 1, name: 'Copa Abierta' })] },
      'GET /api/stores': { body: [{ id: 2, name: 'Torre de Cartas' }] },
    });
    renderRoutes([{ path: '/tournaments', children: tournamentRoutes }], { entries: ['/tournaments'] });
    await screen.findByText('Copa Abierta');
    const create = await screen.findByRole('button', { name: 'Crear Torneo' });
    expect(form.loaded).toBe(false);

    await user.click(create);
    const dialog = screen.getByRole('dialog', { name: 'Crear Torneo' });
    expect(within(dialog).getByRole('progressbar', { name: 'Cargando el formulario' })).toBeInTheDocument();
    expect(form.loaded).toBe(true);

    form.open();
    expect(await within(dialog).findByLabelText(/Nombre del Torneo/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
