import { fireEvent, screen, within } from '@testing-library/react';

/**
 * Enters a day, written DD/MM/YYYY, in the DayField labelled `label`: through the picker's
 * hidden input, which takes a whole typed or pasted date at once. Waits for the picker, which
 * loads on its own (components/day-field).
 */
export async function enterDay(label: string | RegExp, ddmmyyyy: string, container?: HTMLElement) {
  const scope = container ? within(container) : screen;
  const group = await scope.findByRole('group', { name: label });
  const input = group.querySelector('input');
  if (!input) throw new Error(`No input in the day field ${String(label)}`);
  fireEvent.change(input, { target: { value: ddmmyyyy } });
}
