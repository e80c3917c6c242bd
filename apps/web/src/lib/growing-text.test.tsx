import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { GrowingTextField } from './growing-text';

function Field({ native }: { native: boolean }) {
  const [value, setValue] = useState('');
  return (
    <GrowingTextField
      label="Descripción"
      value={value}
      onChange={(e) => setValue(e.target.value)}
      minRows={2}
      maxRows={6}
      nativeFieldSizing={native}
      slotProps={{ htmlInput: { maxLength: 20 } }}
    />
  );
}

describe('GrowingTextField', () => {
  it('is one plain text area where the browser grows it: no hidden copy to measure', async () => {
    const { container } = render(<Field native />);
    const area = screen.getByRole('textbox', { name: 'Descripción' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(area).toHaveAttribute('rows', '2');
    expect(area).not.toHaveAttribute('type');
    // The field's own input props still reach the text area.
    expect(area).toHaveAttribute('maxlength', '20');
    expect(container.querySelectorAll('textarea')).toHaveLength(1);
    await userEvent.type(area, 'Mazo de dragones');
    expect(area).toHaveValue('Mazo de dragones');
  });

  it("is MUI's autosize where the browser cannot", () => {
    const { container } = render(<Field native={false} />);
    const area = screen.getByRole('textbox', { name: 'Descripción' });
    expect(area).toHaveAttribute('maxlength', '20');
    // The visible one, and the hidden copy it measures.
    expect(container.querySelectorAll('textarea')).toHaveLength(2);
  });
});
