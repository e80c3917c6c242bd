import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import LeaguesPage from './leagues-page';
import { ADMIN_STORAGE_KEYS } from './use-admin-data';
import { enterDay } from '../../test/day-field';

function renderPage() {
  return render(
    <MemoryRouter>
      <LeaguesPage />
    </MemoryRouter>,
  );
}

/** The page behind stays hidden from assistive tech until the dialog has finished closing. */
async function dialogClosed() {
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

async function fillLeague(user: ReturnType<typeof userEvent.setup>, name: string) {
  const dialog = screen.getByRole('dialog');
  const nameField = within(dialog).getByLabelText(/Nombre de la Liga/);
  await user.clear(nameField);
  await user.type(nameField, name);
  await user.click(within(dialog).getByRole('combobox', { name: /Tienda/ }));
  await user.click(await screen.findByRole('option', { name: 'Torre de Cartas' }));
  enterDay(/Fecha de Inicio/, '06/03/2027', dialog);
}

describe('Gestión de Ligas', () => {
  it('lists the sample leagues with their total and status labels', () => {
    renderPage();
    expect(screen.getByText('Total: 4 ligas')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Ligas' });
    for (const header of ['Liga', 'Tienda', 'Fecha de Inicio', 'Estado', 'Participantes', 'Acciones']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(table).getByText('Próximamente')).toBeInTheDocument();
    expect(within(table).getAllByText('Activa')).toHaveLength(2);
    expect(within(table).getByText('Finalizada')).toBeInTheDocument();
  });

  it('clears the message as soon as every field is filled', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Nueva Liga' }));
    const dialog = screen.getByRole('dialog', { name: 'Nueva Liga' });
    await user.click(within(dialog).getByRole('button', { name: 'Crear Liga' }));
    expect(within(dialog).getByText('Por favor completa todos los campos')).toBeInTheDocument();
    await fillLeague(user, 'Liga completa');
    expect(within(dialog).queryByText('Por favor completa todos los campos')).not.toBeInTheDocument();
  });

  it('refuses an incomplete league inside the dialog and resets it on close', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Nueva Liga' }));
    const dialog = screen.getByRole('dialog', { name: 'Nueva Liga' });
    await user.type(within(dialog).getByLabelText(/Nombre de la Liga/), 'Liga sin tienda');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Liga' }));
    expect(within(dialog).getByText('Por favor completa todos los campos')).toBeInTheDocument();
    expect(screen.getByText('Total: 4 ligas')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    // While it fades out the dialog keeps its form, so it keeps its name.
    expect(screen.getByRole('dialog', { name: 'Nueva Liga' })).toBe(dialog);
    expect(within(dialog).getByRole('button', { name: 'Crear Liga' })).toBeInTheDocument();
    await dialogClosed();
    await user.click(screen.getByRole('button', { name: 'Nueva Liga' }));
    const reopened = screen.getByRole('dialog', { name: 'Nueva Liga' });
    expect(within(reopened).queryByText('Por favor completa todos los campos')).not.toBeInTheDocument();
    expect(within(reopened).getByLabelText(/Nombre de la Liga/)).toHaveValue('');
  });

  it('creates an upcoming league with 0 participants, keeps it, and hides the alert after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Nueva Liga' }));
    await fillLeague(user, 'Liga de Otoño');
    await user.click(screen.getByRole('button', { name: 'Crear Liga' }));
    await dialogClosed();

    expect(screen.getByText('Liga creada exitosamente')).toBeInTheDocument();
    expect(screen.getByText('Total: 5 ligas')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Liga de Otoño/ });
    expect(within(row).getByText('Próximamente')).toBeInTheDocument();
    expect(within(row).getByText('0')).toBeInTheDocument();
    expect(within(row).getByText('06/03/2027')).toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem(ADMIN_STORAGE_KEYS.leagues)!);
    expect(stored.at(-1)).toMatchObject({
      id: 5,
      name: 'Liga de Otoño',
      status: 'upcoming',
      participants: 0,
    });

    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByText('Liga creada exitosamente')).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it('closes the success alert on demand', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Eliminar Liga Belgrano Clausura' }));
    expect(screen.getByText('Liga eliminada exitosamente')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /close|cerrar/i }));
    expect(screen.queryByText('Liga eliminada exitosamente')).not.toBeInTheDocument();
  });

  it('deletes without asking', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Eliminar Liga Belgrano Clausura' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Liga Belgrano Clausura')).not.toBeInTheDocument();
    expect(screen.getByText('Total: 3 ligas')).toBeInTheDocument();
  });

  it('edits a league in the Editar Liga dialog, keeping its status', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Editar Liga de Primavera Caballito' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Liga' });
    expect(within(dialog).getByLabelText(/Nombre de la Liga/)).toHaveValue('Liga de Primavera Caballito');
    await fillLeague(user, 'Liga de Primavera Renovada');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    await dialogClosed();
    expect(screen.getByText('Liga actualizada exitosamente')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Liga de Primavera Renovada/ });
    expect(within(row).getByText('Activa')).toBeInTheDocument();
    expect(within(row).getByText('Torre de Cartas')).toBeInTheDocument();
    expect(screen.getByText('Total: 4 ligas')).toBeInTheDocument();
  });

  it('shows each league as a card with the same fields on a phone', async () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      onchange: null,
      dispatchEvent: () => false,
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    const user = userEvent.setup();
    renderPage();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(screen.getByRole('list', { name: 'Ligas' }))
      .getAllByRole('listitem')
      .find((item) => within(item).queryByText('Liga de Verano San Telmo'))!;
    expect(within(card).getByText('Próximamente')).toBeInTheDocument();
    expect(within(card).getByText('El Bastión TCG')).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Fecha de Inicio', 'Participantes']);
    expect(within(card).getByText('09/01/2027')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Eliminar Liga de Verano San Telmo' }));
    expect(screen.getByText('Total: 3 ligas')).toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});
