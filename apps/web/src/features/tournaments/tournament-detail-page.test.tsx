import { beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as MSG from '@mitos/domain/message-texts';
import type { TTournament } from '@mitos/domain/tournaments';
import { calls, type MockHandler } from '../../test/fetch-mock';
import { deckFixture } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { tournamentRoutes } from './routes';
import {
  formDialog,
  mockTournamentFetch,
  participant,
  PLAYERS,
  refusal,
  tournament,
  type RouteReply,
  type Routes,
} from './tournament-fixtures';

// The form loads when its dialog first opens (components/tournament-form-dialog): loaded once here,
// so that a test waits for it no longer than a render.
beforeAll(() => import('./components/tournament-form'));

function renderDetail(detail: TTournament | RouteReply, routes: Routes = {}) {
  const reply = 'id' in (detail as object) ? { body: detail } : (detail as RouteReply);
  const mocks = mockTournamentFetch({
    'GET /api/tournaments/1': reply,
    'GET /api/stores': { body: [] },
    ...routes,
  });
  const view = renderRoutes([{ path: '/tournaments', children: tournamentRoutes }], {
    entries: ['/tournaments/1'],
  });
  return { ...mocks, ...view };
}

const postsTo = (fetchMock: ReturnType<typeof mockTournamentFetch>['fetchMock'], path: string) =>
  calls(fetchMock).filter((c) => c === `POST ${path}`);

describe('the tournament page', () => {
  it('links its five sections, renders the rules as Markdown without HTML, and sums up the players', async () => {
    renderDetail(
      tournament({
        rules:
          '## Formato\n\n**Mejor de 3**, ver [el reglamento](https://example.com/reglas).\n\n<b>crudo</b>',
        participantList: [...PLAYERS, participant(40, 'ines', { status: 'waitlisted' })],
      }),
    );
    const nav = await screen.findByRole('navigation', { name: 'Secciones del torneo' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Participantes', '/tournaments/1/participants'],
      ['Bracket', '/tournaments/1/bracket'],
      ['Calendario', '/tournaments/1/calendar'],
      ['Posiciones', '/tournaments/1/leaderboard'],
      ['Partidas', '/tournaments/1/matches'],
    ]);
    const rules = screen.getByRole('region', { name: 'Reglas' });
    // The rules' renderer loads on its own, after the page (components/tournament-rules).
    expect(await within(rules).findByRole('heading', { name: 'Formato' })).toBeInTheDocument();
    expect(within(rules).getByText('Mejor de 3').tagName).toBe('STRONG');
    const link = within(rules).getByRole('link', { name: 'el reglamento' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(rules.querySelector('b')).toBeNull();
    expect(screen.getByText('Abierto')).toBeInTheDocument();
    expect(screen.getByText('Al mejor de 3')).toBeInTheDocument();
    // The start in Buenos Aires time, as the organiser set it, not in the machine's zone (UTC).
    expect(screen.getByText('sábado, 28 de noviembre de 2026, 17:00')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Participantes (8)' });
    expect(within(summary).getAllByRole('listitem')).toHaveLength(6);
    expect(within(summary).queryByText('ines')).not.toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Ver todos los participantes' })).toHaveAttribute(
      'href',
      '/tournaments/1/participants',
    );
  });

  it('says so for a tournament that does not exist', async () => {
    renderDetail(refusal(404, MSG.tournamentNotFound));
    expect(await screen.findByText('Torneo no encontrado o error al cargar')).toBeInTheDocument();
  });

  it('reads the tournament again when the server says the community changed', async () => {
    const { fetchMock, Socket } = renderDetail([
      { body: tournament({ status: 'registration' }) },
      { body: tournament({ status: 'in_progress', round: 1, phase: 'swiss' }) },
    ]);
    expect(await screen.findByText('Abierto')).toBeInTheDocument();
    await waitFor(() => expect(Socket.instances.length).toBeGreaterThan(0));
    act(() => {
      Socket.instances.at(-1)!.open();
      Socket.instances.at(-1)!.receive({ type: 'community_changed' });
    });
    expect(await screen.findByText('En Progreso · Ronda 1')).toBeInTheDocument();
    expect(calls(fetchMock).filter((c) => c === 'GET /api/tournaments/1')).toHaveLength(2);
  });
});

describe('Inscribirse', () => {
  const DECKS = [deckFixture(3, 'Llamas', 'Dragon'), deckFixture(2, 'Muralla', 'Defensor', true)];

  it('signs up with the default deck chosen, then shows the place', async () => {
    const user = userEvent.setup();
    let sent: unknown = null;
    const signUp: MockHandler = ({ body }) => {
      sent = body;
      return { status: 201, body: {} };
    };
    const me = { status: 'registered' as const, deckId: 2, checkedIn: false, waitlistPosition: null };
    renderDetail(
      [
        { body: tournament() },
        {
          body: tournament({
            me,
            participantList: [
              ...PLAYERS,
              participant(7, 'lucia', { deck: { id: 2, name: 'Muralla', raza: 'Defensor' } }),
            ],
          }),
        },
      ],
      { 'GET /api/decks': { body: DECKS }, 'POST /api/tournaments/1/signup': signUp },
    );
    await user.click(await screen.findByRole('button', { name: 'Inscribirse' }));
    const dialog = screen.getByRole('dialog', { name: 'Inscribirse' });
    const deck = await within(dialog).findByRole('combobox', { name: 'Mazo' });
    expect(deck).toHaveTextContent('Muralla (Defensor) · por defecto');
    await user.click(within(dialog).getByRole('button', { name: 'Inscribirme' }));
    expect(await screen.findByText('Estás inscripto con Muralla.')).toBeInTheDocument();
    expect(sent).toEqual({ deckId: 2 });
    // Once the dialog has gone (the page is hidden from assistive technology while it shows).
    expect(await screen.findByRole('button', { name: 'Retirarme' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Inscribirse' })).not.toBeInTheDocument();
  });

  it('lets the player pick another deck, and tells a full tournament puts them on the waiting list', async () => {
    const user = userEvent.setup();
    let sent: unknown = null;
    const waitlisted = { status: 'waitlisted' as const, deckId: 3, checkedIn: false, waitlistPosition: 3 };
    renderDetail(
      [
        { body: tournament({ participants: 32, playerCap: 32, waitlist: 2 }) },
        { body: tournament({ participants: 32, playerCap: 32, waitlist: 3, me: waitlisted }) },
      ],
      {
        'GET /api/decks': { body: DECKS },
        'POST /api/tournaments/1/signup': ({ body }) => {
          sent = body;
          return { status: 201, body: {} };
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Inscribirse' }));
    const dialog = screen.getByRole('dialog', { name: 'Inscribirse' });
    expect(
      within(dialog).getByText('El torneo está completo: quedarás en la lista de espera.'),
    ).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('combobox', { name: 'Mazo' }));
    await user.click(screen.getByRole('option', { name: 'Llamas (Dragon)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Inscribirme' }));
    expect(await screen.findByText('Estás en la lista de espera: posición 3.')).toBeInTheDocument();
    expect(await screen.findByText(MSG.tournamentWaitlisted)).toBeInTheDocument();
    expect(sent).toEqual({ deckId: 3 });
  });

  it('withdraws before the start after asking', async () => {
    const user = userEvent.setup();
    const me = { status: 'registered' as const, deckId: 2, checkedIn: false, waitlistPosition: null };
    const { fetchMock } = renderDetail([{ body: tournament({ me }) }, { body: tournament() }], {
      'DELETE /api/tournaments/1/signup': { status: 204 },
    });
    await user.click(await screen.findByRole('button', { name: 'Retirarme' }));
    const confirm = screen.getByRole('dialog', { name: '¿Retirarte del torneo?' });
    await user.click(within(confirm).getByRole('button', { name: 'Retirarme' }));
    expect(await screen.findByRole('button', { name: 'Inscribirse' })).toBeInTheDocument();
    expect(calls(fetchMock)).toContain('DELETE /api/tournaments/1/signup');
  });

  it('sends a player without decks to create one', async () => {
    const user = userEvent.setup();
    renderDetail(tournament(), { 'GET /api/decks': { body: [] } });
    await user.click(await screen.findByRole('button', { name: 'Inscribirse' }));
    const dialog = screen.getByRole('dialog', { name: 'Inscribirse' });
    expect(await within(dialog).findByRole('link', { name: 'Crear mi Primer Mazo' })).toHaveAttribute(
      'href',
      '/decks',
    );
    expect(within(dialog).getByRole('button', { name: 'Inscribirme' })).toBeDisabled();
  });

  it('is not offered once the tournament finished', async () => {
    renderDetail(
      tournament({ status: 'finished', registrationOpen: false, finishedAt: '2026-11-28T23:00:00Z' }),
    );
    expect(await screen.findByText('Finalizado')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Inscribirse' })).not.toBeInTheDocument();
  });
});

describe('Comunicados', () => {
  const ANNOUNCEMENTS = [
    {
      id: 4,
      message: 'Ronda 2 a las 19',
      date: '2026-11-28T22:00:00.000Z',
      author: { id: 2, username: 'org' },
    },
    { id: 3, message: 'Bienvenidos', date: '2026-11-28T20:00:00.000Z', author: null },
  ];

  it('offers Publicar only to the people who run the tournament', async () => {
    renderDetail(tournament({ announcements: ANNOUNCEMENTS }));
    const region = await screen.findByRole('region', { name: 'Comunicados' });
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Ronda 2 a las 19'), expect.stringContaining('Bienvenidos')]);
    expect(within(region).queryByRole('button', { name: 'Publicar' })).not.toBeInTheDocument();
  });

  it('publishes for a manager, and does nothing with blank text', async () => {
    const user = userEvent.setup();
    let sent: unknown = null;
    const { fetchMock } = renderDetail(tournament({ canManage: true }), {
      'POST /api/tournaments/1/announcements': ({ body }) => {
        sent = body;
        return { status: 201, body: ANNOUNCEMENTS[0] };
      },
    });
    const region = await screen.findByRole('region', { name: 'Comunicados' });
    const field = within(region).getByLabelText('Nuevo comunicado');
    await user.type(field, '   ');
    await user.click(within(region).getByRole('button', { name: 'Publicar' }));
    expect(postsTo(fetchMock, '/api/tournaments/1/announcements')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, 'Ronda 2 a las 19');
    await user.click(within(region).getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(field).toHaveValue(''));
    expect(sent).toEqual({ message: 'Ronda 2 a las 19' });
  });

  it('tells the server a participant has seen them, once', async () => {
    const me = { status: 'registered' as const, deckId: 2, checkedIn: false, waitlistPosition: null };
    const { fetchMock } = renderDetail(tournament({ me, announcements: ANNOUNCEMENTS }), {
      'POST /api/tournaments/1/announcements/seen': { status: 204 },
    });
    await screen.findByText('Bienvenidos');
    await waitFor(() => expect(postsTo(fetchMock, '/api/tournaments/1/announcements/seen')).toHaveLength(1));
  });

  it('tells nothing for somebody who does not play it', async () => {
    const { fetchMock } = renderDetail(tournament({ announcements: ANNOUNCEMENTS }));
    await screen.findByText('Bienvenidos');
    expect(postsTo(fetchMock, '/api/tournaments/1/announcements/seen')).toHaveLength(0);
  });
});

describe('Organización', () => {
  const running = (over: Partial<TTournament> = {}) =>
    tournament({ canManage: true, status: 'in_progress', phase: 'swiss', round: 2, ...over });

  it('is not there for players', async () => {
    renderDetail(tournament());
    await screen.findByRole('region', { name: 'Comunicados' });
    expect(screen.queryByRole('region', { name: 'Organización' })).not.toBeInTheDocument();
  });

  it('starts the tournament after asking', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderDetail(tournament({ canManage: true }), {
      'POST /api/tournaments/1/start': { body: {} },
    });
    const panel = await screen.findByRole('region', { name: 'Organización' });
    await user.click(within(panel).getByRole('button', { name: 'Comenzar torneo' }));
    await user.click(
      within(screen.getByRole('dialog', { name: '¿Comenzar el torneo?' })).getByRole('button', {
        name: 'Comenzar',
      }),
    );
    await waitFor(() => expect(postsTo(fetchMock, '/api/tournaments/1/start')).toHaveLength(1));
  });

  it('pairs the next Swiss round, naming it', async () => {
    const user = userEvent.setup();
    let sent: unknown = null;
    renderDetail(running({ canPairNext: true }), {
      'POST /api/tournaments/1/rounds': ({ body }) => {
        sent = body;
        return { status: 201, body: {} };
      },
    });
    const panel = await screen.findByRole('region', { name: 'Organización' });
    expect(within(panel).getByText('Ronda 2 de 3')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Emparejar ronda 3' }));
    await waitFor(() => expect(sent).toEqual({ round: 3 }));
  });

  it("shows the server's refusal when two organisers pair the same round", async () => {
    const user = userEvent.setup();
    renderDetail(running({ canPairNext: true }), {
      'POST /api/tournaments/1/rounds': refusal(409, MSG.tournamentRoundAlreadyPaired(3)),
    });
    const panel = await screen.findByRole('region', { name: 'Organización' });
    await user.click(within(panel).getByRole('button', { name: 'Emparejar ronda 3' }));
    expect(await screen.findByText(MSG.tournamentRoundAlreadyPaired(3))).toBeInTheDocument();
  });

  it('closes the round with losses for both in the unplayed matches', async () => {
    const user = userEvent.setup();
    let sent: unknown = null;
    renderDetail(running(), {
      'POST /api/tournaments/1/rounds/close': ({ body }) => {
        sent = body;
        return { body: {} };
      },
    });
    const panel = await screen.findByRole('region', { name: 'Organización' });
    await user.click(within(panel).getByRole('button', { name: 'Cerrar ronda' }));
    const dialog = screen.getByRole('dialog', { name: 'Cerrar ronda 2' });
    await user.click(within(dialog).getByRole('radio', { name: 'Derrota para ambos' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar ronda' }));
    await waitFor(() => expect(sent).toEqual({ round: 2, unplayed: 'double_loss' }));
  });

  it('edits the tournament with its current values, only the name, rules and schedule once started', async () => {
    const user = userEvent.setup();
    let sent: Record<string, unknown> = {};
    renderDetail(running({ rules: 'Viejas', swissRounds: 4, topCut: 8 }), {
      'PUT /api/tournaments/1': ({ body }) => {
        sent = body as typeof sent;
        return { body: {} };
      },
    });
    const panel = await screen.findByRole('region', { name: 'Organización' });
    await user.click(within(panel).getByRole('button', { name: 'Editar torneo' }));
    const dialog = await formDialog('Editar torneo');
    expect(within(dialog).getByRole('combobox', { name: 'Tipo de Torneo' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(dialog).getByLabelText('Cupo de jugadores')).toBeDisabled();
    await user.clear(within(dialog).getByLabelText(/Nombre del Torneo/));
    await user.type(within(dialog).getByLabelText(/Nombre del Torneo/), 'Copa Renombrada');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(sent.name).toBe('Copa Renombrada'));
    expect(sent).toMatchObject({
      storeId: 1,
      type: 'swiss',
      startDate: '2026-11-28',
      startTime: '17:00',
      rules: 'Viejas',
      playerCap: 32,
      swissRounds: 4,
      topCut: 8,
    });
  });

  it('builds the top cut once the Swiss rounds are over', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderDetail(running({ round: 3, topCut: 8 }), {
      'POST /api/tournaments/1/playoff': { status: 201, body: {} },
    });
    const panel = await screen.findByRole('region', { name: 'Organización' });
    expect(within(panel).queryByRole('button', { name: /Emparejar ronda/ })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Armar Top 8' }));
    await waitFor(() => expect(postsTo(fetchMock, '/api/tournaments/1/playoff')).toHaveLength(1));
  });
});
