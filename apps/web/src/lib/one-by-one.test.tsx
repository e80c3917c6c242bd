import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OneByOne } from './one-by-one';

function Parts({ names }: { names: string[] }) {
  return (
    <>
      <p>Arriba</p>
      {names.map((name) => (
        <OneByOne key={name}>
          <p>{name}</p>
        </OneByOne>
      ))}
    </>
  );
}

const shown = () => screen.queryAllByText(/^Parte /).map((p) => p.textContent);

/** Runs the timers due now (each part's turn is a timer of 0 ms) and what React does after. */
const nextTask = () => act(() => vi.advanceTimersToNextTimer());

describe('OneByOne', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    // The queue is the module's: every part leaves it, and its last timer runs, before the next test.
    cleanup();
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
  });

  it('draws nothing of its parts at first, then one part per task, in the page order', async () => {
    render(<Parts names={['Parte 1', 'Parte 2', 'Parte 3']} />);
    expect(screen.getByText('Arriba')).toBeInTheDocument();
    expect(shown()).toEqual([]);
    await nextTask();
    expect(shown()).toEqual(['Parte 1']);
    await nextTask();
    expect(shown()).toEqual(['Parte 1', 'Parte 2']);
    await nextTask();
    expect(shown()).toEqual(['Parte 1', 'Parte 2', 'Parte 3']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('has one part on its way at a time', async () => {
    render(<Parts names={['Parte 1', 'Parte 2']} />);
    // One timer at a time: the second part's is set after the first part is drawn.
    expect(vi.getTimerCount()).toBe(1);
    await nextTask();
    expect(shown()).toEqual(['Parte 1']);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('goes on when a waiting part leaves the page before its turn', async () => {
    const { rerender } = render(<Parts names={['Parte 1', 'Parte 2', 'Parte 3']} />);
    rerender(<Parts names={['Parte 1', 'Parte 3']} />);
    await nextTask();
    await nextTask();
    expect(shown()).toEqual(['Parte 1', 'Parte 3']);
  });

  it('goes on when a part leaves the page after it was let go but before it was drawn', async () => {
    const { rerender } = render(<Parts names={['Parte 1', 'Parte 2']} />);
    await act(async () => {
      vi.advanceTimersToNextTimer();
      rerender(<Parts names={['Parte 2']} />);
    });
    expect(shown()).toEqual([]);
    await nextTask();
    expect(shown()).toEqual(['Parte 2']);
  });

  it('draws the parts of a screen drawn later after those of the first', async () => {
    const { rerender } = render(<Parts names={['Parte 1']} />);
    rerender(<Parts names={['Parte 1', 'Parte 2']} />);
    await nextTask();
    await nextTask();
    expect(shown()).toEqual(['Parte 1', 'Parte 2']);
  });
});
