import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, signedIn, signedOut } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import HelpPage from './help-page';

describe('HelpPage', () => {
  it('has the title and the six accordions', async () => {
    mockFetch({ 'GET /api/auth/me': signedIn });
    renderRoutes(<HelpPage />, { path: '/help' });
    expect(screen.getByRole('heading', { level: 1, name: 'Ayuda (En Progreso)' })).toBeInTheDocument();
    for (const title of [
      'Partidas',
      'Estados de las partidas',
      'Proceso de aprobación',
      'Perfil',
      'Sistema de Rangos',
      'Preguntas frecuentes',
    ]) {
      expect(screen.getByRole('button', { name: title })).toBeInTheDocument();
    }
  });

  it('lists the six ranks in order and the tier points', async () => {
    mockFetch({ 'GET /api/auth/me': signedIn });
    renderRoutes(<HelpPage />, { path: '/help' });
    const ranks = screen.getByRole('button', { name: 'Sistema de Rangos' });
    expect(ranks).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(ranks);
    expect(ranks).toHaveAttribute('aria-expanded', 'true');
    const items = within(screen.getByRole('list', { name: 'Rangos' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '1Huevo de Dragón',
      '2Cría de Dragón',
      '3Dragón Joven',
      '4Dragón de Fuego',
      '5Dragón Astral',
      '6Dragón Eterno',
    ]);
    const rows = within(screen.getByRole('table', { name: 'Puntos por tier' })).getAllByRole('row');
    expect(rows.slice(1).map((r) => r.textContent)).toEqual([
      'Tier 1100',
      'Tier 2200',
      'Tier 3300',
      'Tier 4500',
    ]);
  });

  it('gives the points each rank starts at, the tier of each match type, and how points are earned', async () => {
    mockFetch({ 'GET /api/auth/me': signedIn });
    renderRoutes(<HelpPage />, { path: '/help' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sistema de Rangos' }));
    const thresholds = within(screen.getByRole('list', { name: 'Puntos por rango' })).getAllByRole(
      'listitem',
    );
    expect(thresholds.map((li) => li.textContent)).toEqual([
      'Huevo de Dragón: desde 0 puntos',
      'Cría de Dragón: desde 500 puntos',
      'Dragón Joven: desde 1500 puntos',
      'Dragón de Fuego: desde 3000 puntos',
      'Dragón Astral: desde 6000 puntos',
      'Dragón Eterno: desde 10000 puntos',
    ]);
    const tiers = within(screen.getByRole('list', { name: 'Tier de cada tipo de partida' })).getAllByRole(
      'listitem',
    );
    expect(tiers.map((li) => li.textContent)).toEqual([
      'Amistoso = Tier 1, 100 puntos',
      'Amistoso c/ Arbitro = Tier 2, 200 puntos',
      'Arena = Tier 3, 300 puntos',
      'Torneo = Tier 4, 500 puntos',
    ]);
    expect(screen.getByText(/Quien gana la partida suma los puntos de su tier/)).toHaveTextContent(
      'la décima parte por participar (por ejemplo, 10 puntos en un Amistoso)',
    );
    expect(
      screen.getByText(/cuentan cuando la partida queda Aprobada, y se descuentan si un administrador/),
    ).toBeInTheDocument();
  });

  it('explains Mitos Rating in Perfil: OpenSkill, the conservative number, Provisional, seasons', async () => {
    mockFetch({ 'GET /api/auth/me': signedIn });
    renderRoutes(<HelpPage />, { path: '/help' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Perfil' }));
    expect(screen.queryByText(/llegará pronto\./)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Mitos Rating' })).toBeInTheDocument();
    expect(screen.getByText(/con OpenSkill \(modelo de Weng-Lin\)/)).toHaveTextContent('tanto 1v1 como 2v2');
    expect(screen.getByText(/Todos empiezan en 1000/)).toHaveTextContent(
      '40·(μ − 3σ) + 1000. Por eso sube a medida que el sistema está más seguro de tu nivel.',
    );
    const rules = within(screen.getByRole('list', { name: 'Cómo cambia el Mitos Rating' })).getAllByRole(
      'listitem',
    );
    expect(rules.map((li) => li.textContent)).toEqual([
      'Se muestra como Provisional hasta que sumas 10 partidas aprobadas.',
      'El resultado importa: ganar 2-0 mueve el rating más que ganar 2-1.',
      'Los empates también cuentan.',
      'Hay un rating histórico, con todas tus partidas, y uno por temporada, solo con las partidas de esa temporada.',
      'Si una partida se cancela o se anula, se quita y los ratings se vuelven a calcular sin ella.',
    ]);
  });

  it('states who may cancel, when rejections expire and the recording limits', async () => {
    mockFetch({ 'GET /api/auth/me': signedIn });
    renderRoutes(<HelpPage />, { path: '/help' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Proceso de aprobación' }));
    expect(screen.getByText(/puede cancelarla mientras está pendiente/)).toBeInTheDocument();
    expect(screen.getByText(/nadie procesa en 3 días se cancela/)).toBeInTheDocument();
    expect(screen.getByText(/hasta 30 partidas por hora/)).toBeInTheDocument();
  });

  it('offers Ingresar and Registrarse to a signed-out visitor, at the top and at the end', async () => {
    mockFetch({ 'GET /api/auth/me': signedOut, 'POST /api/auth/refresh': { status: 401 } });
    renderRoutes(<HelpPage />, { path: '/help' });
    const logins = await screen.findAllByRole('link', { name: 'Ingresar' });
    expect(logins).toHaveLength(2);
    for (const link of logins) expect(link).toHaveAttribute('href', '/login');
    const registers = screen.getAllByRole('link', { name: 'Registrarse' });
    expect(registers).toHaveLength(2);
    for (const link of registers) expect(link).toHaveAttribute('href', '/register');
  });

  it('says when a pending match nobody answers is reminded, expires or goes to the store organiser', async () => {
    mockFetch({ 'GET /api/auth/me': signedIn });
    renderRoutes(<HelpPage />, { path: '/help' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Proceso de aprobación' }));
    expect(screen.getByRole('heading', { level: 3, name: 'Partidas sin respuesta' })).toBeInTheDocument();
    expect(
      screen.getByText(/reciben un recordatorio .* a las 24 horas de registrada y otro a las 72 horas/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        /A los 7 días sin respuesta, una partida jugada en una tienda pasa al organizador de la tienda/,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Cualquier otra partida vence: se cancela y su historial la muestra como Expirada/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Las partidas de un torneo solo reciben los recordatorios/)).toBeInTheDocument();
  });
});
