import { Profiler, type ReactElement, type ReactNode } from 'react';

/**
 * What the page looked like after each of React's commits: `look()` is read in every commit of
 * `children` (a Profiler's onRender, after the commit's changes to the page), the ones act() runs
 * one after the other before a test looks at the page again included.
 */
export function recordCommits<T>(look: () => T): { element(children: ReactNode): ReactElement; seen: T[] } {
  const seen: T[] = [];
  return {
    seen,
    element: (children) => (
      <Profiler id="recorded" onRender={() => seen.push(look())}>
        {children}
      </Profiler>
    ),
  };
}

/** The tab selected, and the panel shown: its label's id and whether it is busy. */
export function tabsLook(): string {
  const selected = document.querySelector('[role="tab"][aria-selected="true"]')?.textContent ?? '-';
  const panel = document.querySelector('[role="tabpanel"]');
  return `${selected} | ${panel?.getAttribute('aria-labelledby') ?? '-'}${panel?.getAttribute('aria-busy') === 'true' ? ' busy' : ''}`;
}
