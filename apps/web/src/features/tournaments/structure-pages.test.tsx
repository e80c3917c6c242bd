import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TBracketView, TTournament, TTournamentStandings } from '@mitos/domain/tournaments';
import { renderRoutes } from '../../test/render';
import { tournamentRoutes } from './routes';
import {
  mockTournamentFetch,
  person,
  slot,
  standingRow,
  tournament,
  type Routes,
} from './tournament-fixtures';

function renderAt(path: string, detail: TTournament, routes: Routes = {}) {
  mockTournamentFetch({ 'GET /api/tournaments/1': { body: detail }, ...routes });
  return renderRoutes([{ path: '/tournaments', children: tournamentRoutes }], { entries: [path] });
}

const [ana, beto, carla, dario] = [
  person(20, 'ana'),
  person(21, 'beto'),
  person(22, 'carla'),
  person(23, 'dario'),
];

const bracketOf = (type: TBracketView['type'], stages: TBracketView['stages']): TBracketView => ({
  tournamentId: 1,
  type,
  stages,
  champion: null,
});

describe('Bracket', () => {
  it('labels single elimination rounds as the server names them and shows each match status', async () => {
    const view = bracketOf('single_elimination', [
      {
        stage: 'main',
        type: 'single_elimination',
        groups: [
          {
            group: 'main',
            rounds: [
              {
                round: 1,
                label: 'Primera Ronda',
                matches: [
                  slot(1, { player1: ana, player2: null, winnerId: 20, status: 'bye' }),
                  slot(2, {
                    player1: beto,
                    player2: carla,
                    winnerId: 22,
                    score1: 0,
                    score2: 2,
                    status: 'completed',
                  }),
                ],
              },
              {
                round: 2,
                label: 'Semifinales',
                matches: [slot(3, { player1: ana, player2: carla, status: 'pending', pairingId: 9 })],
              },
              { round: 3, label: 'Final', matches: [slot(4, { player1: null, player2: null })] },
            ],
          },
        ],
      },
    ]);
    renderAt('/tournaments/1/bracket', tournament({ type: 'single_elimination', status: 'in_progress' }), {
      'GET /api/tournaments/1/bracket': { body: view },
    });
    for (const name of ['Primera Ronda', 'Semifinales', 'Final']) {
      expect(await screen.findByRole('heading', { name })).toBeInTheDocument();
    }
    const first = screen.getByRole('region', { name: 'Primera Ronda' });
    expect(within(first).getAllByText('Bye')).toHaveLength(2);
    expect(within(first).getByText('Finalizado')).toBeInTheDocument();
    expect(within(first).getByTitle('Ganador')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Semifinales' })).getByText('Pendiente'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Final' })).getAllByText('Por definir')).toHaveLength(3);
    // The rounds scroll sideways inside their own box on a phone.
    expect(screen.getByRole('region', { name: 'Bracket' })).toHaveAttribute('tabindex', '0');
  });

  it('shows the winners, losers and grand final of a double elimination, and the champion', async () => {
    const round = (label: string, ...matches: ReturnType<typeof slot>[]) => ({ round: 1, label, matches });
    const view: TBracketView = {
      ...bracketOf('double_elimination', [
        {
          stage: 'main',
          type: 'double_elimination',
          groups: [
            {
              group: 'winners',
              rounds: [
                round('Ronda 1', slot(1, { player1: ana, player2: beto, winnerId: 20, status: 'completed' })),
              ],
            },
            {
              group: 'losers',
              rounds: [
                round(
                  'Ronda 1',
                  slot(2, { player1: beto, player2: carla, winnerId: 21, status: 'completed' }),
                ),
              ],
            },
            {
              group: 'grand_final',
              rounds: [
                round(
                  'Gran Final',
                  slot(3, { player1: ana, player2: beto, winnerId: 20, status: 'completed' }),
                ),
                { round: 2, label: 'Gran Final (desempate)', matches: [slot(4, { status: 'void' })] },
              ],
            },
          ],
        },
      ]),
      champion: ana,
    };
    renderAt('/tournaments/1/bracket', tournament({ type: 'double_elimination', status: 'finished' }), {
      'GET /api/tournaments/1/bracket': { body: view },
    });
    for (const name of ['Bracket de Ganadores', 'Bracket de Perdedores', 'Gran Final']) {
      expect(await screen.findByRole('heading', { name, level: 2 })).toBeInTheDocument();
    }
    expect(screen.getByText('Campeón: ana')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Gran Final (desempate)' })).getByText('No se juega'),
    ).toBeInTheDocument();
  });

  it('shows the round robin table sorted by wins with the win percentage and the leader', async () => {
    const standings: TTournamentStandings = {
      tournamentId: 1,
      kind: 'round_robin',
      round: 3,
      rows: [
        standingRow(1, 'ana', { wins: 2, losses: 0, draws: 1, matchPoints: 7 }),
        standingRow(2, 'beto', { wins: 2, losses: 1, matchPoints: 6 }),
        standingRow(3, 'carla', { wins: 0, losses: 2, draws: 1, matchPoints: 1 }),
      ],
    };
    const view = bracketOf('round_robin', [
      {
        stage: 'main',
        type: 'round_robin',
        groups: [
          {
            group: 'round_robin',
            rounds: [
              {
                round: 1,
                label: 'Fecha 1',
                matches: [slot(1, { player1: ana, player2: beto, status: 'completed' })],
              },
            ],
          },
        ],
      },
    ]);
    renderAt('/tournaments/1/bracket', tournament({ type: 'round_robin', status: 'in_progress' }), {
      'GET /api/tournaments/1/bracket': { body: view },
      'GET /api/tournaments/1/standings': { body: standings },
    });
    const table = await screen.findByRole('table', { name: 'Tabla de posiciones' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['1', 'anaLíder', '2', '0', '100%'],
      ['2', 'beto', '2', '1', '67%'],
      ['3', 'carla', '0', '2', '0%'],
    ]);
    expect(within(rows[0]!).getByTitle('Líder')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Fecha 1' })).getByText('Finalizado'),
    ).toBeInTheDocument();
  });

  it('points a Swiss without its playoff to Partidas and Posiciones', async () => {
    renderAt('/tournaments/1/bracket', tournament({ status: 'in_progress', phase: 'swiss', round: 1 }), {
      'GET /api/tournaments/1/bracket': { body: bracketOf('swiss', []) },
    });
    expect(await screen.findByRole('link', { name: 'Partidas' })).toHaveAttribute(
      'href',
      '/tournaments/1/matches',
    );
    expect(screen.getByRole('link', { name: 'Posiciones' })).toHaveAttribute(
      'href',
      '/tournaments/1/leaderboard',
    );
  });

  it("shows a Swiss's top cut once built", async () => {
    const view = bracketOf('swiss', [
      {
        stage: 'playoff',
        type: 'single_elimination',
        groups: [
          {
            group: 'main',
            rounds: [
              {
                round: 1,
                label: 'Final',
                matches: [slot(1, { player1: ana, player2: dario, status: 'pending' })],
              },
            ],
          },
        ],
      },
    ]);
    renderAt('/tournaments/1/bracket', tournament({ status: 'in_progress', phase: 'playoff', topCut: 4 }), {
      'GET /api/tournaments/1/bracket': { body: view },
    });
    expect(await screen.findByRole('heading', { name: 'Top 4' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Final' })).getByText('dario')).toBeInTheDocument();
  });
});

describe('Posiciones', () => {
  const swissStandings: TTournamentStandings = {
    tournamentId: 1,
    kind: 'swiss',
    round: 3,
    rows: [
      standingRow(1, 'ana', { wins: 3, matchPoints: 9, omwp: 51.85, gwp: 85.71, ogwp: 53.57 }),
      standingRow(2, 'eva', { wins: 2, losses: 1, matchPoints: 6, omwp: 66.67, gwp: 71.43, ogwp: 61.9 }),
      standingRow(3, 'fede', { wins: 2, losses: 1, matchPoints: 6, omwp: 50, gwp: 66.67, ogwp: 52.38 }),
      standingRow(4, 'dario', { losses: 2, matchPoints: 0, mwp: 33, dropped: true }),
    ],
  };

  it('shows the Swiss tiebreakers with their legend, the top three tinted and the dropped marked', async () => {
    renderAt('/tournaments/1/leaderboard', tournament({ status: 'in_progress', phase: 'swiss', round: 3 }), {
      'GET /api/tournaments/1/standings': { body: swissStandings },
    });
    const table = await screen.findByRole('table', { name: 'Posiciones del torneo' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['#', 'Jugador', 'V-D-E', 'Puntos', 'OMW%', 'GW%', 'OGW%']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', 'ana', '3-0-0', '9', '51,85 %', '85,71 %', '53,57 %']);
    expect(rows.map((r) => r.getAttribute('data-tint'))).toEqual(['gold', 'silver', 'bronze', null]);
    expect(within(rows[3]!).getByText('Abandonó')).toBeInTheDocument();
    const legend = screen.getByRole('region', { name: 'Desempates' });
    expect(
      within(legend)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['OMW%', 'GW%', 'OGW%']);
    expect(screen.getByText('Después de la ronda 3')).toBeInTheDocument();
  });

  it('leaves the tiebreakers out of a round robin', async () => {
    renderAt('/tournaments/1/leaderboard', tournament({ type: 'round_robin', status: 'in_progress' }), {
      'GET /api/tournaments/1/standings': { body: { ...swissStandings, kind: 'round_robin' } },
    });
    const table = await screen.findByRole('table', { name: 'Posiciones del torneo' });
    expect(within(table).queryByRole('columnheader', { name: 'OMW%' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Desempates' })).not.toBeInTheDocument();
  });

  it('says how an elimination bracket orders its players instead of a round', async () => {
    renderAt(
      '/tournaments/1/leaderboard',
      tournament({ type: 'double_elimination', status: 'in_progress' }),
      {
        'GET /api/tournaments/1/standings': { body: { ...swissStandings, kind: 'elimination' } },
      },
    );
    await screen.findByRole('table', { name: 'Posiciones del torneo' });
    expect(screen.getByText('Ordenadas por cuánto avanzó cada jugador en el bracket')).toBeInTheDocument();
    expect(screen.queryByText('Después de la ronda 3')).not.toBeInTheDocument();
  });
});

describe('Calendario', () => {
  it("lists the tournament's milestones with their date in Buenos Aires and whether they happened", async () => {
    const calendar = [
      { label: 'Inscripción abierta', at: '2026-11-01T12:00:00.000Z', done: true },
      { label: 'Inicio del torneo', at: '2026-11-28T20:00:00.000Z', done: true },
      { label: 'Ronda 1', at: '2026-11-28T20:10:00.000Z', done: true },
      { label: 'Ronda 2', at: null, done: false },
      { label: 'Final', at: null, done: false },
    ];
    renderAt('/tournaments/1/calendar', tournament({ status: 'in_progress', calendar }));
    const list = await screen.findByRole('list', { name: 'Calendario del torneo' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(within(items[1]!).getByText('Inicio del torneo')).toBeInTheDocument();
    expect(within(items[1]!).getByText('sábado, 28 de noviembre de 2026, 17:00')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Cumplido')).toBeInTheDocument();
    expect(within(items[3]!).getByText('Fecha a confirmar')).toBeInTheDocument();
    expect(within(items[3]!).getByText('Próximo')).toBeInTheDocument();
  });
});
