import { useEffect, useRef, type RefObject } from 'react';

/**
 * A form's first field, focused once the screen has painted rather than by `autoFocus`. React
 * focuses an `autoFocus` field while it commits the screen: the browser lays the page out there
 * and then, in the field's focus event, MUI draws the field again, all in the commit's task, the
 * longest of a first visit to /login (20 of its 72 ms unthrottled on the bench's machine). A
 * frame later, each runs in a task of its own (docs/decisions/047).
 *
 * A field the user has moved to meanwhile (a tap on the password) keeps the focus.
 */
export function useFocusAfterPaint<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      // After the frame's paint: a timer set in requestAnimationFrame runs once the frame is drawn.
      timer = setTimeout(() => {
        const active = document.activeElement;
        if (active === null || active === document.body) ref.current?.focus();
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return ref;
}
