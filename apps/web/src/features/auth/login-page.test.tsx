import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, signedIn, signedOut, testUser } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import * as MSG from '@mitos/domain/message-texts';
import LoginPage from './login-page';

function renderLogin(state?: unknown) {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <LocationProbe label="inicio" /> },
      { path: '/decks', element: <LocationProbe label="mazos" /> },
    ],
    { entries: [{ pathname: '/login', state }] },
  );
}

const submit = () => screen.getByRole('button', { name: 'Ingresar' });

async function fill(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText(/Email/), email);
  if (password) await user.type(screen.getByLabelText(/^Contraseña/), password);
  return user;
}

describe('LoginPage', () => {
  it('sends a signed-in visitor on to the remembered page, else to /', async () => {
    mockFetch({ 'GET /api/auth/me': signedIn });
    const { unmount } = renderLogin({ from: '/decks' });
    expect(await screen.findByText('Página: mazos')).toBeInTheDocument();
    unmount();
    renderLogin();
    expect(await screen.findByText('Página: inicio')).toBeInTheDocument();
  });

  it('says the session expired when a lost session brought the player here', async () => {
    mockFetch({ 'GET /api/auth/me': signedOut, 'POST /api/auth/refresh': { status: 401 } });
    renderLogin({ from: '/new-match', expired: true });
    expect(await screen.findByText(MSG.sessionExpired)).toBeInTheDocument();
  });

  it('says nothing about an expired session on a plain visit', async () => {
    mockFetch({ 'GET /api/auth/me': signedOut, 'POST /api/auth/refresh': { status: 401 } });
    renderLogin({ from: '/new-match' });
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(screen.queryByText(MSG.sessionExpired)).toBeNull();
  });

  it('keeps Ingresar disabled until both fields are filled with a valid email', async () => {
    mockFetch({ 'GET /api/auth/me': signedOut });
    renderLogin();
    expect(submit()).toBeDisabled();
    const user = await fill('lucia@example.com', '');
    expect(submit()).toBeDisabled();
    await user.type(screen.getByLabelText(/^Contraseña/), 'secreto');
    expect(submit()).toBeEnabled();
  });

  it('rejects an invalid email with the SPEC message once the field is left', async () => {
    mockFetch({ 'GET /api/auth/me': signedOut });
    renderLogin();
    const user = await fill('lucia@example', '');
    expect(screen.queryByText('Por favor ingresa un email válido')).toBeNull();
    await user.tab();
    await user.type(screen.getByLabelText(/^Contraseña/), 'secreto');
    expect(screen.getByText('Por favor ingresa un email válido')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it('shows and hides the password', async () => {
    mockFetch({ 'GET /api/auth/me': signedOut });
    renderLogin();
    const user = userEvent.setup();
    const password = screen.getByLabelText(/^Contraseña/);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('says Email o contraseña incorrectos on wrong credentials', async () => {
    mockFetch({
      'GET /api/auth/me': signedOut,
      'POST /api/auth/login': {
        status: 401,
        body: {
          success: false,
          error: 'Email o contraseña incorrectos',
          message: 'Email o contraseña incorrectos',
        },
      },
    });
    renderLogin();
    const user = await fill('lucia@example.com', 'malisima');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Email o contraseña incorrectos');
    expect(submit()).toBeEnabled();
  });

  it('says the connection failed when the server cannot be reached', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/me': signedOut });
    renderLogin();
    const user = await fill('lucia@example.com', 'secreto');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error de conexión con el servidor. Por favor, intente más tarde.',
    );
  });

  it('shows the server error field, else Error al iniciar sesión', async () => {
    mockFetch({
      'GET /api/auth/me': signedOut,
      'POST /api/auth/login': [
        {
          status: 429,
          body: { success: false, error: 'Demasiados intentos', message: 'Demasiados intentos' },
        },
        { status: 500 },
      ],
    });
    renderLogin();
    const user = await fill('lucia@example.com', 'secreto');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiados intentos');
    await user.click(submit());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Error al iniciar sesión'));
  });

  it('disables the button and shows a spinner while signing in, then goes to /', async () => {
    let finish: () => void = () => {};
    const fetchMock = mockFetch({
      'GET /api/auth/me': signedOut,
      'POST /api/auth/login': () =>
        new Promise((resolve) => {
          finish = () => resolve({ status: 200, body: { success: true, user: testUser } });
        }),
    });
    renderLogin();
    const user = await fill('lucia@example.com', 'secreto');
    await user.click(submit());
    expect(submit()).toBeDisabled();
    expect(submit()).toHaveAttribute('aria-busy', 'true');
    expect(submit().querySelector('[role="progressbar"]')).not.toBeNull();
    fetchMock.mockImplementation(async () => new Response(JSON.stringify(signedIn.body), { status: 200 }));
    finish();
    expect(await screen.findByText('Página: inicio')).toBeInTheDocument();
  });

  it('sends the email trimmed with the password as typed', async () => {
    const login = vi.fn(() => ({ status: 200, body: { success: true, user: testUser } }));
    mockFetch({ 'GET /api/auth/me': [signedOut, signedIn], 'POST /api/auth/login': login });
    renderLogin();
    const user = await fill(' lucia@example.com ', ' secreto ');
    await user.click(submit());
    await screen.findByText('Página: inicio');
    expect(login).toHaveBeenCalledWith(
      expect.objectContaining({ body: { email: 'lucia@example.com', password: ' secreto ' } }),
    );
  });

  it('prefills the email handed over by the registration', () => {
    mockFetch({ 'GET /api/auth/me': signedOut });
    renderLogin({ email: 'nuevo@example.com' });
    expect(screen.getByLabelText(/Email/)).toHaveValue('nuevo@example.com');
  });
});
