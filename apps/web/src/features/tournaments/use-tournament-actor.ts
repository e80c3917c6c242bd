import { useCommunityMe } from '../../api/community';
import { useSession } from '../../api/session';
import type { TournamentActor } from './tournament-view';

/** Who the caller is for tournaments: their role and the stores they organise; null while unknown. */
export function useTournamentActor(): TournamentActor | null {
  const { user } = useSession();
  const me = useCommunityMe(user !== null);
  if (!user || !me.data) return null;
  return { id: user.id, role: user.role, organises: me.data.organises.map((s) => s.id) };
}
