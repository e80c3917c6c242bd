import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import {
  api,
  ApiError,
  EARLY_TTL_MS,
  errorMessage,
  forgetEarlyRequests,
  onSessionEnd,
  requestEarly,
  setSessionHandlers,
} from './api-client';
import { calls, mockFetch } from '../test/fetch-mock';

const unauthorized = {
  status: 401,
  body: { success: false, error: 'No autenticado', message: 'No autenticado' },
};
const ok = (body: unknown) => ({ status: 200, body });

function installHandlers() {
  const h = { onSessionExpired: vi.fn() };
  setSessionHandlers(h);
  return h;
}

describe('api client', () => {
  afterEach(() => {
    setSessionHandlers({ onSessionExpired: () => {} });
    vi.unstubAllGlobals();
  });

  it('refreshes once on a 401 and retries the original request', async () => {
    const h = installHandlers();
    const fetchMock = mockFetch({
      'GET /api/decks': [unauthorized, ok([{ id: 1 }])],
      'POST /api/auth/refresh': ok({ success: true }),
    });
    await expect(api('/api/decks')).resolves.toEqual([{ id: 1 }]);
    expect(calls(fetchMock)).toEqual(['GET /api/decks', 'POST /api/auth/refresh', 'GET /api/decks']);
    expect(h.onSessionExpired).not.toHaveBeenCalled();
  });

  it('retries a request with its body and method', async () => {
    const create = vi
      .fn()
      .mockReturnValueOnce(unauthorized)
      .mockReturnValueOnce({ status: 201, body: { id: 9 } });
    mockFetch({ 'POST /api/decks': create, 'POST /api/auth/refresh': ok({ success: true }) });
    await expect(api('/api/decks', { method: 'POST', body: { name: 'Fuego' } })).resolves.toEqual({ id: 9 });
    expect(create.mock.calls.map(([req]) => req.body)).toEqual([{ name: 'Fuego' }, { name: 'Fuego' }]);
  });

  it('retries only once: a second 401 is the answer', async () => {
    const h = installHandlers();
    const fetchMock = mockFetch({
      'GET /api/decks': unauthorized,
      'POST /api/auth/refresh': ok({ success: true }),
    });
    await expect(api('/api/decks')).rejects.toMatchObject({ status: 401 });
    expect(calls(fetchMock)).toEqual(['GET /api/decks', 'POST /api/auth/refresh', 'GET /api/decks']);
    expect(h.onSessionExpired).not.toHaveBeenCalled();
  });

  it('ends the session when the refresh fails, without retrying', async () => {
    const h = installHandlers();
    const ended = vi.fn();
    const unsubscribe = onSessionEnd(ended);
    const fetchMock = mockFetch({ 'GET /api/decks': unauthorized, 'POST /api/auth/refresh': unauthorized });
    await expect(api('/api/decks')).rejects.toBeInstanceOf(ApiError);
    expect(calls(fetchMock)).toEqual(['GET /api/decks', 'POST /api/auth/refresh']);
    expect(h.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('treats a refresh that cannot reach the server as failed', async () => {
    const h = installHandlers();
    const fetchMock = mockFetch({ 'GET /api/decks': unauthorized });
    fetchMock.mockImplementationOnce(
      async () => new Response(JSON.stringify(unauthorized.body), { status: 401 }),
    );
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api('/api/decks')).rejects.toMatchObject({ status: 401 });
    expect(h.onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('never refreshes for the refresh call itself, nor for login', async () => {
    const h = installHandlers();
    const fetchMock = mockFetch({
      'POST /api/auth/refresh': unauthorized,
      'POST /api/auth/login': unauthorized,
    });
    await expect(api('/api/auth/refresh', { method: 'POST' })).rejects.toMatchObject({ status: 401 });
    await expect(
      api('/api/auth/login', { method: 'POST', body: { email: 'a@b.co', password: 'x' } }),
    ).rejects.toMatchObject({ status: 401 });
    expect(calls(fetchMock)).toEqual(['POST /api/auth/refresh', 'POST /api/auth/login']);
    expect(h.onSessionExpired).not.toHaveBeenCalled();
  });

  it('refreshes the session check but treats a failed refresh there as signed out, quietly', async () => {
    const h = installHandlers();
    const ended = vi.fn();
    const unsubscribe = onSessionEnd(ended);
    const fetchMock = mockFetch({ 'GET /api/auth/me': unauthorized, 'POST /api/auth/refresh': unauthorized });
    await expect(api('/api/auth/me', { quietSessionEnd: true })).rejects.toMatchObject({ status: 401 });
    expect(calls(fetchMock)).toEqual(['GET /api/auth/me', 'POST /api/auth/refresh']);
    expect(h.onSessionExpired).not.toHaveBeenCalled();
    expect(ended).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('shares one refresh between calls that fail together', async () => {
    const fetchMock = mockFetch({
      'GET /api/decks': [unauthorized, ok([])],
      'GET /api/users': [unauthorized, ok([])],
      'POST /api/auth/refresh': ok({ success: true }),
    });
    await Promise.all([api('/api/decks'), api('/api/users')]);
    expect(calls(fetchMock).filter((c) => c === 'POST /api/auth/refresh')).toHaveLength(1);
  });

  it('throws a 403 to the caller with the server message, without ending the session', async () => {
    const h = installHandlers();
    mockFetch({
      'POST /api/matches/5/cancel': {
        status: 403,
        body: { success: false, error: 'No tienes permiso', message: 'No tienes permiso' },
      },
      'GET /api/users/3': { status: 403 },
    });
    const err = await api('/api/matches/5/cancel', { method: 'POST' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 403, message: 'No tienes permiso' });
    await expect(api('/api/users/3')).rejects.toMatchObject({ status: 403 });
    expect(h.onSessionExpired).not.toHaveBeenCalled();
  });

  it('does not end the session for other failures', async () => {
    const h = installHandlers();
    mockFetch({ 'GET /api/users/3': [{ status: 404 }, { status: 500 }] });
    await expect(api('/api/users/3')).rejects.toMatchObject({ status: 404 });
    await expect(api('/api/users/3')).rejects.toMatchObject({ status: 500 });
    expect(h.onSessionExpired).not.toHaveBeenCalled();
  });

  it('sends cookies, JSON and the stored bearer token', async () => {
    localStorage.setItem('token', 'abc');
    const fetchMock = mockFetch({ 'POST /api/decks': { status: 201, body: {} } });
    await api('/api/decks', { method: 'POST', body: { name: 'x' } });
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(init.credentials).toBe('include');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer abc', 'Content-Type': 'application/json' });
  });

  it('sends a raw body as it is, with its own Content-Type', async () => {
    const fetchMock = mockFetch({ 'PUT /api/stores/1/logo': { body: { id: 1 } } });
    const file = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' });
    await api('/api/stores/1/logo', { method: 'PUT', rawBody: { data: file, contentType: file.type } });
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(init.body).toBe(file);
    expect(init.headers).toMatchObject({ 'Content-Type': 'image/svg+xml' });
  });

  it('gives up after the timeout with the connection message', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const pending = api('/api/decks', { timeoutMs: 5000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(4999);
    await vi.advanceTimersByTimeAsync(1);
    const err = await pending;
    vi.useRealTimers();
    expect(err).toMatchObject({
      status: 0,
      message: 'Error de conexión con el servidor. Por favor, intente más tarde.',
    });
  });

  it('parses responses with the given schema', async () => {
    mockFetch({ 'GET /api/thing': [ok({ n: 1 }), ok({ n: 'uno' })] });
    const schema = z.object({ n: z.number() });
    await expect(api('/api/thing', { schema })).resolves.toEqual({ n: 1 });
    await expect(api('/api/thing', { schema })).rejects.toMatchObject({
      message: 'Error al cargar los datos',
    });
  });

  it('turns a failure into the server message or the given fallback', () => {
    expect(
      errorMessage(new ApiError(409, 'x', { message: 'Ya existe un mazo con este nombre' }), 'fallback'),
    ).toBe('Ya existe un mazo con este nombre');
    expect(errorMessage(new ApiError(500, 'HTTP 500', null), 'Error al crear el mazo')).toBe(
      'Error al crear el mazo',
    );
    expect(errorMessage(new ApiError(0, 'red'), 'Error al crear el mazo')).toBe('Error al crear el mazo');
    expect(errorMessage(new Error('boom'), 'Error al crear el mazo')).toBe('Error al crear el mazo');
  });
});

describe('reads asked for early', () => {
  afterEach(() => {
    forgetEarlyRequests();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const schema = z.array(z.object({ id: z.number() }));
  const readDecks = () => api('/api/decks', { query: { orden: 'nuevo' }, schema });

  it('are made through the read’s own fetcher, and its first read takes the answer, once', async () => {
    const fetchMock = mockFetch({ 'GET /api/decks': [ok([{ id: 1 }]), ok([{ id: 2 }])] });
    requestEarly(readDecks);
    expect(calls(fetchMock)).toEqual(['GET /api/decks?orden=nuevo']);
    await expect(readDecks()).resolves.toEqual([{ id: 1 }]);
    expect(calls(fetchMock)).toHaveLength(1);
    // Taken: the next read asks the server.
    await expect(readDecks()).resolves.toEqual([{ id: 2 }]);
    expect(calls(fetchMock)).toHaveLength(2);
  });

  it('serve only the same address, and only GETs', async () => {
    const fetchMock = mockFetch({
      'GET /api/decks': ok([{ id: 1 }]),
      'POST /api/decks': { status: 201, body: { id: 5 } },
    });
    requestEarly(() => api('/api/decks', { method: 'POST', body: { name: 'x' } }));
    expect(calls(fetchMock)).toEqual([]);
    requestEarly(readDecks);
    await api('/api/decks', { query: { orden: 'viejo' } });
    expect(calls(fetchMock)).toEqual(['GET /api/decks?orden=nuevo', 'GET /api/decks?orden=viejo']);
  });

  it('are not served once stale, nor after they were forgotten', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetchMock = mockFetch({ 'GET /api/decks': ok([{ id: 1 }]) });
    requestEarly(readDecks);
    vi.setSystemTime(Date.now() + EARLY_TTL_MS + 1);
    await readDecks();
    expect(calls(fetchMock)).toHaveLength(2);

    requestEarly(readDecks);
    forgetEarlyRequests();
    await readDecks();
    expect(calls(fetchMock)).toHaveLength(4);
  });

  it('that failed on the network are made again by the read', async () => {
    let n = 0;
    const fetchMock = vi.fn(async () => {
      n += 1;
      if (n === 1) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify([{ id: 3 }]), { headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    requestEarly(readDecks);
    await expect(readDecks()).resolves.toEqual([{ id: 3 }]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
