/** The navigation state of /login after a session ended: where to return, and why. */
export interface LoginState {
  from?: string;
  /** The session expired (SPEC §8 notice: Tu sesión ha expirado…). */
  expired?: boolean;
}

export function isExpiredLogin(state: unknown): boolean {
  return (state as LoginState | null)?.expired === true;
}
