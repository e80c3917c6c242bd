import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as MSG from '@mitos/domain/message-texts';
import { renderRoutes } from '../test/render';
import { ShareButton } from './share-button';

function renderButton() {
  return renderRoutes(<ShareButton title="Partida" text="ana 2–1 beto" path="/match/12" />);
}

const url = `${window.location.origin}/match/12`;

/** navigator.share / navigator.clipboard as a browser has them, or absent (undefined). */
function stubNavigator(share: unknown, clipboard: unknown) {
  Object.defineProperty(navigator, 'share', { configurable: true, value: share });
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: clipboard });
}

afterEach(() => {
  // jsdom has neither: the stubs are own properties of this navigator, removed after each test.
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'clipboard');
  vi.restoreAllMocks();
});

describe('ShareButton', () => {
  it('opens the share sheet with the title, text and absolute link', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const writeText = vi.fn();
    stubNavigator(share, { writeText });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    expect(share).toHaveBeenCalledWith({ title: 'Partida', text: 'ana 2–1 beto', url });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('says nothing when the player closes the share sheet', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('cancelado', 'AbortError'));
    const writeText = vi.fn();
    stubNavigator(share, { writeText });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    await waitFor(() => expect(share).toHaveBeenCalled());
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(MSG.linkCopied)).toBeNull();
  });

  it('copies the link without a share sheet, or when the sheet refuses, and says Enlace copiado', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    stubNavigator(undefined, { writeText });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await screen.findByText(MSG.linkCopied)).toBeInTheDocument();

    const refused = vi.fn().mockRejectedValue(new DOMException('no', 'NotAllowedError'));
    const again = vi.fn().mockResolvedValue(undefined);
    stubNavigator(refused, { writeText: again });
    await userEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    await waitFor(() => expect(again).toHaveBeenCalledWith(url));
  });

  it('shows the link in a dialog when the clipboard fails too', async () => {
    stubNavigator(undefined, { writeText: vi.fn().mockRejectedValue(new Error('denied')) });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compartir' });
    const field = screen.getByRole('textbox', { name: 'Enlace' });
    expect(dialog).toContainElement(field);
    expect(field).toHaveValue(url);
    expect(field).toHaveAttribute('readonly');
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('as an icon alone it is still named Compartir', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    stubNavigator(share, undefined);
    renderRoutes(<ShareButton title="lucia" text="Perfil" path="/user/7" iconOnly />);
    await userEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    expect(share).toHaveBeenCalledWith({
      title: 'lucia',
      text: 'Perfil',
      url: `${window.location.origin}/user/7`,
    });
  });

  it('shows the dialog on an http address where there is no clipboard at all', async () => {
    stubNavigator(undefined, undefined);
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    expect(await screen.findByRole('textbox', { name: 'Enlace' })).toHaveValue(url);
  });
});
