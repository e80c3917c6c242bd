import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { TRatingLine } from '@mitos/domain/player-statistics';
import { StatsTiles } from './stats-tiles';

const STATS = {
  matches: 10,
  wins: 7,
  losses: 3,
  winRate: 70,
  approvalRate: 75,
  approvalHealth: 'Regular' as const,
};
const line = (over: Partial<TRatingLine> = {}): TRatingLine => ({
  rating: 1084,
  mu: 28.1,
  sigma: 5.2,
  matches: 4,
  provisional: true,
  ...over,
});

function tile(label: string) {
  return screen.getByText(label).parentElement!;
}

describe('StatsTiles', () => {
  it('shows every statistic with the approval health label, and the Mitos Rating', () => {
    render(<StatsTiles stats={STATS} rating={line({ matches: 12, provisional: false })} />);
    expect(within(tile('Partidas')).getByText('10')).toBeInTheDocument();
    expect(within(tile('Victorias')).getByText('7')).toBeInTheDocument();
    expect(within(tile('Derrotas')).getByText('3')).toBeInTheDocument();
    expect(within(tile('Porcentaje de victorias')).getByText('70%')).toBeInTheDocument();
    expect(within(tile('Tasa de aprobación')).getByText('75%')).toBeInTheDocument();
    expect(within(tile('Tasa de aprobación')).getByText('Regular')).toBeInTheDocument();
    expect(within(tile('Mitos Rating')).getByText('1084')).toBeInTheDocument();
    expect(within(tile('Mitos Rating')).queryByText('Provisional')).not.toBeInTheDocument();
    expect(screen.queryByText('Coming Soon')).not.toBeInTheDocument();
  });

  it('marks a young rating Provisional', () => {
    render(<StatsTiles stats={STATS} rating={line()} />);
    expect(within(tile('Mitos Rating')).getByText('1084')).toBeInTheDocument();
    expect(within(tile('Mitos Rating')).getByText('Provisional')).toBeInTheDocument();
  });

  it('says Sin partidas before the first rated match, and No disponible when it cannot be read', () => {
    const { rerender } = render(<StatsTiles stats={STATS} rating={null} />);
    expect(within(tile('Mitos Rating')).getByText('Sin partidas')).toBeInTheDocument();
    rerender(<StatsTiles stats={STATS} rating={undefined} ratingFailed />);
    expect(within(tile('Mitos Rating')).getByText('No disponible')).toBeInTheDocument();
  });

  it('shows placeholders while loading, the rating included', () => {
    render(<StatsTiles stats={undefined} loading />);
    expect(screen.queryByText('%')).toBeNull();
    expect(within(tile('Mitos Rating')).queryByText(/\d/)).toBeNull();
    expect(within(tile('Mitos Rating')).queryByText('Sin partidas')).toBeNull();
    expect(screen.getByLabelText('Estadísticas')).toHaveAttribute('aria-busy', 'true');
  });
});
