import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { enterDay } from '../test/day-field';
import { DayField } from './day-field';

// The picker's module (MUI's date picker and its Spanish texts) loads only when this test lets it.
const picker = await vi.hoisted(async () => (await import('../test/module-gate')).moduleGate());
vi.mock('./day-picker-field', (importOriginal) => picker.hold(importOriginal));

function Form() {
  const [day, setDay] = useState('2026-11-20');
  return (
    <form aria-label="Resultado">
      <label>
        Ronda <input name="round" />
      </label>
      <DayField label="Fecha" value={day} onChange={setDay} required />
      <output aria-label="Día elegido">{day}</output>
    </form>
  );
}

describe('DayField', () => {
  it('draws the rest of the form before the picker has loaded, with a placeholder naming the field', async () => {
    render(<Form />);
    const form = screen.getByRole('form', { name: 'Resultado' });
    expect(within(form).getByLabelText('Ronda')).toBeInTheDocument();
    expect(within(form).getByRole('progressbar', { name: 'Cargando Fecha' })).toBeInTheDocument();
    expect(within(form).queryByRole('group', { name: /Fecha/ })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(picker.loaded).toBe(true));

    picker.open();
    const field = await within(form).findByRole('group', { name: /Fecha/ });
    expect(within(form).queryByRole('progressbar')).not.toBeInTheDocument();
    // The picker shows the form's value and gives back what is typed, as a YYYY-MM-DD day.
    expect(field.querySelector('input')).toHaveValue('20/11/2026');
    await enterDay(/Fecha/, '06/03/2027', form);
    expect(screen.getByRole('status', { name: 'Día elegido' })).toHaveTextContent('2027-03-06');
  });
});
