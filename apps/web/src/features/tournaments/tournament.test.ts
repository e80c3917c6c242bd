import { describe, expect, it } from 'vitest';
import { SAMPLE_TOURNAMENTS } from './data/sample-tournaments';
import { buildDoubleElimination, buildRoundRobin, buildSingleElimination } from './bracket';
import {
  isCompleted,
  showsSignUp,
  splitTournaments,
  TOURNAMENT_STATUSES,
  TOURNAMENT_TYPES,
  tournamentStatusColor,
  tournamentStatusLabel,
  ZTournamentList,
} from './tournament';

describe('tournament statuses', () => {
  it('labels open, in progress and completed in Spanish', () => {
    expect(tournamentStatusLabel('open')).toBe('Abierto');
    expect(tournamentStatusLabel('in_progress')).toBe('En Progreso');
    expect(tournamentStatusLabel('completed')).toBe('Finalizado');
    expect(tournamentStatusColor('open')).toBe('success');
    expect(tournamentStatusColor('in_progress')).toBe('warning');
  });

  it('does not treat the sample finished status as completed', () => {
    expect(isCompleted({ status: 'finished' })).toBe(false);
    expect(isCompleted({ status: 'completed' })).toBe(true);
    const { active, completed } = splitTournaments([
      { status: 'open' },
      { status: 'in_progress' },
      { status: 'finished' },
      { status: 'completed' },
    ] as const);
    expect(active.map((t) => t.status)).toEqual(['open', 'in_progress', 'finished']);
    expect(completed.map((t) => t.status)).toEqual(['completed']);
  });
});

describe('sign-up button', () => {
  it('shows while open or in progress, not once finished', () => {
    expect(showsSignUp({ status: 'open' })).toBe(true);
    expect(showsSignUp({ status: 'in_progress' })).toBe(true);
    expect(showsSignUp({ status: 'completed' })).toBe(false);
    expect(showsSignUp({ status: 'finished' })).toBe(false);
  });
});

describe('sample tournaments', () => {
  it('match their schema', () => {
    expect(ZTournamentList.safeParse(SAMPLE_TOURNAMENTS).success).toBe(true);
  });

  it('cover every type and every status', () => {
    expect(new Set(SAMPLE_TOURNAMENTS.map((t) => t.type))).toEqual(new Set(TOURNAMENT_TYPES));
    expect(new Set(SAMPLE_TOURNAMENTS.map((t) => t.status))).toEqual(new Set(TOURNAMENT_STATUSES));
  });

  it('only name participants in their matches, with winners who played', () => {
    for (const t of SAMPLE_TOURNAMENTS) {
      const names = new Set(t.participants.map((p) => p.name));
      for (const m of t.matches) {
        for (const p of [m.player1, m.player2]) if (p) expect(names.has(p)).toBe(true);
        if (m.winner) expect([m.player1, m.player2]).toContain(m.winner);
      }
      if (t.winner) expect(names.has(t.winner)).toBe(true);
    }
  });

  it('crown the winner of the final in finished elimination tournaments', () => {
    for (const t of SAMPLE_TOURNAMENTS.filter((x) => x.winner && x.type !== 'round_robin')) {
      const names = t.participants.map((p) => p.name);
      const champion =
        t.type === 'single_elimination'
          ? buildSingleElimination(names, t.matches).at(-1)!.matches[0]!.winner
          : buildDoubleElimination(names, t.matches).grandFinal.winner;
      expect(champion).toBe(t.winner);
    }
  });

  it('place every round robin result in the schedule', () => {
    for (const t of SAMPLE_TOURNAMENTS.filter((x) => x.type === 'round_robin')) {
      const scheduled = buildRoundRobin(
        t.participants.map((p) => p.name),
        t.matches,
      ).flatMap((r) => r.matches.filter((m) => m.id !== null));
      expect(scheduled).toHaveLength(t.matches.length);
    }
  });
});
