import { builtFrames, type StackMapper } from './stack-mapping';

/**
 * Session secrets that may appear in a log line: a `token` query parameter (the WebSocket
 * signs in with `/ws?token=…`), session cookies (`access_token=…`, `refresh_token=…`) and
 * bearer headers. A log is read by more people, and kept longer, than a session lives.
 */
const SECRET_PARAMETER = /((?:^|[?&;\s"])(?:token|access_token|refresh_token)=)[^&;\s"'#\\]+/gi;
const BEARER = /(Bearer\s+)[^\s"',;\\]+/gi;

export const REDACTED = '[redacted]';

/** The text with every session secret in it replaced by [redacted]. */
export function redactSecrets(text: string): string {
  return text.replace(SECRET_PARAMETER, `$1${REDACTED}`).replace(BEARER, `$1${REDACTED}`);
}

/**
 * The logger's options with redaction applied to every line as it is written, so whatever logs
 * a URL, an error message or a header (Fastify's request lines, a client error) cannot leak one;
 * and a stack's frames in the built server named by their lines in `src/` (http/stack-mapping).
 */
export function redactingLogger(options: object, frames: StackMapper = builtFrames): object {
  return { ...options, hooks: { streamWrite: (line: string) => redactSecrets(frames.map(line)) } };
}
