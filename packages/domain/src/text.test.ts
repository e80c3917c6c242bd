import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ZRegisterRequest } from './auth';
import * as MSG from './message-texts';
import { hasInvisibleCharacter, normalizeUsername, usernameError } from './text';

const FILLERS = ['\u3164', '\u115f', '\u1160', '\uffa0', '\u2800', '\u180e', '\u17b5'];

function registerMessage(username: string): string | null {
  const parsed = ZRegisterRequest.safeParse({ username, email: 'a@b.co', password: 'secreto1' });
  return parsed.success ? null : parsed.error.issues[0]!.message;
}

describe('normalizeUsername', () => {
  it('turns compatibility forms into the letters they stand for (NFKC)', () => {
    expect(normalizeUsername('ａｌｉｃｅ')).toBe('alice');
    expect(normalizeUsername(' ﬁona ')).toBe('fiona');
    expect(normalizeUsername('Jose\u0301')).toBe('José');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (raw) => {
        const once = normalizeUsername(raw);
        expect(normalizeUsername(once)).toBe(once);
      }),
    );
  });
});

describe('usernameError', () => {
  it.each(FILLERS)('refuses the invisible filler U+%s, alone or among letters', (filler) => {
    const code = filler.codePointAt(0)!;
    const blank = filler.repeat(3);
    const mixed = `ana${filler}`;
    for (const name of [blank, mixed]) {
      const expected = /^[\p{L}\p{N}]$/u.test(filler) ? MSG.usernameInvisible : MSG.usernameChars;
      expect(usernameError(normalizeUsername(name)), code.toString(16)).toBe(expected);
      expect(registerMessage(name)).toBe(expected);
    }
  });

  it('names the Hangul fillers, which are letters by category, as invisible', () => {
    for (const name of ['ㅤㅤㅤ', '\u115f\u115f\u115f', 'ana\uffa0']) {
      expect(registerMessage(name)).toBe(MSG.usernameInvisible);
    }
  });

  it('keeps names written wholly in another script', () => {
    for (const name of ['Дмитрий', 'Σωκράτης', 'José_92', 'ñandú', '李小龍']) {
      expect(usernameError(normalizeUsername(name))).toBeNull();
      expect(registerMessage(name)).toBeNull();
    }
  });

  it('keeps the length and character rules of SPEC §5', () => {
    expect(usernameError('ab')).toBe(MSG.usernameMin);
    expect(usernameError('a'.repeat(31))).toBe(MSG.usernameMax);
    expect(usernameError('ana maria')).toBe(MSG.usernameChars);
    expect(usernameError('ana.maria-92_x')).toBeNull();
  });

  it('never accepts a name with a character that draws nothing', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 20 }),
        fc.constantFrom(...FILLERS),
        fc.string({ unit: 'grapheme', maxLength: 20 }),
        (before, filler, after) => {
          const name = normalizeUsername(`${before}${filler}${after}x`);
          if (hasInvisibleCharacter(name)) expect(usernameError(name)).not.toBeNull();
        },
      ),
    );
  });
});
