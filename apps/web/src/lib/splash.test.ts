import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideSplash } from './splash';

function addSplash() {
  const el = document.createElement('div');
  el.id = 'splash';
  document.body.append(el);
  return el;
}

describe('hideSplash', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.getElementById('splash')?.remove();
  });

  it('keeps the splash until 1 s after the page started, then removes it', () => {
    vi.useFakeTimers();
    const splash = addSplash();
    hideSplash(document, 300);
    vi.advanceTimersByTime(699);
    expect(splash).not.toHaveClass('splash--hidden');
    vi.advanceTimersByTime(1);
    expect(splash).toHaveClass('splash--hidden');
    vi.advanceTimersByTime(200);
    expect(document.getElementById('splash')).toBeNull();
  });

  it('hides at once when the app took longer than 1 s to render', () => {
    vi.useFakeTimers();
    const splash = addSplash();
    hideSplash(document, 2500);
    vi.advanceTimersByTime(0);
    expect(splash).toHaveClass('splash--hidden');
  });
});
