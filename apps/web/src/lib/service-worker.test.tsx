import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import * as MSG from '@mitos/domain/message-texts';

const worker = vi.hoisted(() => ({
  listeners: new Map<string, () => void>(),
  registered: vi.fn(),
  skipWaiting: vi.fn(),
}));
vi.mock('workbox-window', () => ({
  Workbox: class {
    constructor(readonly url: string) {}
    addEventListener(type: string, listener: () => void) {
      worker.listeners.set(type, listener);
    }
    register() {
      worker.registered(this.url);
      return Promise.resolve();
    }
    messageSkipWaiting() {
      worker.skipWaiting();
    }
  },
}));
const toasts = vi.hoisted(() => [] as { message: unknown; options: Record<string, unknown> }[]);
vi.mock('./snackbar', () => ({
  enqueueSnackbar: (message: unknown, options: Record<string, unknown>) => toasts.push({ message, options }),
}));

const { registerServiceWorker } = await import('./service-worker');

describe('registerServiceWorker', () => {
  it('registers /sw.js, offers Actualizar when a new version waits, and reloads once it took over', async () => {
    const reload = vi.fn();
    registerServiceWorker(reload);
    expect(worker.registered).toHaveBeenCalledWith('/sw.js');
    expect(toasts).toHaveLength(0);

    worker.listeners.get('waiting')!();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]!.message).toBe(MSG.newVersion);
    expect(toasts[0]!.options).toMatchObject({ persist: true });
    const action = toasts[0]!.options.action as () => ReactNode;
    render(<>{action()}</>);
    expect(worker.skipWaiting).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(worker.skipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    worker.listeners.get('controlling')!();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
