import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import * as MSG from '@mitos/domain/message-texts';
import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { ConnectionBanner, waitsWithoutData } from './connection-notices';

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

  it('says offline that the screen was never kept here when it waits for data it never had', () => {
    const { rerender } = render(<ConnectionBanner online={false} live={false} notSaved />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Sin conexión/);
    expect(screen.getByRole('status')).toHaveTextContent(MSG.offlineNotSaved);
    rerender(<ConnectionBanner online live notSaved />);
    expect(screen.queryByText(MSG.offlineNotSaved)).toBeNull();
  });
});

describe('waitsWithoutData', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('is true offline for a screen’s load paused without data, false once data is there or nobody looks', () => {
    onlineManager.setOnline(false);
    const client = new QueryClient();
    const observer = new QueryObserver(client, { queryKey: ['decks'], queryFn: () => Promise.resolve([1]) });
    expect(waitsWithoutData(client.getQueryCache())).toBe(false);
    const stop = observer.subscribe(() => {});
    expect(waitsWithoutData(client.getQueryCache())).toBe(true);
    client.setQueryData(['decks'], [2]);
    expect(waitsWithoutData(client.getQueryCache())).toBe(false);
    stop();
    client.clear();
  });
});
