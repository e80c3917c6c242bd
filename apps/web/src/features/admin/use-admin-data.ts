import { useStoredState } from '../../lib/stored-state';
import { ZAdminPlayerList, ZAdminResultList, type AdminPlayer, type AdminResult } from './admin-rules';
import { SAMPLE_LEAGUES } from './data/sample-leagues';
import { ZLeagueList } from './leagues';

export const ADMIN_STORAGE_KEYS = {
  players: 'mitos.admin.players',
  results: 'mitos.admin.results',
  leagues: 'mitos.leagues',
} as const;

const none = <T>(): T[] => [];

export function useAdminPlayers() {
  return useStoredState(ADMIN_STORAGE_KEYS.players, ZAdminPlayerList, none<AdminPlayer>);
}

export function useAdminResults() {
  return useStoredState(ADMIN_STORAGE_KEYS.results, ZAdminResultList, none<AdminResult>);
}

export function useLeagues() {
  return useStoredState(ADMIN_STORAGE_KEYS.leagues, ZLeagueList, () => SAMPLE_LEAGUES);
}
