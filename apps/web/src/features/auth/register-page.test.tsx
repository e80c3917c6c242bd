import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import * as MSG from '@mitos/domain/message-texts';
import userEvent from '@testing-library/user-event';
import { mockFetch, signedIn, signedOut, testUser } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import RegisterPage from './register-page';
import LoginPage from './login-page';

function renderRegister() {
  return renderRoutes(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '/login', element: <LoginPage /> },
    ],
    { path: '/register' },
  );
}

const submit = () => screen.getByRole('button', { name: 'Registrarse' });

async function fillAll(
  user: ReturnType<typeof userEvent.setup>,
  username: string,
  email: string,
  password: string,
) {
  if (username) await user.type(screen.getByLabelText(/Nombre de usuario/), username);
  if (email) await user.type(screen.getByLabelText(/Email/), email);
  if (password) await user.type(screen.getByLabelText(/^Contraseña/), password);
}

describe('RegisterPage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a signed-in visitor to /', async () => {
    mockFetch({ 'GET /api/auth/me': signedIn });
    const { router } = renderRoutes(
      [
        { path: '/register', element: <RegisterPage /> },
        { path: '/', element: <p>Inicio</p> },
      ],
      { path: '/register' },
    );
    expect(await screen.findByText('Inicio')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps Registrarse disabled while any field is empty', async () => {
    mockFetch({ 'GET /api/auth/me': signedOut });
    renderRegister();
    const user = userEvent.setup();
    expect(submit()).toBeDisabled();
    await fillAll(user, 'lucia', 'lucia@example.com', '');
    expect(submit()).toBeDisabled();
    await user.type(screen.getByLabelText(/^Contraseña/), 'secreto');
    expect(submit()).toBeEnabled();
  });

  it('explains each rule once a field is left, and stays disabled while one fails', async () => {
    mockFetch({ 'GET /api/auth/me': signedOut });
    renderRegister();
    const user = userEvent.setup();
    await fillAll(user, 'lu', 'lucia@', '12345');
    await user.tab();
    expect(screen.getByText('El nombre de usuario debe tener al menos 3 caracteres')).toBeInTheDocument();
    expect(screen.getByText('Por favor ingresa un email válido')).toBeInTheDocument();
    expect(screen.getByText('La contraseña debe tener al menos 6 caracteres')).toBeInTheDocument();
    expect(submit()).toBeDisabled();

    await user.type(screen.getByLabelText(/Nombre de usuario/), 'c');
    await user.type(screen.getByLabelText(/Email/), 'example.com');
    await user.type(screen.getByLabelText(/^Contraseña/), '6');
    expect(screen.queryByText('El nombre de usuario debe tener al menos 3 caracteres')).toBeNull();
    expect(screen.queryByText('Por favor ingresa un email válido')).toBeNull();
    expect(screen.queryByText('La contraseña debe tener al menos 6 caracteres')).toBeNull();
    expect(submit()).toBeEnabled();
  });

  it('does not count surrounding spaces towards the username minimum', async () => {
    mockFetch({ 'GET /api/auth/me': signedOut });
    renderRegister();
    const user = userEvent.setup();
    await fillAll(user, ' ab ', 'lucia@example.com', 'secreto');
    expect(submit()).toBeDisabled();
  });

  it('shows the server message when registration fails, else Error al registrar usuario', async () => {
    mockFetch({
      'GET /api/auth/me': signedOut,
      'POST /api/auth/register': [
        {
          status: 409,
          body: {
            success: false,
            error: 'El email ya está registrado',
            message: 'El email ya está registrado',
          },
        },
        { status: 500 },
      ],
    });
    renderRegister();
    const user = userEvent.setup();
    await fillAll(user, 'lucia', 'lucia@example.com', 'secreto');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('El email ya está registrado');
    await user.click(submit());
    expect(await screen.findByText('Error al registrar usuario')).toBeInTheDocument();
  });

  it('announces success, goes to /login after 2 s, and hides the notice after 6 s', async () => {
    const register = vi.fn(() => ({ status: 201, body: { success: true, user: testUser } }));
    mockFetch({ 'GET /api/auth/me': signedOut, 'POST /api/auth/register': register });
    const { router } = renderRegister();
    const user = userEvent.setup();
    await fillAll(user, 'lucia', 'Lucia@Example.com ', 'secreto');
    vi.useFakeTimers();
    fireEvent.click(submit());
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(screen.getByText('¡Registro exitoso! Redirigiendo...')).toBeInTheDocument();
    expect(register).toHaveBeenCalledWith(
      expect.objectContaining({
        body: { username: 'lucia', email: 'Lucia@Example.com', password: 'secreto' },
      }),
    );
    expect(submit()).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(router.state.location.pathname).toBe('/register');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByLabelText(/Email/)).toHaveValue('Lucia@Example.com');
    expect(screen.getByText('¡Registro exitoso! Redirigiendo...')).toBeInTheDocument();

    // 6 s after it appeared the notice starts to leave; it is gone once its exit animation ends.
    await act(() => vi.advanceTimersByTimeAsync(3800));
    expect(screen.getByText('¡Registro exitoso! Redirigiendo...')).toBeInTheDocument();
    // Each stage of the exit animation is scheduled by the re-render the previous one causes.
    for (let i = 0; i < 10; i++) await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByText('¡Registro exitoso! Redirigiendo...')).toBeNull();
  });

  it('offers an optional invitation code and sends it when given', async () => {
    const register = vi.fn(() => ({ status: 201, body: { success: true, user: testUser } }));
    mockFetch({ 'GET /api/auth/me': signedOut, 'POST /api/auth/register': register });
    renderRegister();
    const user = userEvent.setup();
    const code = screen.getByRole('textbox', { name: 'Código de invitación (opcional)' });
    expect(code).not.toBeRequired();
    expect(code).toHaveAccessibleDescription(
      'Si una tienda te agregó como jugador, ingresa el código que te dio',
    );
    await fillAll(user, 'lucia', 'lucia@example.com', 'secreto');
    expect(submit()).toBeEnabled();
    await user.type(code, ' K7PM4QX9RT2W ');
    await user.click(submit());
    await waitFor(() =>
      expect(register).toHaveBeenCalledWith(
        expect.objectContaining({
          body: {
            username: 'lucia',
            email: 'lucia@example.com',
            password: 'secreto',
            invitationCode: 'K7PM4QX9RT2W',
          },
        }),
      ),
    );
  });

  it("shows the server's refusal of an invitation code", async () => {
    mockFetch({
      'GET /api/auth/me': signedOut,
      'POST /api/auth/register': {
        status: 400,
        body: { success: false, error: MSG.invitationInvalid, message: MSG.invitationInvalid },
      },
    });
    renderRegister();
    const user = userEvent.setup();
    await fillAll(user, 'lucia', 'lucia@example.com', 'secreto');
    await user.type(screen.getByLabelText('Código de invitación (opcional)'), 'USADO');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.invitationInvalid);
  });
});
