import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RACES } from '@mitos/domain/constants';
import { RaceChip } from './race-chip';

describe('RaceChip', () => {
  it('gives each of the 12 races its own icon', () => {
    const icons = RACES.map((raza) => {
      const { container, unmount } = render(<RaceChip raza={raza} />);
      expect(screen.getByText(raza)).toBeInTheDocument();
      const svg = container.querySelector(`[data-testid="race-icon-${raza}"]`);
      expect(svg).not.toBeNull();
      const path = svg!.innerHTML;
      unmount();
      return path;
    });
    expect(new Set(icons).size).toBe(RACES.length);
  });

  it('shows an unknown race as a chip with its text and no icon', () => {
    const { container } = render(<RaceChip raza="Vampiro" />);
    expect(screen.getByText('Vampiro')).toBeInTheDocument();
    expect(container.querySelector('svg')).toBeNull();
  });

  it('falls back to Desconocida without a race', () => {
    const { container } = render(<RaceChip raza={null} />);
    expect(screen.getByText('Desconocida')).toBeInTheDocument();
    expect(container.querySelector('svg')).toBeNull();
  });

  it('does not treat inherited object keys as races', () => {
    const { container } = render(<RaceChip raza="constructor" />);
    expect(screen.getByText('constructor')).toBeInTheDocument();
    expect(container.querySelector('svg')).toBeNull();
  });

  it('draws every race in its own colour on chips of one shared class', () => {
    const chips = ['Defensor', 'Faerie', 'Heroe'].map((raza) => {
      const { container, unmount } = render(<RaceChip raza={raza} />);
      const chip = container.firstElementChild as HTMLElement;
      const look = { className: chip.className, border: chip.style.borderColor };
      unmount();
      return look;
    });
    expect(new Set(chips.map((c) => c.className)).size).toBe(1);
    expect(chips.map((c) => c.border)).toEqual([
      'rgba(79, 140, 255, 0.5)',
      'rgba(181, 124, 255, 0.5)',
      'rgba(255, 155, 61, 0.5)',
    ]);
  });
});
