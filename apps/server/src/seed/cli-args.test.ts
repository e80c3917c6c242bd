import { describe, expect, it } from 'vitest';
import { UsageError, parseDemoArgs } from './cli-args';

describe('parseDemoArgs', () => {
  it('defaults to eighteen players and 160 matches', () => {
    expect(parseDemoArgs([])).toEqual({ players: 18, matches: 160 });
  });

  it('reads both flag forms', () => {
    expect(parseDemoArgs(['--players', '50', '--matches=100000'])).toEqual({ players: 50, matches: 100_000 });
    expect(parseDemoArgs(['--matches', '0'])).toEqual({ players: 18, matches: 0 });
  });

  it('refuses unknown flags and values that are not sizes', () => {
    for (const argv of [
      ['--jugadores', '5'],
      ['--players'],
      ['--players', '1'],
      ['--players', 'diez'],
      ['--matches', '-5'],
      ['--matches', '1.5'],
      ['--matches', '2000000'],
    ]) {
      expect(() => parseDemoArgs(argv), argv.join(' ')).toThrow(UsageError);
    }
  });
});
