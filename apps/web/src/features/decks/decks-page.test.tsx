import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TDeck } from '@mitos/domain/decks';
import { calls, mockFetch, signedIn } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { statisticsFixture } from '../../test/statistics-fixtures';
import DecksPage from './decks-page';

function deck(
  id: number,
  name: string,
  raza: string,
  isDefault = false,
  description: string | null = null,
): TDeck {
  return {
    id,
    user_id: 7,
    name,
    raza,
    description,
    is_default: isDefault,
    created_at: '2025-01-01T00:00:00Z',
  };
}

const DECKS = [
  deck(1, 'Fuego Eterno', 'Dragon', false),
  deck(2, 'Muralla', 'Defensor', true),
  deck(3, 'Sombras', 'Sombra'),
];

function renderDecks(routes: Parameters<typeof mockFetch>[0]) {
  const fetchMock = mockFetch({
    'GET /api/auth/me': signedIn,
    'GET /api/decks': { body: DECKS },
    'GET /api/users/7/statistics': { body: statisticsFixture() },
    ...routes,
  });
  const user = userEvent.setup();
  renderRoutes(<DecksPage />, { path: '/decks' });
  return { fetchMock, user };
}

const createButton = () => screen.getByRole('button', { name: 'Crear Mazo' });
const createForm = () => screen.getByRole('form', { name: 'Crear nuevo mazo' });

describe('DecksPage', () => {
  it('lists the default deck first, then the newest, each with its race', async () => {
    renderDecks({});
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'Muralla',
      'Sombras',
      'Fuego Eterno',
    ]);
    expect(within(items[0]!).getByText('Por defecto')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Defensor')).toBeInTheDocument();
  });

  it("shows each deck's approved matches, wins and win rate from the player's statistics", async () => {
    const { fetchMock } = renderDecks({});
    const muralla = (await screen.findByRole('heading', { name: 'Muralla' })).closest('li')!;
    expect(
      await within(muralla).findByText('8 partidas · 5 victorias · 63% de victorias'),
    ).toBeInTheDocument();
    const sombras = screen.getByRole('heading', { name: 'Sombras' }).closest('li')!;
    expect(within(sombras).getByText('Sin partidas aprobadas')).toBeInTheDocument();
    expect(calls(fetchMock)).toContain('GET /api/users/7/statistics?period=month');
  });

  it("disables the default deck's delete button and offers Establecer por defecto on the others", async () => {
    renderDecks({});
    expect(await screen.findByRole('button', { name: 'Eliminar Muralla' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Eliminar Sombras' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Establecer por defecto: Muralla' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Establecer por defecto: Sombras' })).toBeEnabled();
  });

  it('starts the create form on Olimpico and requires a name', async () => {
    const { user } = renderDecks({});
    await screen.findAllByRole('listitem');
    const form = createForm();
    expect(within(form).getByRole('combobox', { name: 'Raza' })).toHaveTextContent('Olimpico');
    expect(createButton()).toBeDisabled();
    await user.click(within(form).getByLabelText(/Nombre del mazo/));
    await user.tab();
    expect(within(form).getByText('El nombre del mazo es obligatorio')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Nombre del mazo/), '   ');
    expect(createButton()).toBeDisabled();
  });

  it('refuses a name already used, ignoring case and spaces', async () => {
    const { user } = renderDecks({});
    await screen.findAllByRole('listitem');
    await user.type(within(createForm()).getByLabelText(/Nombre del mazo/), '  fuego ETERNO ');
    expect(within(createForm()).getByText('Ya existe un mazo con este nombre')).toBeInTheDocument();
    expect(createButton()).toBeDisabled();
  });

  it('creates a deck with the trimmed name, description and chosen race, then clears the form', async () => {
    const create = vi.fn(() => ({ status: 201, body: deck(4, 'Olimpo', 'Faraon', false, 'Control') }));
    const { user, fetchMock } = renderDecks({ 'POST /api/decks': create });
    await screen.findAllByRole('listitem');
    const form = createForm();
    await user.type(within(form).getByLabelText(/Nombre del mazo/), ' Olimpo ');
    await user.type(within(form).getByLabelText('Descripción'), ' Control ');
    await user.click(within(form).getByRole('combobox', { name: 'Raza' }));
    await user.click(screen.getByRole('option', { name: 'Faraon' }));
    await user.click(createButton());
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        expect.objectContaining({ body: { name: 'Olimpo', raza: 'Faraon', description: 'Control' } }),
      ),
    );
    await waitFor(() => expect(within(form).getByLabelText(/Nombre del mazo/)).toHaveValue(''));
    expect(calls(fetchMock).filter((c) => c === 'GET /api/decks')).toHaveLength(2);
  });

  it('shows the server message when creating fails, else the SPEC fallback', async () => {
    const { user } = renderDecks({
      'POST /api/decks': [
        {
          status: 409,
          body: {
            success: false,
            error: 'Ya existe un mazo con este nombre',
            message: 'Ya existe un mazo con este nombre',
          },
        },
        { status: 500 },
      ],
    });
    await screen.findAllByRole('listitem');
    await user.type(within(createForm()).getByLabelText(/Nombre del mazo/), 'Nuevo');
    await user.click(createButton());
    expect(await within(createForm()).findByRole('alert')).toHaveTextContent(
      'Ya existe un mazo con este nombre',
    );
    await user.click(createButton());
    await waitFor(() =>
      expect(within(createForm()).getByRole('alert')).toHaveTextContent(
        'Error al crear el mazo. Por favor, inténtalo de nuevo.',
      ),
    );
  });

  it('edits a deck, allowing its own name but not another deck’s', async () => {
    const update = vi.fn(() => ({ body: deck(3, 'Sombras', 'Titan') }));
    const { user } = renderDecks({ 'PUT /api/decks/3': update });
    await user.click(await screen.findByRole('button', { name: 'Editar Sombras' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Mazo' });
    const name = within(dialog).getByLabelText(/Nombre del mazo/);
    expect(name).toHaveValue('Sombras');
    const save = within(dialog).getByRole('button', { name: 'Guardar' });
    expect(save).toBeEnabled();

    await user.clear(name);
    await user.type(name, 'MURALLA');
    expect(within(dialog).getByText('Ya existe un mazo con este nombre')).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.clear(name);
    await user.type(name, 'sombras ');
    await user.click(within(dialog).getByRole('combobox', { name: 'Raza' }));
    await user.click(screen.getByRole('option', { name: 'Titan' }));
    await user.click(save);
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        expect.objectContaining({ body: { name: 'sombras', raza: 'Titan', description: null } }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the update failure in the dialog', async () => {
    const { user } = renderDecks({ 'PUT /api/decks/3': { status: 500 } });
    await user.click(await screen.findByRole('button', { name: 'Editar Sombras' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Mazo' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error al actualizar el mazo. Por favor, inténtalo de nuevo.',
    );
  });

  it('asks for confirmation before deleting, naming the deck', async () => {
    const remove = vi.fn(() => ({ body: { success: true } }));
    const { user } = renderDecks({ 'DELETE /api/decks/3': remove });
    await user.click(await screen.findByRole('button', { name: 'Eliminar Sombras' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmar eliminación' });
    expect(dialog).toHaveAccessibleDescription(
      '¿Estás seguro de que quieres eliminar el mazo "Sombras"? Esta acción no se puede deshacer.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(remove).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Eliminar Sombras' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog open with the SPEC message when deleting fails', async () => {
    const { user } = renderDecks({ 'DELETE /api/decks/3': { status: 500 } });
    await user.click(await screen.findByRole('button', { name: 'Eliminar Sombras' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'Error al eliminar el mazo. Por favor, inténtalo de nuevo.',
    );
  });

  it('sets another deck as default, and says so when that fails', async () => {
    const setDefault = vi
      .fn()
      .mockReturnValueOnce({ body: deck(3, 'Sombras', 'Sombra', true) })
      .mockReturnValueOnce({ status: 500 });
    const { user } = renderDecks({
      'PUT /api/decks/3/default': setDefault,
      'PUT /api/decks/1/default': { status: 500 },
    });
    await user.click(await screen.findByRole('button', { name: 'Establecer por defecto: Sombras' }));
    await waitFor(() => expect(setDefault).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Establecer por defecto: Fuego Eterno' }));
    expect(
      await screen.findByText('Error al establecer el mazo por defecto. Por favor, inténtalo de nuevo.'),
    ).toBeInTheDocument();
  });

  it('shows a load error with Reintentar, which loads again', async () => {
    const { user } = renderDecks({ 'GET /api/decks': [{ status: 500 }, { body: DECKS }] });
    expect(await screen.findByText('Error: Error al cargar los mazos')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Muralla' })).toBeInTheDocument();
  });

  it('gives up loading the decks after 5 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The decks call never answers; only its own timeout can end it.
    mockFetch({}).mockImplementation((input: RequestInfo | URL, init: RequestInit = {}) =>
      String(input).endsWith('/api/auth/me')
        ? Promise.resolve(new Response(JSON.stringify(signedIn.body), { status: 200 }))
        : new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
    );
    renderRoutes(<DecksPage />, { path: '/decks' });
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(screen.queryByText('Error: Error al cargar los mazos')).toBeNull();
    // The failure reaches the screen through a few scheduled hops.
    for (let i = 0; i < 5; i++) await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByText('Error: Error al cargar los mazos')).toBeInTheDocument();
    vi.useRealTimers();
  });
});
