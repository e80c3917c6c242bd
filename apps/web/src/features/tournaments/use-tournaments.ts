import { useCallback } from 'react';
import { useStoredState } from '../../lib/stored-state';
import { SAMPLE_TOURNAMENTS } from './data/sample-tournaments';
import { ZTournamentList, type Tournament } from './tournament';

export const TOURNAMENTS_STORAGE_KEY = 'mitos.tournaments';

/** All tournaments: the sample data until the user changes something, then what localStorage holds. */
export function useTournaments() {
  return useStoredState(TOURNAMENTS_STORAGE_KEY, ZTournamentList, () => SAMPLE_TOURNAMENTS);
}

/** One tournament by its route id; `save` stores the changed tournament and says whether that worked. */
export function useTournament(id: string | undefined) {
  const [tournaments, saveAll] = useTournaments();
  const tournament = tournaments.find((t) => String(t.id) === id) ?? null;
  const save = useCallback(
    (next: Tournament) => saveAll(tournaments.map((t) => (t.id === next.id ? next : t))),
    [tournaments, saveAll],
  );
  return { tournament, save };
}
