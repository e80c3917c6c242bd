import type { RankingRow } from '../../components/ranking-table';
import type { BracketSide, TournamentMatch, TournamentType } from './tournament';

/** An empty seat: its opponent goes through without playing. */
export const BYE: unique symbol = Symbol('bye');
/** A seat holds a player's name, a bye, or null while the player is not known yet. */
export type Slot = string | typeof BYE | null;

export const BYE_LABEL = 'Libre';
export const TBD_LABEL = 'Por definir';

export function slotLabel(slot: Slot): string {
  if (slot === BYE) return BYE_LABEL;
  return slot ?? TBD_LABEL;
}

export type MatchStatus = 'finished' | 'pending' | 'tbd';

export const MATCH_STATUS_LABELS: Record<MatchStatus, string> = {
  finished: 'Finalizado',
  pending: 'Pendiente',
  tbd: 'Por definir',
};

export const MATCH_STATUS_COLORS: Record<MatchStatus, 'success' | 'warning' | 'default'> = {
  finished: 'success',
  pending: 'warning',
  tbd: 'default',
};

/** SPEC §2: Finalizado when there is a winner, Pendiente when both players are set, else Por definir. */
export function matchStatus(match: { player1: Slot; player2: Slot; winner: Slot }): MatchStatus {
  if (typeof match.winner === 'string') return 'finished';
  if (typeof match.player1 === 'string' && typeof match.player2 === 'string') return 'pending';
  return 'tbd';
}

export interface BracketMatch {
  key: string;
  bracket: BracketSide;
  round: number;
  position: number;
  /** The stored match behind this seat, if any. */
  id: number | null;
  player1: Slot;
  player2: Slot;
  winner: Slot;
}

export interface BracketRound {
  round: number;
  label: string;
  matches: BracketMatch[];
}

/** Single elimination labels counted from the end, so a 4-player bracket opens with its semifinals. */
export function singleEliminationRoundLabel(round: number, totalRounds: number): string {
  if (round === totalRounds) return 'Final';
  if (round === totalRounds - 1) return 'Semifinales';
  if (round === totalRounds - 2 && round > 1) return 'Cuartos de Final';
  if (round === 1) return 'Primera Ronda';
  return `Ronda ${round}`;
}

/** The smallest power of two that seats every player. */
export function bracketSize(players: number, minimum = 2): number {
  let size = minimum;
  while (size < players) size *= 2;
  return size;
}

/** First-round pairs in participant order; byes go to the first seeds, one per match. */
export function seedFirstRound(players: string[], size: number): [Slot, Slot][] {
  const byes = size - players.length;
  const pairs: [Slot, Slot][] = [];
  let next = 0;
  for (let m = 0; m < size / 2; m++) {
    const first = players[next++] ?? BYE;
    const second = m < byes ? BYE : (players[next++] ?? BYE);
    pairs.push([first, second]);
  }
  return pairs;
}

type StoredSeats = Map<string, TournamentMatch>;

/** Stored matches of one side by round and seat: within a round, seats follow the match ids. */
function storedSeats(matches: TournamentMatch[], side: BracketSide, isDefaultSide: boolean): StoredSeats {
  const byRound = new Map<number, TournamentMatch[]>();
  for (const m of matches) {
    const matchSide = m.bracket ?? (isDefaultSide ? side : undefined);
    if (matchSide !== side) continue;
    byRound.set(m.round, [...(byRound.get(m.round) ?? []), m]);
  }
  const seats: StoredSeats = new Map();
  for (const [round, list] of byRound) {
    [...list].sort((a, b) => a.id - b.id).forEach((m, position) => seats.set(`${round}:${position}`, m));
  }
  return seats;
}

function seat(
  side: BracketSide,
  round: number,
  position: number,
  derived: [Slot, Slot],
  seats: StoredSeats,
): BracketMatch {
  const stored = seats.get(`${round}:${position}`);
  const player1 = stored?.player1 ?? derived[0];
  const player2 = stored?.player2 ?? derived[1];
  let winner: Slot = null;
  if (stored?.winner && (stored.winner === player1 || stored.winner === player2)) winner = stored.winner;
  else if (player1 === BYE && player2 !== null) winner = player2;
  else if (player2 === BYE && player1 !== null) winner = player1;
  return {
    key: `${side}-${round}-${position}`,
    bracket: side,
    round,
    position,
    id: stored?.id ?? null,
    player1,
    player2,
    winner,
  };
}

export function loserOf(match: BracketMatch): Slot {
  if (match.winner === null) return null;
  if (match.winner === BYE) return BYE;
  return match.winner === match.player1 ? match.player2 : match.player1;
}

function pairWinners(previous: BracketMatch[]): [Slot, Slot][] {
  const pairs: [Slot, Slot][] = [];
  for (let i = 0; i < previous.length; i += 2)
    pairs.push([previous[i]!.winner, previous[i + 1]?.winner ?? null]);
  return pairs;
}

function eliminationRounds(
  side: BracketSide,
  firstRound: [Slot, Slot][],
  seats: StoredSeats,
  label: (round: number, total: number) => string,
): BracketRound[] {
  const total = Math.log2(firstRound.length * 2);
  const rounds: BracketRound[] = [];
  let pairs = firstRound;
  for (let round = 1; round <= total; round++) {
    const matches = pairs.map((pair, position) => seat(side, round, position, pair, seats));
    rounds.push({ round, label: label(round, total), matches });
    pairs = pairWinners(matches);
  }
  return rounds;
}

export function buildSingleElimination(players: string[], matches: TournamentMatch[]): BracketRound[] {
  const size = bracketSize(players.length);
  return eliminationRounds(
    'winners',
    seedFirstRound(players, size),
    storedSeats(matches, 'winners', true),
    singleEliminationRoundLabel,
  );
}

export interface DoubleEliminationBracket {
  winners: BracketRound[];
  losers: BracketRound[];
  grandFinal: BracketMatch;
}

export const DOUBLE_ELIMINATION_LABELS = {
  winners: 'Bracket de Ganadores',
  losers: 'Bracket de Perdedores',
  grandFinal: 'Gran Final',
} as const;

/**
 * Winners bracket as in single elimination. Losers round 1 pairs the first-round losers; each
 * even losers round meets the survivors with the losers of the next winners round; each odd one
 * after that halves the field. The grand final is the winners champion against the losers one.
 */
export function buildDoubleElimination(
  players: string[],
  matches: TournamentMatch[],
): DoubleEliminationBracket {
  const size = bracketSize(players.length, 4);
  const winners = eliminationRounds(
    'winners',
    seedFirstRound(players, size),
    storedSeats(matches, 'winners', true),
    (round, total) => (round === total ? 'Final de Ganadores' : `Ronda ${round}`),
  );
  const losersSeats = storedSeats(matches, 'losers', false);
  const losersTotal = 2 * (winners.length - 1);
  const losers: BracketRound[] = [];
  let survivors: BracketMatch[] = [];
  for (let round = 1; round <= losersTotal; round++) {
    let pairs: [Slot, Slot][];
    if (round === 1) {
      const dropped = winners[0]!.matches.map(loserOf);
      pairs = [];
      for (let i = 0; i < dropped.length; i += 2) pairs.push([dropped[i]!, dropped[i + 1] ?? null]);
    } else if (round % 2 === 0) {
      const dropping = winners[round / 2]!.matches;
      pairs = survivors.map((m, i) => [m.winner, dropping[i] ? loserOf(dropping[i]) : null]);
    } else {
      pairs = pairWinners(survivors);
    }
    const label = round === losersTotal ? 'Final de Perdedores' : `Ronda ${round}`;
    survivors = pairs.map((pair, position) => seat('losers', round, position, pair, losersSeats));
    losers.push({ round, label, matches: survivors });
  }
  const winnersChampion = winners.at(-1)!.matches[0]!.winner;
  const losersChampion = survivors[0]?.winner ?? null;
  const grandFinal = seat(
    'grand_final',
    1,
    0,
    [winnersChampion, losersChampion],
    storedSeats(matches, 'grand_final', false),
  );
  return { winners, losers, grandFinal };
}

/**
 * Everyone meets everyone once (circle method: the first player stays, the rest rotate). With
 * an odd count one player rests each round. A stored result between the two players fills it in.
 */
export function buildRoundRobin(players: string[], matches: TournamentMatch[]): BracketRound[] {
  const seats: Slot[] = players.length % 2 === 0 ? [...players] : [...players, BYE];
  const rounds: BracketRound[] = [];
  for (let round = 1; round < seats.length; round++) {
    const roundMatches: BracketMatch[] = [];
    for (let i = 0; i < seats.length / 2; i++) {
      const a = seats[i]!;
      const b = seats[seats.length - 1 - i]!;
      if (a === BYE || b === BYE) continue;
      const stored = matches.find(
        (m) => (m.player1 === a && m.player2 === b) || (m.player1 === b && m.player2 === a),
      );
      const winner = stored?.winner === a || stored?.winner === b ? stored.winner : null;
      roundMatches.push({
        key: `winners-${round}-${i}`,
        bracket: 'winners',
        round,
        position: roundMatches.length,
        id: stored?.id ?? null,
        player1: a,
        player2: b,
        winner,
      });
    }
    rounds.push({ round, label: `Ronda ${round}`, matches: roundMatches });
    seats.splice(1, 0, seats.pop()!);
  }
  return rounds;
}

export interface Standing {
  player: string;
  wins: number;
  losses: number;
  /** wins / (wins + losses), as a rounded percentage; 0 before any result. */
  winPercent: number;
  leader: boolean;
}

/**
 * Each decided match between two participants counts a win and a loss. Sorted by wins, then
 * fewer losses, then name; the first row leads once anybody has won.
 */
export function standings(players: string[], matches: TournamentMatch[]): Standing[] {
  const tally = new Map(players.map((p) => [p, { wins: 0, losses: 0 }]));
  for (const m of matches) {
    if (!m.winner || !m.player1 || !m.player2) continue;
    const loser = m.winner === m.player1 ? m.player2 : m.winner === m.player2 ? m.player1 : null;
    const won = tally.get(m.winner);
    const lost = loser === null ? undefined : tally.get(loser);
    if (!won || !lost) continue;
    won.wins++;
    lost.losses++;
  }
  const rows = [...tally].map(([player, { wins, losses }]) => ({
    player,
    wins,
    losses,
    winPercent: wins + losses === 0 ? 0 : Math.round((wins / (wins + losses)) * 100),
    leader: false,
  }));
  rows.sort((a, b) => b.wins - a.wins || a.losses - b.losses || a.player.localeCompare(b.player, 'es'));
  if (rows[0] && rows[0].wins > 0) rows[0].leader = true;
  return rows;
}

/** Leaderboard score: three points a win. */
export const POINTS_PER_WIN = 3;

/** The Posiciones table: games played, wins and points per participant, in standings order. */
export function leaderboardRows(players: string[], matches: TournamentMatch[]): RankingRow[] {
  return standings(players, matches).map((s) => ({
    id: s.player,
    name: s.player,
    matches: s.wins + s.losses,
    wins: s.wins,
    points: s.wins * POINTS_PER_WIN,
  }));
}

const SIDE_LABELS: Record<BracketSide, string> = {
  winners: 'Ganadores',
  losers: 'Perdedores',
  grand_final: DOUBLE_ELIMINATION_LABELS.grandFinal,
};

/** Where a stored match belongs, as the Partidas list shows it. */
export function matchCaption(type: TournamentType, participantCount: number, match: TournamentMatch): string {
  switch (type) {
    case 'single_elimination':
      return singleEliminationRoundLabel(match.round, Math.log2(bracketSize(participantCount)));
    case 'double_elimination': {
      const side = match.bracket ?? 'winners';
      return side === 'grand_final' ? SIDE_LABELS[side] : `${SIDE_LABELS[side]} · Ronda ${match.round}`;
    }
    case 'round_robin':
      return `Ronda ${match.round}`;
  }
}
