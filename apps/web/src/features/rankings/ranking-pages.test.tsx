import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { rankingRoutes } from './routes';

/** Screens load lazily; the first import of a test run can take a while on a busy machine. */
const LAZY = { timeout: 5000 };

async function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/torneos', children: rankingRoutes }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('rankings and stores', () => {
  it('offers Ranking General and Ranking por Tienda on the hub', async () => {
    await renderAt('/torneos');
    expect(await screen.findByRole('link', { name: /Ranking General/ }, LAZY)).toHaveAttribute(
      'href',
      '/torneos/general',
    );
    expect(screen.getByRole('link', { name: /Ranking por Tienda/ })).toHaveAttribute(
      'href',
      '/torneos/tiendas',
    );
  });

  it('shows the season ranking of all 15 players without a store column', async () => {
    await renderAt('/torneos/general');
    expect(await screen.findByText('Temporada Actual', {}, LAZY)).toBeInTheDocument();
    expect(
      screen.getByText('Ranking actualizado con los resultados de todos los torneos de la temporada'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Ranking General' });
    expect(within(table).getAllByRole('row')).toHaveLength(16);
    expect(within(table).queryByRole('columnheader', { name: 'Tienda' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/torneos');
  });

  it('lists the four stores, each linking to its page', async () => {
    await renderAt('/torneos/tiendas');
    expect(await screen.findByRole('link', { name: /La Cripta del Mito/ }, LAZY)).toHaveAttribute(
      'href',
      '/torneos/tiendas/2',
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });

  it('shows a store with its logo, location, Ver Partidas and season ranking', async () => {
    await renderAt('/torneos/tiendas/4');
    expect(await screen.findByRole('img', { name: 'Logo de El Bastión TCG' }, LAZY)).toBeInTheDocument();
    expect(screen.getByText(/San Telmo, Buenos Aires/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver Partidas' })).toHaveAttribute(
      'href',
      '/torneos/tiendas/4/resultados',
    );
    const table = screen.getByRole('table', { name: 'Ranking de la Temporada' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
  });

  it('shows store results with teams, scores and VS, latest first', async () => {
    await renderAt('/torneos/tiendas/1/resultados');
    expect(
      await screen.findByRole('heading', { name: 'Partidas - Dragón Dorado Games' }, LAZY),
    ).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(items[0]!).getByText('Nicolás Romero')).toBeInTheDocument();
    expect(within(items[0]!).getByText('VS')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Lautaro Gómez, Joaquín Ruiz')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/torneos/tiendas/1');
  });

  it('says so for an unknown store', async () => {
    await renderAt('/torneos/tiendas/99');
    expect(await screen.findByText('Tienda no encontrada', {}, LAZY)).toBeInTheDocument();
  });
});
