import { MSG } from '@mitos/domain/messages';
import type { RankingRow } from '../../components/ranking-table';
import type { RankingPlayer } from './data/ranking-players';
import type { StoreResultMatch, StoreResultTeam } from './data/store-results';
import { findStore } from '../../lib/sample-stores';

/** Most points first; a tie goes to more wins, then fewer matches, then the name. */
export function rankPlayers(players: RankingPlayer[]): RankingPlayer[] {
  return [...players].sort(
    (a, b) =>
      b.points - a.points || b.wins - a.wins || a.matches - b.matches || a.name.localeCompare(b.name, 'es'),
  );
}

export function rankingRows(players: RankingPlayer[]): RankingRow[] {
  return rankPlayers(players).map((p) => ({
    id: p.id,
    name: p.name,
    code: p.torCode,
    store: findStore(p.storeId)?.name,
    matches: p.matches,
    wins: p.wins,
    points: p.points,
  }));
}

export function storeRankingRows(players: RankingPlayer[], storeId: number): RankingRow[] {
  return rankingRows(players.filter((p) => p.storeId === storeId));
}

/** A team's players by name, joined by commas; an id without a name reads Usuario. */
export function teamNames(team: StoreResultTeam, names: Record<number, string>): string {
  return team.players.map((id) => names[id] ?? MSG.fallbackUser).join(', ');
}

export function latestFirst(matches: StoreResultMatch[]): StoreResultMatch[] {
  return [...matches].sort((a, b) => b.match_date.localeCompare(a.match_date));
}
