import { createHash, randomBytes, randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: a code read aloud or copied from a screen is typed right. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** An invitation code such as K7Q2-M9XD-3FPA: 12 symbols, about 59 bits. */
export function newInvitationCode(): string {
  const symbols = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${symbols.slice(0, 4)}-${symbols.slice(4, 8)}-${symbols.slice(8, 12)}`;
}

/** Only the hash is stored; dashes, spaces and case do not matter when it is typed back. */
export function invitationHash(code: string): string {
  const canonical = code.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return createHash('sha256').update(`mitos-invitation:${canonical}`).digest('base64url');
}

/** A placeholder's email: never delivered (.invalid is reserved), unique, replaced on claim. */
export function placeholderEmail(): string {
  return `sin-cuenta-${randomBytes(9).toString('hex')}@jugador.invalid`;
}
