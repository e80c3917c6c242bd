import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useFocusAfterPaint } from './focus-after-paint';

function Form({ withFocus = true }: { withFocus?: boolean }) {
  const first = useFocusAfterPaint<HTMLInputElement>();
  return (
    <form>
      <label>
        Email
        <input ref={withFocus ? first : undefined} />
      </label>
      <label>
        Contraseña
        <input type="password" />
      </label>
    </form>
  );
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

describe('useFocusAfterPaint', () => {
  it('focuses the field after the first frame, not while the screen commits', async () => {
    render(<Form />);
    const email = screen.getByLabelText('Email');
    expect(email).not.toHaveFocus();
    await waitFor(() => expect(email).toHaveFocus());
  });

  it('leaves the focus where the user put it meanwhile', async () => {
    render(<Form />);
    const password = screen.getByLabelText('Contraseña');
    act(() => password.focus());
    await act(nextFrame);
    await act(nextFrame);
    expect(password).toHaveFocus();
    expect(screen.getByLabelText('Email')).not.toHaveFocus();
  });

  it('does nothing once the screen has gone before its frame', async () => {
    const { unmount } = render(<Form />);
    const email = screen.getByLabelText('Email');
    unmount();
    await act(nextFrame);
    expect(email).not.toHaveFocus();
    expect(document.activeElement).toBe(document.body);
  });
});
