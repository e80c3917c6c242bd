/** Texts past these sizes are bulk writes, never worth keeping. */
const MAX_TEXT = 20_000;
const MAX_PARAMS = 500;
/** How many texts run once are remembered, waiting for their second run. */
const SEEN_LIMIT = 2_000;

/**
 * Which statements are worth preparing, on either database: a text's second run and later. One-off
 * statements (a migration, a seed's bulk insert whose text grows with its rows) are parsed once
 * and forgotten, as the drivers do with an unnamed statement.
 */
export class RepeatedStatements {
  readonly #seen = new Set<string>();

  /** Whether `text` has run before (and is not a bulk write); remembers it if not. */
  repeated(text: string, paramCount: number): boolean {
    if (text.length > MAX_TEXT || paramCount > MAX_PARAMS) return false;
    if (this.#seen.has(text)) return true;
    if (this.#seen.size >= SEEN_LIMIT) this.#seen.clear();
    this.#seen.add(text);
    return false;
  }
}
