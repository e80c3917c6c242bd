import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SnackbarProvider } from 'notistack';
import type { Session } from '../../api/session';
import TournamentsPage from './tournaments-page';
import TournamentDetailPage from './tournament-detail-page';
import ParticipantsPage from './participants-page';
import BracketPage from './bracket-page';
import { TOURNAMENTS_STORAGE_KEY } from './use-tournaments';
import { enterDay } from '../../test/day-field';

const session = vi.hoisted(() => ({ role: 'player' as string }));

vi.mock('../../api/session', () => ({
  useSession: (): Partial<Session> => ({
    status: 'authenticated',
    user: {
      id: 1,
      username: 'ana',
      email: 'ana@example.com',
      created_at: '',
      role: session.role as 'player',
    },
  }),
}));

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/tournaments', element: <TournamentsPage /> },
      { path: '/tournaments/:id', element: <TournamentDetailPage /> },
      { path: '/tournaments/:id/participants', element: <ParticipantsPage /> },
      { path: '/tournaments/:id/bracket', element: <BracketPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <SnackbarProvider>
      <RouterProvider router={router} />
    </SnackbarProvider>,
  );
  return router;
}

const stored = () => JSON.parse(localStorage.getItem(TOURNAMENTS_STORAGE_KEY) ?? 'null');

beforeEach(() => {
  session.role = 'player';
});

describe('tournament list', () => {
  it('splits active and completed, keeping the sample finished status among the active', () => {
    renderAt('/tournaments');
    const active = screen.getByRole('region', { name: 'Torneos Activos' });
    const completed = screen.getByRole('region', { name: 'Torneos Finalizados' });
    expect(within(active).getByText('Clásico de Otoño')).toBeInTheDocument();
    expect(within(completed).getByText('Copa Dragón Dorado')).toBeInTheDocument();
    expect(within(completed).queryByText('Torneo Relámpago de Caballito')).not.toBeInTheDocument();
  });

  it('opens the new tournament after creating it', async () => {
    const user = userEvent.setup();
    const router = renderAt('/tournaments');
    await user.click(screen.getByRole('button', { name: 'Crear Torneo' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Nombre del Torneo/), 'Copa de Diciembre');
    enterDay(/Fecha de Inicio/, '20/12/2026', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Crear Torneo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tournaments/9'));
    expect(await screen.findByRole('heading', { name: 'Copa de Diciembre' })).toBeInTheDocument();
    expect(screen.getByText('Abierto')).toBeInTheDocument();
    expect(stored().at(-1)).toMatchObject({ id: 9, name: 'Copa de Diciembre', status: 'open' });
  });

  it('shows the sample data when the stored tournaments are corrupt', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(TOURNAMENTS_STORAGE_KEY, '{"broken":');
    renderAt('/tournaments');
    expect(screen.getByText('Copa Dragón Dorado')).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});

describe('tournament detail', () => {
  it('has the section buttons, rules and the first 6 participants with Ver todos', () => {
    renderAt('/tournaments/1');
    const nav = screen.getByRole('navigation', { name: 'Secciones del torneo' });
    for (const name of ['Participantes', 'Bracket', 'Calendario', 'Posiciones', 'Partidas']) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute(
        'href',
        expect.stringMatching(/^\/tournaments\/1\//),
      );
    }
    expect(screen.getByRole('heading', { name: 'Reglas' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Participantes (8)' });
    expect(within(summary).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'Ver todos los participantes' })).toBeInTheDocument();
  });

  it('hides Ver todos with 6 participants or fewer', () => {
    renderAt('/tournaments/5');
    expect(screen.queryByRole('link', { name: 'Ver todos los participantes' })).not.toBeInTheDocument();
  });

  it('shows Publicar only to the tournament_admin role', () => {
    renderAt('/tournaments/1');
    expect(screen.queryByRole('button', { name: 'Publicar' })).not.toBeInTheDocument();
  });

  it('publishes an announcement, and does nothing with blank text', async () => {
    session.role = 'tournament_admin';
    const user = userEvent.setup();
    renderAt('/tournaments/3');
    const comunicados = screen.getByRole('region', { name: 'Comunicados' });
    await user.type(within(comunicados).getByLabelText('Nuevo comunicado'), '   ');
    await user.click(within(comunicados).getByRole('button', { name: 'Publicar' }));
    expect(within(comunicados).queryAllByRole('listitem')).toHaveLength(0);
    expect(localStorage.getItem(TOURNAMENTS_STORAGE_KEY)).toBeNull();

    await user.clear(within(comunicados).getByLabelText('Nuevo comunicado'));
    await user.type(within(comunicados).getByLabelText('Nuevo comunicado'), 'Fecha 4 el sábado');
    await user.click(within(comunicados).getByRole('button', { name: 'Publicar' }));
    expect(within(comunicados).getByText('Fecha 4 el sábado')).toBeInTheDocument();
    expect(within(comunicados).getByLabelText('Nuevo comunicado')).toHaveValue('');
    expect(stored().find((t: { id: number }) => t.id === 3).announcements[0].message).toBe(
      'Fecha 4 el sábado',
    );
  });

  it('says so for an unknown tournament', () => {
    renderAt('/tournaments/999');
    expect(screen.getByText('Torneo no encontrado o error al cargar')).toBeInTheDocument();
  });
});

describe('participants', () => {
  it('refuses a user already in the tournament', async () => {
    const user = userEvent.setup();
    renderAt('/tournaments/1/participants');
    await user.type(screen.getByLabelText('Buscar usuario'), 'lautaro');
    await user.click(screen.getByRole('button', { name: 'Agregar a lautaro' }));
    expect(screen.getByText('Este usuario ya está en el torneo')).toBeInTheDocument();
  });

  it('adds and removes, then saves after a simulated second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/tournaments/5/participants');
    const table = screen.getByRole('table', { name: 'Participantes del torneo' });
    for (const header of ['#', 'Jugador', 'Mazo', 'Acciones']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await user.type(screen.getByLabelText('Buscar usuario'), '@pili');
    await user.click(screen.getByRole('button', { name: 'Agregar a pili.ortiz' }));
    await user.click(screen.getByRole('button', { name: 'Quitar a agus_diaz' }));
    expect(within(table).getByText('pili.ortiz')).toBeInTheDocument();
    expect(within(table).queryByText('agus_diaz')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByRole('button', { name: /Guardar/ })).toBeDisabled();
    expect(localStorage.getItem(TOURNAMENTS_STORAGE_KEY)).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    const names = stored()
      .find((t: { id: number }) => t.id === 5)
      .participants.map((p: { name: string }) => p.name);
    expect(names).toContain('pili.ortiz');
    expect(names).not.toContain('agus_diaz');
    vi.useRealTimers();
  });
});

describe('bracket', () => {
  it('labels single elimination rounds and shows match statuses', () => {
    renderAt('/tournaments/2/bracket');
    for (const name of ['Primera Ronda', 'Semifinales', 'Final']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(screen.getAllByText('Finalizado').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Pendiente').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Por definir').length).toBeGreaterThan(0);
  });

  it('shows winners, losers and grand final for double elimination', () => {
    renderAt('/tournaments/4/bracket');
    for (const name of ['Bracket de Ganadores', 'Bracket de Perdedores', 'Gran Final']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
  });

  it('shows round robin standings with the leader marked', () => {
    renderAt('/tournaments/3/bracket');
    const table = screen.getByRole('table', { name: 'Tabla de posiciones' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('tomasg')).toBeInTheDocument();
    expect(within(rows[1]!).getByTitle('Líder')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('100%')).toBeInTheDocument();
  });
});
