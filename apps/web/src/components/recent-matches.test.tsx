import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render } from '@testing-library/react';
import { makeMatch, stubWebSocket } from '../test/match-fixtures';
import { testQueryClient, AppProviders } from '../test/render';
import { RecentMatches, recentMatchesOf } from './recent-matches';

const mine = makeMatch({ id: 1 });
const pendingMine = makeMatch({
  id: 2,
  team2: [{ id: 8, username: 'beto', status: 'pending' }],
  approval_status: 'pending',
});
const createdByMe = makeMatch({
  id: 3,
  team1: [{ id: 20, username: 'caro' }],
  team2: [{ id: 21, username: 'dani' }],
  created_by: 7,
});
const notMine = makeMatch({
  id: 4,
  team1: [{ id: 20, username: 'caro' }],
  team2: [{ id: 21, username: 'dani' }],
  created_by: 20,
});

describe('recentMatchesOf', () => {
  it("keeps only the user's matches (played or created), optionally only fully approved, up to the limit", () => {
    const all = [mine, pendingMine, createdByMe, notMine];
    expect(recentMatchesOf(all, 7).map((m) => m.id)).toEqual([1, 2, 3]);
    expect(recentMatchesOf(all, 7, true).map((m) => m.id)).toEqual([1, 3]);
    expect(recentMatchesOf(all, 7, false, 1).map((m) => m.id)).toEqual([1]);
  });
});

describe('RecentMatches', () => {
  it('shows the SPEC empty text with a link to Mis Partidas', async () => {
    stubWebSocket();
    const router = createMemoryRouter([
      { path: '/', element: <RecentMatches matches={[notMine]} userId={7} /> },
    ]);
    render(
      <AppProviders queryClient={testQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(
      await screen.findByText('No has participado en ninguna partida o aún no fue aprobada'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver Mis Partidas' })).toHaveAttribute('href', '/my-matches');
  });
});
