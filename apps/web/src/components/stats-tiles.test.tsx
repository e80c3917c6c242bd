import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { StatsTiles } from './stats-tiles';

function tile(label: string) {
  return screen.getByText(label).parentElement!;
}

describe('StatsTiles', () => {
  it('shows every statistic with the approval health label', () => {
    render(
      <StatsTiles
        stats={{ matches: 10, wins: 7, losses: 3, winRate: 70, approvalRate: 75, approvalHealth: 'Regular' }}
      />,
    );
    expect(within(tile('Partidas')).getByText('10')).toBeInTheDocument();
    expect(within(tile('Victorias')).getByText('7')).toBeInTheDocument();
    expect(within(tile('Derrotas')).getByText('3')).toBeInTheDocument();
    expect(within(tile('Porcentaje de victorias')).getByText('70%')).toBeInTheDocument();
    expect(within(tile('Tasa de aprobación')).getByText('75%')).toBeInTheDocument();
    expect(within(tile('Tasa de aprobación')).getByText('Regular')).toBeInTheDocument();
    expect(within(tile('Mitos Rating')).getByText('Coming Soon')).toBeInTheDocument();
  });

  it('shows placeholders while loading, but Mitos Rating right away', () => {
    render(<StatsTiles stats={undefined} loading />);
    expect(screen.queryByText('%')).toBeNull();
    expect(screen.getByText('Coming Soon')).toBeInTheDocument();
    expect(screen.getByLabelText('Estadísticas')).toHaveAttribute('aria-busy', 'true');
  });
});
