import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as MSG from '@mitos/domain/message-texts';
import type { TStore } from '@mitos/domain/community';
import { calls, type MockHandler } from '../../test/fetch-mock';
import { enterDay } from '../../test/day-field';
import { LocationProbe, renderRoutes } from '../../test/render';
import { tournamentRoutes } from './routes';
import {
  formDialog,
  mockTournamentFetch,
  playerMe,
  refusal,
  signedInAs,
  summary,
  type Routes,
} from './tournament-fixtures';

// The form loads when its dialog first opens (components/tournament-form-dialog): loaded once here,
// so that a test waits for it no longer than a render.
beforeAll(() => import('./components/tournament-form'));

const store = (id: number, name: string): TStore => ({
  id,
  name,
  location: { neighborhood: 'Palermo', city: 'Buenos Aires' },
  address: null,
  active: true,
  logoUrl: null,
  organisers: [],
});
const STORES = [store(1, 'Dragón Dorado'), store(2, 'Torre de Cartas')];
const organiserMe = { ...playerMe, seesAdmin: true, organises: [{ id: 2, name: 'Torre de Cartas' }] };

const LIST = [
  summary({ id: 1, name: 'Copa Abierta', status: 'registration', participants: 8, playerCap: 32 }),
  summary({ id: 2, name: 'Suizo de los Sábados', status: 'in_progress', round: 2, waitlist: 3 }),
  summary({ id: 3, name: 'Relámpago', status: 'upcoming', type: 'round_robin' }),
  summary({
    id: 4,
    name: 'Copa de Otoño',
    status: 'finished',
    type: 'single_elimination',
    winner: { id: 21, username: 'beto' },
    finishedAt: '2026-05-01T22:00:00.000Z',
  }),
];

function renderList(routes: Routes = {}) {
  const mocks = mockTournamentFetch({
    'GET /api/tournaments': { body: LIST },
    'GET /api/stores': { body: STORES },
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: '/tournaments', children: tournamentRoutes.filter((r) => r.index) },
      { path: '/tournaments/:id', element: <LocationProbe label="detalle" /> },
    ],
    { entries: ['/tournaments'] },
  );
  return { ...mocks, ...view };
}

describe('Torneos', () => {
  it('splits the list by status: finished ones under Torneos Finalizados, the rest under Torneos Activos', async () => {
    renderList();
    const active = await screen.findByRole('region', { name: 'Torneos Activos' });
    const finished = screen.getByRole('region', { name: 'Torneos Finalizados' });
    expect(
      within(active)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Copa Abierta', 'Suizo de los Sábados', 'Relámpago']);
    expect(
      within(finished)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Copa de Otoño']);
    const running = within(active).getByRole('link', { name: /Suizo de los Sábados/ });
    expect(running).toHaveAttribute('href', '/tournaments/2');
    expect(within(running).getByText('En Progreso · Ronda 2')).toBeInTheDocument();
    expect(within(running).getByText('Suizo')).toBeInTheDocument();
    expect(within(running).getByText('Dragón Dorado')).toBeInTheDocument();
    expect(within(running).getByText(/8\/32 jugadores · 3 en lista de espera/)).toBeInTheDocument();
    // The start in Buenos Aires time, as the organiser set it, not in the machine's zone (UTC).
    expect(within(running).getByText('28/11/2026 17:00')).toBeInTheDocument();
    expect(within(active).getByText('Abierto')).toBeInTheDocument();
    expect(within(active).getByText('Próximamente')).toBeInTheDocument();
    const done = within(finished).getByRole('link', { name: /Copa de Otoño/ });
    expect(within(done).getByText('Finalizado')).toBeInTheDocument();
    expect(within(done).getByText('Eliminación Simple')).toBeInTheDocument();
    expect(within(done).getByText(/Ganador: beto/)).toBeInTheDocument();
  });

  it('says so when the list cannot load, and retries', async () => {
    renderList({ 'GET /api/tournaments': [refusal(500, 'x'), { body: LIST }] });
    expect(
      await screen.findByText('Error al cargar los torneos. Por favor intenta nuevamente.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('region', { name: 'Torneos Activos' })).toBeInTheDocument();
  });

  it('offers Crear Torneo to organisers and tournament admins, not to players', async () => {
    const { fetchMock } = renderList();
    await screen.findByRole('region', { name: 'Torneos Activos' });
    await waitFor(() => expect(calls(fetchMock)).toContain('GET /api/community/me'));
    expect(screen.queryByRole('button', { name: 'Crear Torneo' })).not.toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain('GET /api/stores');
  });

  it('offers an organiser only their own store', async () => {
    const user = userEvent.setup();
    renderList({ 'GET /api/community/me': { body: organiserMe } });
    await user.click(await screen.findByRole('button', { name: 'Crear Torneo' }));
    const dialog = await formDialog('Crear Torneo');
    // The only store is chosen already.
    expect(within(dialog).getByRole('combobox', { name: /Tienda/ })).toHaveTextContent('Torre de Cartas');
    await user.click(within(dialog).getByRole('combobox', { name: /Tienda/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Torre de Cartas']);
  });
});

describe('Crear Torneo', () => {
  async function openDialog(routes: Routes = {}) {
    const user = userEvent.setup();
    const view = renderList({ 'GET /api/auth/me': signedInAs('tournament_admin'), ...routes });
    await user.click(await screen.findByRole('button', { name: 'Crear Torneo' }));
    return { user, dialog: await formDialog('Crear Torneo'), ...view };
  }

  it('shows the required messages and sends nothing when empty', async () => {
    const { user, dialog, fetchMock } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Crear Torneo' }));
    expect(within(dialog).getByText(MSG.tournamentNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.tournamentStartRequired)).toBeInTheDocument();
    expect(within(dialog).getByText('Elige la tienda del torneo')).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain('POST /api/tournaments');
    // Each message goes as soon as its field is fixed.
    await user.type(within(dialog).getByLabelText(/Nombre del Torneo/), 'C');
    expect(within(dialog).queryByText(MSG.tournamentNameRequired)).not.toBeInTheDocument();
    expect(within(dialog).getByText(MSG.tournamentStartRequired)).toBeInTheDocument();
  });

  it('sends every field of a Swiss and opens the new tournament', async () => {
    let sent: unknown = null;
    const create: MockHandler = ({ body }) => {
      sent = body;
      return { status: 201, body: { ...summary({ id: 12, name: 'Suizo de Diciembre' }) } };
    };
    const { user, dialog, router } = await openDialog({ 'POST /api/tournaments': create });
    await user.type(within(dialog).getByLabelText(/Nombre del Torneo/), 'Suizo de Diciembre');
    await user.click(within(dialog).getByRole('combobox', { name: /Tienda/ }));
    await user.click(screen.getByRole('option', { name: 'Torre de Cartas' }));
    expect(within(dialog).getByRole('combobox', { name: 'Tipo de Torneo' })).toHaveTextContent('Suizo');
    await enterDay(/Fecha de Inicio/, '20/12/2026', dialog);
    // The time field takes a whole typed time through its hidden input, as the day field does.
    await enterDay(/Hora de inicio/, '17:30', dialog);
    await user.type(within(dialog).getByLabelText('Reglas (opcional)'), '**Top 8** al final');
    await user.clear(within(dialog).getByLabelText('Cupo de jugadores'));
    await user.type(within(dialog).getByLabelText('Cupo de jugadores'), '16');
    await user.click(within(dialog).getByRole('combobox', { name: 'Partidas' }));
    await user.click(screen.getByRole('option', { name: 'Al mejor de 1' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Tipo de partida' }));
    await user.click(screen.getByRole('option', { name: 'Arena' }));
    await user.type(within(dialog).getByLabelText('Rondas del suizo (opcional)'), '4');
    await user.click(within(dialog).getByRole('combobox', { name: 'Corte a eliminación' }));
    await user.click(screen.getByRole('option', { name: 'Top 4' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Inscripción abierta' }));
    await user.click(within(dialog).getByRole('button', { name: 'Crear Torneo' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/tournaments/12'));
    expect(sent).toEqual({
      name: 'Suizo de Diciembre',
      storeId: 2,
      type: 'swiss',
      startDate: '2026-12-20',
      startTime: '17:30',
      rules: '**Top 8** al final',
      playerCap: 16,
      bestOf: 1,
      registrationOpen: false,
      tier: 'Arena',
      swissRounds: 4,
      topCut: 4,
    });
    // Every field of the form, typed key by key: 9.5 s in a slow day's CI, past 20 s beside other
    // work on two cores. Its time is not what it checks.
  }, 60_000);

  it('asks for Swiss rounds and a cut only for a Swiss', async () => {
    let sent: { swissRounds?: unknown; topCut?: unknown; type?: unknown } = {};
    const { user, dialog } = await openDialog({
      'POST /api/tournaments': ({ body }) => {
        sent = body as typeof sent;
        return { status: 201, body: summary({ id: 13 }) };
      },
    });
    await user.type(within(dialog).getByLabelText(/Nombre del Torneo/), 'Llave');
    await user.click(within(dialog).getByRole('combobox', { name: /Tienda/ }));
    await user.click(screen.getByRole('option', { name: 'Dragón Dorado' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Tipo de Torneo' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Eliminación Simple',
      'Eliminación Doble',
      'Round Robin',
      'Suizo',
    ]);
    await user.click(screen.getByRole('option', { name: 'Eliminación Doble' }));
    expect(within(dialog).queryByLabelText('Rondas del suizo (opcional)')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Corte a eliminación' })).not.toBeInTheDocument();
    await enterDay(/Fecha de Inicio/, '20/12/2026', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Crear Torneo' }));
    await waitFor(() => expect(sent.type).toBe('double_elimination'));
    expect([sent.swissRounds, sent.topCut]).toEqual([null, 0]);
  });

  it("shows the server's refusal, or Error al crear el torneo when it gives none", async () => {
    const { user, dialog } = await openDialog({
      'POST /api/tournaments': [refusal(403, MSG.tournamentManagerOnly), { status: 500 }],
    });
    await user.type(within(dialog).getByLabelText(/Nombre del Torneo/), 'Copa');
    await user.click(within(dialog).getByRole('combobox', { name: /Tienda/ }));
    await user.click(screen.getByRole('option', { name: 'Dragón Dorado' }));
    await enterDay(/Fecha de Inicio/, '20/12/2026', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Crear Torneo' }));
    expect(await within(dialog).findByText(MSG.tournamentManagerOnly)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Crear Torneo' }));
    expect(await within(dialog).findByText(MSG.tournamentCreateFailed)).toBeInTheDocument();
  });
});
