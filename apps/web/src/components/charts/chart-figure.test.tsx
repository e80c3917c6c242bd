import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChartFigure, CHART_MARGIN_PX } from './chart-figure';

/** An IntersectionObserver the test drives: `enter()` says the observed place came near. */
function fakeObserver() {
  const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
  const observed: Element[] = [];
  class Fake {
    constructor(
      readonly callback: IntersectionObserverCallback,
      readonly options?: IntersectionObserverInit,
    ) {
      observers.push({ callback, options });
    }
    observe(node: Element) {
      observed.push(node);
    }
    disconnect() {}
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', Fake);
  return {
    observers,
    observed,
    enter: () =>
      act(() => {
        for (const o of observers)
          o.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
      }),
  };
}

const figure = () => (
  <ChartFigure
    title="Forma"
    chart={<svg data-testid="drawn" />}
    table={
      <table aria-label="Forma">
        <tbody>
          <tr>
            <td>3 victorias</td>
          </tr>
        </tbody>
      </table>
    }
  />
);

describe('ChartFigure', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('draws the chart only once its place nears the viewport; the table is there from the start', () => {
    const io = fakeObserver();
    render(figure());
    const chart = screen.getByTestId('chart');
    expect(within(chart).queryByTestId('drawn')).toBeNull();
    expect(screen.getByText('3 victorias')).toBeInTheDocument();
    expect(io.observers[0]?.options?.rootMargin).toBe(`${CHART_MARGIN_PX}px 0px`);
    io.enter();
    expect(within(screen.getByTestId('chart')).getByTestId('drawn')).toBeInTheDocument();
  });

  it('draws the chart when its place comes near after the table was shown and hidden again', async () => {
    const io = fakeObserver();
    const user = userEvent.setup();
    render(figure());
    await user.click(screen.getByRole('button', { name: 'Ver tabla de Forma' }));
    await user.click(screen.getByRole('button', { name: 'Ver gráfico de Forma' }));
    expect(within(screen.getByTestId('chart')).queryByTestId('drawn')).toBeNull();
    io.enter();
    expect(within(screen.getByTestId('chart')).getByTestId('drawn')).toBeInTheDocument();
    expect(io.observed.every((node) => node.isConnected)).toBe(true);
  });

  it('draws the chart at once where the browser cannot tell (no IntersectionObserver)', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(figure());
    expect(within(screen.getByTestId('chart')).getByTestId('drawn')).toBeInTheDocument();
  });
});
