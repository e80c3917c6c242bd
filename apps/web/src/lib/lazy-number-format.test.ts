import { afterEach, describe, expect, it } from 'vitest';
import buildFormatNumber from './lazy-number-format';

describe('buildFormatNumber (lazy)', () => {
  const Real = Intl.NumberFormat;
  afterEach(() => {
    Intl.NumberFormat = Real;
  });

  it('formats as Intl.NumberFormat does, and only builds the formatter on the first number', () => {
    let built = 0;
    Intl.NumberFormat = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        built += 1;
      }
    } as typeof Real;
    const format = buildFormatNumber('es-ES');
    expect(built).toBe(0);
    expect(format(12345)).toBe(new Real('es-ES').format(12345));
    expect(format(7)).toBe('7');
    expect(built).toBe(1);
  });

  it('writes what is not a finite number as text, and falls back to text for a bad locale', () => {
    expect(buildFormatNumber('es-ES')(Number.NaN)).toBe('NaN');
    expect(buildFormatNumber('es-ES')(Number.POSITIVE_INFINITY)).toBe('Infinity');
    expect(buildFormatNumber('not a locale!')(1234)).toBe('1234');
  });
});
