import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { useDrawnData } from './drawn-data';

describe('useDrawnData', () => {
  it('draws a new answer in a later render, not current until then, and current once drawn', () => {
    const seen: { drawn: string | undefined; current: boolean }[] = [];
    function Probe({ data }: { data: string | undefined }) {
      seen.push(useDrawnData(data));
      return null;
    }
    const { rerender } = render(<Probe data={undefined} />);
    expect(seen).toEqual([{ drawn: undefined, current: true }]);
    seen.length = 0;
    act(() => rerender(<Probe data="partidas" />));
    // The query's update renders with what was drawn before; the answer follows in a transition.
    expect(seen[0]).toEqual({ drawn: undefined, current: false });
    expect(seen.at(-1)).toEqual({ drawn: 'partidas', current: true });
  });
});
