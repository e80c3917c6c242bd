import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Helper = typeof import('./preload-helper');

/** A fresh copy of the helper (it remembers the files it asked for, as the page's one copy does). */
async function freshHelper(): Promise<Helper> {
  vi.resetModules();
  return import('./preload-helper');
}

const preloads = () =>
  Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')).map(
    (link) => new URL(link.href).pathname,
  );

const files = (count: number, prefix = 'screen') =>
  Array.from({ length: count }, (_, i) => `assets/${prefix}-${i}.js`);

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  document.head.innerHTML = '';
});

afterEach(async () => {
  // A test's copy of the helper may still have links to append: let it finish before the next.
  for (let i = 0; i < 5; i++) await nextTask();
});

describe('__vitePreload', () => {
  it('appends a few links at once and the rest in the tasks after, each file once', async () => {
    const { __vitePreload, LINKS_PER_TASK } = await freshHelper();
    const deps = files(LINKS_PER_TASK * 2 + 1);
    const loaded = __vitePreload(() => Promise.resolve('module'), [...deps, deps[0]!]);
    expect(preloads()).toEqual(deps.slice(0, LINKS_PER_TASK).map((d) => `/${d}`));
    await nextTask();
    expect(preloads()).toHaveLength(LINKS_PER_TASK * 2);
    await nextTask();
    expect(preloads()).toEqual(deps.map((d) => `/${d}`));
    await expect(loaded).resolves.toBe('module');
  });

  it('starts the import at once, without waiting for the links', async () => {
    const { __vitePreload, LINKS_PER_TASK } = await freshHelper();
    const load = vi.fn(() => Promise.resolve('module'));
    const loaded = __vitePreload(load, files(LINKS_PER_TASK * 3));
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
    expect(preloads()).toHaveLength(LINKS_PER_TASK);
    await loaded;
  });

  it('asks for no file the page lists already, nor one an earlier import asked for', async () => {
    const { __vitePreload } = await freshHelper();
    const listed = document.createElement('link');
    listed.rel = 'modulepreload';
    listed.href = '/assets/react.js';
    document.head.append(listed);
    await __vitePreload(() => Promise.resolve(1), ['assets/react.js', 'assets/home.js']);
    await __vitePreload(() => Promise.resolve(2), ['assets/home.js', 'assets/decks.js']);
    // The second import's link waits for the task after the first one's.
    await nextTask();
    expect(preloads()).toEqual(['/assets/react.js', '/assets/home.js', '/assets/decks.js']);
  });

  it('keeps one queue for imports asked for together', async () => {
    const { __vitePreload, LINKS_PER_TASK } = await freshHelper();
    void __vitePreload(() => Promise.resolve(1), files(LINKS_PER_TASK, 'a'));
    void __vitePreload(() => Promise.resolve(2), files(LINKS_PER_TASK, 'b'));
    // The first import's links are in; the second's wait for the next task.
    expect(preloads()).toHaveLength(LINKS_PER_TASK);
    await nextTask();
    expect(preloads()).toHaveLength(LINKS_PER_TASK * 2);
  });

  it('waits for a style sheet before the import', async () => {
    const { __vitePreload } = await freshHelper();
    const load = vi.fn(() => Promise.resolve('module'));
    const loaded = __vitePreload(load, ['assets/screen.css', 'assets/screen.js']);
    const sheet = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')!;
    expect(new URL(sheet.href).pathname).toBe('/assets/screen.css');
    await nextTask();
    expect(load).not.toHaveBeenCalled();
    sheet.dispatchEvent(new Event('load'));
    await expect(loaded).resolves.toBe('module');
  });

  it('tells a failed import as vite:preloadError and throws it, unless a listener takes it', async () => {
    const { __vitePreload } = await freshHelper();
    const failure = new Error('Failed to fetch dynamically imported module');
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push((event as Event & { payload?: unknown }).payload);
    window.addEventListener('vite:preloadError', listener);
    try {
      await expect(__vitePreload(() => Promise.reject(failure), ['assets/x.js'])).rejects.toBe(failure);
      expect(seen).toEqual([failure]);

      const take = (event: Event) => event.preventDefault();
      window.addEventListener('vite:preloadError', take);
      await expect(__vitePreload(() => Promise.reject(failure), [])).resolves.toBeUndefined();
      window.removeEventListener('vite:preloadError', take);
    } finally {
      window.removeEventListener('vite:preloadError', listener);
    }
  });

  it('tells a style sheet that failed to load, and does not import', async () => {
    const { __vitePreload } = await freshHelper();
    const load = vi.fn(() => Promise.resolve('module'));
    const loaded = __vitePreload(load, ['assets/broken.css']);
    document.head.querySelector('link[rel="stylesheet"]')!.dispatchEvent(new Event('error'));
    await expect(loaded).rejects.toThrow('Unable to preload CSS for');
    expect(load).not.toHaveBeenCalled();
  });
});
