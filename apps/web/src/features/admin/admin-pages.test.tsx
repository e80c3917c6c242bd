import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import AdminPage from './admin-page';
import AdminPlayersPage from './players-page';
import AdminResultsPage from './results-page';
import { ADMIN_STORAGE_KEYS } from './use-admin-data';
import { enterDay } from '../../test/day-field';

const inRouter = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('Panel de Administración', () => {
  it('links to Jugadores, Resultados and Ligas and shows three counters at zero', () => {
    inRouter(<AdminPage />);
    expect(screen.getByRole('heading', { name: 'Panel de Administración' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Jugadores/ })).toHaveAttribute('href', '/admin/players');
    expect(screen.getByRole('link', { name: /Resultados/ })).toHaveAttribute('href', '/admin/results');
    expect(screen.getByRole('link', { name: /Ligas/ })).toHaveAttribute('href', '/admin/leagues');
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['0', '0', '0']);
  });
});

describe('admin players', () => {
  it('asks for every field, then adds the player and keeps them', async () => {
    const user = userEvent.setup();
    inRouter(<AdminPlayersPage />);
    await user.type(screen.getByLabelText(/Nombre/), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Agregar Jugador' }));
    expect(screen.getByText('Por favor completa todos los campos')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Código TOR/), 'tor016');
    await user.click(screen.getByRole('button', { name: 'Agregar Jugador' }));
    expect(screen.queryByText('Por favor completa todos los campos')).not.toBeInTheDocument();
    expect(screen.getByText('Jugador agregado exitosamente')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Jugadores registrados' });
    expect(within(table).getByText('TOR016')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(ADMIN_STORAGE_KEYS.players)!)[0]).toMatchObject({
      name: 'Ana',
      torCode: 'TOR016',
    });
  });
});

describe('admin results', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>, player2: string) {
    await user.click(screen.getByRole('combobox', { name: /Tienda/ }));
    await user.click(await screen.findByRole('option', { name: 'El Bastión TCG' }));
    await user.type(screen.getByLabelText(/Ronda/), '2');
    await user.type(screen.getByRole('combobox', { name: /Jugador 1/ }), 'Ana');
    await user.type(screen.getByRole('combobox', { name: /Jugador 2/ }), player2);
    enterDay('Fecha', '20/11/2026');
  }

  it('asks for every field', async () => {
    const user = userEvent.setup();
    inRouter(<AdminResultsPage />);
    await user.click(screen.getByRole('button', { name: 'Agregar Resultado' }));
    expect(screen.getByText('Por favor completa todos los campos')).toBeInTheDocument();
  });

  it('refuses the same player twice', async () => {
    const user = userEvent.setup();
    inRouter(<AdminResultsPage />);
    await fill(user, 'ana');
    await user.click(screen.getByRole('combobox', { name: /Ganador/ }));
    await user.click(await screen.findByRole('option', { name: 'Ana' }));
    await user.click(screen.getByRole('button', { name: 'Agregar Resultado' }));
    expect(screen.getByText('Los jugadores deben ser diferentes')).toBeInTheDocument();
  });

  it('offers only the two players as winner and adds the result', async () => {
    const user = userEvent.setup();
    inRouter(<AdminResultsPage />);
    await fill(user, 'Beto');
    await user.click(screen.getByRole('combobox', { name: /Ganador/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Ana', 'Beto']);
    await user.click(screen.getByRole('option', { name: 'Beto' }));
    await user.click(screen.getByRole('button', { name: 'Agregar Resultado' }));
    expect(screen.getByText('Resultado agregado exitosamente')).toBeInTheDocument();
    const row = within(screen.getByRole('table', { name: 'Resultados cargados' })).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['20/11/2026', 'El Bastión TCG', '2', 'Ana', 'Beto', 'Beto']);
  });
});
