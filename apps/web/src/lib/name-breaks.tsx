import { Fragment, type ReactNode } from 'react';

/**
 * A username (or a list of them) with a place to wrap after each `_`, `.` and `-`: in a narrow
 * column "cami_martinez" wraps as "cami_ / martinez", not "cami_martin / ez". A name wraps
 * elsewhere only where it has no such place and still does not fit (`overflow-wrap`).
 */
export function withNameBreaks(text: string): ReactNode {
  // No look-behind in a pattern: older Safari versions refuse the module that has one.
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length - 1; i++) {
    if ('_.-'.includes(text[i]!)) {
      parts.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (parts.length === 0) return text;
  parts.push(text.slice(start));
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && <wbr />}
    </Fragment>
  ));
}
