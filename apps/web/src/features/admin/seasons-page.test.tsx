import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TSeason } from '@mitos/domain/community';
import * as MSG from '@mitos/domain/message-texts';
import { calls, type MockHandler, type MockReply } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { enterDay } from '../../test/day-field';
import { adminMe, mockAdminFetch, organiserMe, refusal } from './admin-fixtures';
import SeasonsPage from './seasons-page';

const SEASONS: TSeason[] = [
  {
    id: 2,
    name: 'Temporada 2026',
    startsOn: '2026-01-01',
    endsOn: '2026-12-31',
    current: true,
    closedAt: null,
  },
  {
    id: 1,
    name: 'Temporada 2025',
    startsOn: '2025-01-01',
    endsOn: '2025-12-31',
    current: false,
    closedAt: '2025-12-31T23:00:00.000Z',
  },
];

function renderPage(routes: Record<string, MockHandler | MockReply | MockReply[]> = {}, me = adminMe) {
  const fetchMock = mockAdminFetch(me, { 'GET /api/seasons': { body: SEASONS }, ...routes });
  renderRoutes(<SeasonsPage />, { path: '/admin/seasons' });
  return { fetchMock, user: userEvent.setup() };
}

async function fillSeason(user: ReturnType<typeof userEvent.setup>) {
  const dialog = screen.getByRole('dialog', { name: 'Nueva temporada' });
  await user.type(within(dialog).getByRole('textbox', { name: /Nombre/ }), 'Temporada 2027');
  await enterDay(/Fecha de inicio/, '01/01/2027', dialog);
  await enterDay(/Fecha de fin/, '31/12/2027', dialog);
  return dialog;
}

describe('Temporadas', () => {
  it('is for admins only', async () => {
    const { fetchMock } = renderPage({}, organiserMe);
    expect(
      await screen.findByRole('heading', { name: 'Solo un administrador puede gestionar las temporadas' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a Inicio' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Nueva temporada' })).not.toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain('POST /api/seasons');
  });

  it('lists the seasons with Temporada Actual marked, and Cerrar temporada only on it', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Temporadas' });
    const current = within(table).getByRole('row', { name: /Temporada 2026/ });
    expect(within(current).getByText('Temporada Actual')).toBeInTheDocument();
    expect(within(current).getByText('01/01/2026')).toBeInTheDocument();
    expect(
      within(current).getByRole('button', { name: 'Cerrar temporada Temporada 2026' }),
    ).toBeInTheDocument();
    const closed = within(table).getByRole('row', { name: /Temporada 2025/ });
    expect(within(closed).getByText('Cerrada')).toBeInTheDocument();
    expect(within(closed).queryByRole('button')).not.toBeInTheDocument();
  });

  it('closes the current season only after confirming', async () => {
    const { user, fetchMock } = renderPage({
      'POST /api/seasons/2/close': {
        body: { ...SEASONS[0], current: false, closedAt: '2026-06-01T12:00:00Z' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cerrar temporada Temporada 2026' }));
    let dialog = screen.getByRole('dialog', { name: '¿Cerrar Temporada 2026?' });
    expect(within(dialog).getByText(/termina su ranking/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(fetchMock)).not.toContain('POST /api/seasons/2/close');

    await user.click(screen.getByRole('button', { name: 'Cerrar temporada Temporada 2026' }));
    dialog = screen.getByRole('dialog', { name: '¿Cerrar Temporada 2026?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar temporada' }));
    expect(await screen.findByText('Temporada cerrada exitosamente')).toBeInTheDocument();
    expect(calls(fetchMock)).toContain('POST /api/seasons/2/close');
  });

  it("shows the server's refusal to close in the dialog", async () => {
    const { user } = renderPage({ 'POST /api/seasons/2/close': refusal(409, MSG.seasonAlreadyClosed) });
    await user.click(await screen.findByRole('button', { name: 'Cerrar temporada Temporada 2026' }));
    const dialog = screen.getByRole('dialog', { name: '¿Cerrar Temporada 2026?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar temporada' }));
    expect(await within(dialog).findByText(MSG.seasonAlreadyClosed)).toBeInTheDocument();
  });

  it('asks for a name and both dates before opening a season', async () => {
    const { user, fetchMock } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Nueva temporada' }));
    const dialog = screen.getByRole('dialog', { name: 'Nueva temporada' });
    await user.type(within(dialog).getByRole('textbox', { name: /Nombre/ }), 'Temporada 2027');
    await user.click(within(dialog).getByRole('button', { name: 'Crear temporada' }));
    expect(within(dialog).getByText(MSG.fillAllFields)).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain('POST /api/seasons');
  });

  it('opens a season with its name and dates', async () => {
    const sent: unknown[] = [];
    const { user } = renderPage({
      'POST /api/seasons': ({ body }) => {
        sent.push(body);
        return {
          status: 201,
          body: {
            id: 3,
            name: 'Temporada 2027',
            startsOn: '2027-01-01',
            endsOn: '2027-12-31',
            current: true,
            closedAt: null,
          },
        };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Nueva temporada' }));
    const dialog = await fillSeason(user);
    await user.click(within(dialog).getByRole('button', { name: 'Crear temporada' }));
    expect(await screen.findByText('Temporada creada exitosamente')).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'Temporada 2027', startsOn: '2027-01-01', endsOn: '2027-12-31' }]);
  });

  it("shows the server's refusal (overlapping dates) in Spanish", async () => {
    const { user } = renderPage({ 'POST /api/seasons': refusal(400, MSG.seasonOverlaps) });
    await user.click(await screen.findByRole('button', { name: 'Nueva temporada' }));
    const dialog = await fillSeason(user);
    await user.click(within(dialog).getByRole('button', { name: 'Crear temporada' }));
    expect(await within(dialog).findByText(MSG.seasonOverlaps)).toBeInTheDocument();
  });

  it('says when the seasons could not load', async () => {
    renderPage({ 'GET /api/seasons': refusal(500, 'x') });
    expect(await screen.findByText(MSG.loadError)).toBeInTheDocument();
  });
});
