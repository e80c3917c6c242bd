import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MSG } from '@mitos/domain/messages';
import { ConnectionBanner } from './connection-notices';

describe('ConnectionBanner', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says nothing while the live connection is up', () => {
    render(<ConnectionBanner online live />);
    expect(screen.queryByText(MSG.liveConnectionDown)).toBeNull();
  });

  it('tells the player once the live connection stays down, and can be dismissed', () => {
    vi.useFakeTimers();
    render(<ConnectionBanner online live={false} delayMs={5000} />);
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByText(MSG.liveConnectionDown)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('Sin conexión en vivo — reintentando…');
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar aviso' }));
    expect(screen.queryByText(MSG.liveConnectionDown)).toBeNull();
  });

  it('does not show a drop that heals within the delay, and starts over after a reconnect', () => {
    vi.useFakeTimers();
    const { rerender } = render(<ConnectionBanner online live={false} delayMs={5000} />);
    act(() => vi.advanceTimersByTime(3000));
    rerender(<ConnectionBanner online live delayMs={5000} />);
    rerender(<ConnectionBanner online live={false} delayMs={5000} />);
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText(MSG.liveConnectionDown)).toBeNull();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText(MSG.liveConnectionDown)).toBeInTheDocument();
  });

  it('shows the offline banner at once while the browser is offline', () => {
    render(<ConnectionBanner online={false} live={false} />);
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.offline);
    expect(screen.queryByText(MSG.liveConnectionDown)).toBeNull();
  });
});
