import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { usernameSkeleton } from './username-skeleton';

/** Latin letters and the Cyrillic or Greek letters drawn the same way. */
const LOOK_ALIKES: Record<string, string[]> = {
  a: ['\u0430', '\u03b1'],
  c: ['\u0441'],
  e: ['\u0435'],
  o: ['\u043e', '\u03bf', '0'],
  p: ['\u0440', '\u03c1'],
  x: ['\u0445'],
  y: ['\u0443'],
  i: ['\u0456'],
  l: ['1', 'I'],
};

const latinName = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789._-'.split('')),
  minLength: 3,
  maxLength: 30,
});

describe('usernameSkeleton', () => {
  it('gives look-alike names one skeleton', () => {
    const alice = usernameSkeleton('alice');
    for (const name of ['аlice', 'ａｌｉｃｅ', 'Аlice', 'alіce', 'Alice']) {
      expect(usernameSkeleton(name), name).toBe(alice);
    }
    expect(usernameSkeleton('martin')).toBe(usernameSkeleton('rnartin'));
    expect(usernameSkeleton('Ilse')).toBe(usernameSkeleton('llse'));
  });

  it('tells different names apart, in any script', () => {
    expect(usernameSkeleton('alice')).not.toBe(usernameSkeleton('alicia'));
    expect(usernameSkeleton('Дмитрий')).not.toBe(usernameSkeleton('Dmitri'));
    expect(usernameSkeleton('Σωκράτης')).not.toBe(usernameSkeleton('Sokrates'));
  });

  it('maps any swap of a letter for its look-alike to the same skeleton', () => {
    fc.assert(
      fc.property(latinName, fc.array(fc.nat()), (name, picks) => {
        let i = 0;
        const disguised = [...name]
          .map((ch) => {
            const options = LOOK_ALIKES[ch];
            const pick = picks[i++ % Math.max(picks.length, 1)] ?? 0;
            return options && pick % 2 === 0 ? options[pick % options.length]! : ch;
          })
          .join('');
        expect(usernameSkeleton(disguised)).toBe(usernameSkeleton(name));
      }),
    );
  });

  it('is stable: the skeleton of a skeleton is itself, and it has no capital letters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (name) => {
        const skeleton = usernameSkeleton(name);
        expect(skeleton.toLowerCase()).toBe(skeleton);
        expect(usernameSkeleton(skeleton)).toBe(skeleton);
      }),
    );
  });
});
