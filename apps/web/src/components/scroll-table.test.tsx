import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { ScrollTable } from './scroll-table';

/** A ResizeObserver whose reports the test sends, as the browser does after a layout. */
function stubResizeObserver() {
  const observers: { report: () => void; targets: Element[] }[] = [];
  class FakeResizeObserver {
    private readonly entry: { report: () => void; targets: Element[] };
    constructor(callback: () => void) {
      this.entry = { report: callback, targets: [] };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    disconnect() {}
  }
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  return observers;
}

/** A box 300 px wide holding 500 px of table; counts the reads of its scroll width (a layout). */
function wideBoxes() {
  let reads = 0;
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(() => {
    reads += 1;
    return 500;
  });
  return { reads: () => reads };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ScrollTable', () => {
  it('measures itself on its ResizeObserver’s first report, not while the page is being drawn', () => {
    const observers = stubResizeObserver();
    const boxes = wideBoxes();
    render(
      <ScrollTable label="Ranking">
        <table>
          <tbody>
            <tr>
              <td>lucia</td>
            </tr>
          </tbody>
        </table>
      </ScrollTable>,
    );
    // Reading the scroll width in the effect would lay the whole page out there and then.
    expect(boxes.reads()).toBe(0);
    expect(observers).toHaveLength(1);
    expect(observers[0]!.targets).toHaveLength(2);

    act(() => observers[0]!.report());
    expect(boxes.reads()).toBeGreaterThan(0);
    expect(screen.getByTestId('scroll-fade')).toBeInTheDocument();
    expect(screen.getByText('Desliza la tabla para ver más columnas →')).toBeInTheDocument();
  });

  it('measures at once where there is no ResizeObserver', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    wideBoxes();
    render(
      <ScrollTable label="Ranking">
        <table />
      </ScrollTable>,
    );
    expect(screen.getByTestId('scroll-fade')).toBeInTheDocument();
  });
});
