import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, type MockHandler } from '../test/fetch-mock';
import { renderRoutes } from '../test/render';
import { PlayerSearch } from './player-search';

const USERS = [
  { id: 7, username: 'lucia' },
  { id: 8, username: 'beto' },
];

const search: MockHandler = ({ url }) => {
  const q = (url.searchParams.get('q') ?? '').replace(/^@/, '').toLowerCase();
  return { body: USERS.filter((u) => u.username.includes(q) || String(u.id) === q) };
};

/** Counts every read of an element's width (MUI's Autocomplete sizes its results list with it). */
function widthReads() {
  return vi.spyOn(Element.prototype, 'clientWidth', 'get');
}

function renderSearch(onSelect = vi.fn()) {
  mockFetch({ 'GET /api/users/search': search });
  renderRoutes(
    <>
      <button type="button">Antes</button>
      <PlayerSearch label="Buscar jugador" onSelect={onSelect} />
    </>,
  );
  return onSelect;
}

const field = () => screen.getByRole('combobox', { name: 'Buscar jugador' });

afterEach(() => vi.restoreAllMocks());

describe('PlayerSearch', () => {
  it('reads no layout while the screen is drawn, only once the player uses it', async () => {
    const reads = widthReads();
    renderSearch();
    expect(field()).toBeInTheDocument();
    // The screen's later tasks: MUI would render again with the field's box and read its width.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).not.toHaveBeenCalled();

    await userEvent.click(field());
    await waitFor(() => expect(reads).toHaveBeenCalled());
  });

  it('finds a player by name with a tap and hands the choice over, clearing the field', async () => {
    const onSelect = renderSearch();
    await userEvent.click(field());
    await userEvent.type(field(), 'luc');
    await userEvent.click(await screen.findByRole('option', { name: /lucia/ }));
    expect(onSelect).toHaveBeenCalledWith({ id: 7, username: 'lucia' });
    expect(field()).toHaveValue('');
  });

  it('works from the keyboard alone: Tab into it, type an id, arrow down and Enter', async () => {
    const onSelect = renderSearch();
    await userEvent.click(screen.getByRole('button', { name: 'Antes' }));
    await userEvent.tab();
    expect(field()).toHaveFocus();
    await userEvent.type(field(), '8');
    expect(await screen.findByRole('option', { name: /beto/ })).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledWith({ id: 8, username: 'beto' });
  });

  it('says so when no player matches', async () => {
    renderSearch();
    await userEvent.click(field());
    await userEvent.type(field(), 'zzz');
    expect(await screen.findByText('No se encontraron jugadores')).toBeInTheDocument();
  });
});
