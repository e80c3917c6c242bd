import { Profiler, type ReactElement, type ReactNode } from 'react';

/**
 * What the page looked like after React's commits: `look()` is read in every commit a Profiler
 * around `children` reports (its onRender, after the commit's changes to the page), the ones act()
 * runs one after the other before a test looks at the page again included. It may not report the
 * commit of a deferred value whose render began below it while nothing else rendered again
 * (session 40): a test reads the page's last state from the page itself.
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
