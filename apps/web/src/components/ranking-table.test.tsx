import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { podiumTint, RankingTable, type RankingRow } from './ranking-table';

const rows: RankingRow[] = ['ana', 'beto', 'caro', 'dani'].map((name, i) => ({
  id: i + 1,
  name,
  code: `TOR00${i + 1}`,
  store: 'Torre de Cartas',
  matches: 10 - i,
  wins: 8 - i,
  points: 1000 - i * 100,
}));

describe('podiumTint', () => {
  it('tints first, second and third gold, silver and bronze, and nobody else', () => {
    expect([1, 2, 3, 4, 0].map(podiumTint)).toEqual(['gold', 'silver', 'bronze', null, null]);
  });
});

describe('RankingTable', () => {
  it('has the columns #, Jugador, Partidas, Victorias, Puntos and no Tienda by default', () => {
    render(<RankingTable label="Ranking" rows={rows} />);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['#', 'Jugador', 'Partidas', 'Victorias', 'Puntos']);
    expect(screen.queryByText('Torre de Cartas')).not.toBeInTheDocument();
  });

  it('adds the Tienda column on request', () => {
    render(<RankingTable label="Ranking" rows={rows} showStore />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Tienda');
    expect(screen.getAllByText('Torre de Cartas')).toHaveLength(4);
  });

  it('numbers rows in order, tints and crowns the top three', () => {
    render(<RankingTable label="Ranking" rows={rows} />);
    const bodyRows = within(screen.getByRole('table', { name: 'Ranking' }))
      .getAllByRole('row')
      .slice(1);
    expect(bodyRows.map((r) => r.getAttribute('data-tint'))).toEqual(['gold', 'silver', 'bronze', null]);
    expect(bodyRows.map((r) => within(r).queryByTestId('EmojiEventsIcon') !== null)).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(within(bodyRows[3]!).getByText('4')).toBeInTheDocument();
  });

  it('shows the avatar initial, the name and the code under it, and the numbers', () => {
    render(<RankingTable label="Ranking" rows={rows.slice(0, 1)} />);
    const row = screen.getAllByRole('row')[1]!;
    expect(within(row).getByText('A')).toBeInTheDocument();
    expect(within(row).getByText('ana')).toBeInTheDocument();
    expect(within(row).getByText('TOR001')).toBeInTheDocument();
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(2),
    ).toEqual(['10', '8', '1000']);
  });

  it('numbers a later page from the server positions and tints only the real top three', () => {
    const page2 = rows.map((r, i) => ({ ...r, position: 51 + i }));
    render(<RankingTable label="Ranking" rows={page2} />);
    const bodyRows = screen.getAllByRole('row').slice(1);
    expect(bodyRows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      '51',
      '52',
      '53',
      '54',
    ]);
    expect(bodyRows.map((r) => r.getAttribute('data-tint'))).toEqual([null, null, null, null]);
  });

  it('shows the rank name next to the code', () => {
    render(<RankingTable label="Ranking" rows={[{ ...rows[0]!, rank: 'Cría de Dragón' }]} />);
    const row = screen.getAllByRole('row')[1]!;
    expect(within(row).getByText('TOR001')).toBeInTheDocument();
    expect(within(row).getByText('Cría de Dragón')).toBeInTheDocument();
  });
});
