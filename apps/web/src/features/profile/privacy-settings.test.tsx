import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as MSG from '@mitos/domain/message-texts';
import { mockFetch, signedIn } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { stubWebSocket } from '../../test/match-fixtures';
import { PrivacySettings } from './components/privacy-settings';

const LABEL = 'Mostrar un resumen de mis partidas aprobadas a quien tenga el enlace';

afterEach(() => vi.unstubAllGlobals());

describe('PrivacySettings', () => {
  it('shows the saved setting and saves a change', async () => {
    stubWebSocket();
    const put = vi.fn(({ body }: { body: unknown }) => ({ body }));
    mockFetch({
      'GET /api/auth/me': signedIn,
      'GET /api/users/me/privacy': { body: { publicMatches: true } },
      'PUT /api/users/me/privacy': put,
    });
    renderRoutes(<PrivacySettings />);
    const toggle = await screen.findByRole('switch', { name: LABEL });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/sin iniciar sesión/);
    await userEvent.click(toggle);
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put.mock.calls[0]![0].body).toEqual({ publicMatches: false });
    await waitFor(() => expect(screen.getByRole('switch', { name: LABEL })).not.toBeChecked());
  });

  it('goes back to the saved value and says so when saving fails', async () => {
    stubWebSocket();
    mockFetch({
      'GET /api/auth/me': signedIn,
      'GET /api/users/me/privacy': { body: { publicMatches: false } },
      'PUT /api/users/me/privacy': { status: 500, body: { success: false, error: 'x', message: 'x' } },
    });
    renderRoutes(<PrivacySettings />);
    const toggle = await screen.findByRole('switch', { name: LABEL });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(await screen.findByText(MSG.privacySaveError)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: LABEL })).not.toBeChecked();
  });
});
