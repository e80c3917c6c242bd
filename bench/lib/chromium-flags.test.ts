import * as chromeLauncher from 'chrome-launcher';
import { describe, expect, it } from 'vitest';
import { DISABLED_FEATURES, disableFeaturesFlag } from '../../scripts/chromium-flags.mjs';
import { CHROME_FLAGS } from './lighthouse';

const PREFIX = '--disable-features=';

function features(flag: string): string[] {
  expect(flag.startsWith(PREFIX)).toBe(true);
  return flag.slice(PREFIX.length).split(',');
}

describe('disableFeaturesFlag', () => {
  it("carries the launcher's features, then ours, each once", () => {
    const flag = disableFeaturesFlag(
      ['--no-sandbox', '--disable-features=A,B', '--enable-features=C', '--disable-features=B,D'],
      ['D', 'E'],
    );
    expect(flag).toBe('--disable-features=A,B,D,E');
  });

  it('turns off the address bar popup when the launcher gives no list of its own', () => {
    expect(features(disableFeaturesFlag(['--headless']))).toEqual([...DISABLED_FEATURES]);
    expect(DISABLED_FEATURES).toContain('WebUIOmniboxPopup');
  });

  it('ignores empty entries', () => {
    expect(disableFeaturesFlag(['--disable-features=', '--disable-features=A,,B'], [])).toBe(
      '--disable-features=A,B',
    );
  });
});

describe("the bench's Lighthouse flags", () => {
  it("end with one --disable-features holding chrome-launcher's list and ours", () => {
    const own = chromeLauncher.Launcher.defaultFlags().filter((flag) => flag.startsWith(PREFIX));
    expect(own).toHaveLength(1);
    const last = CHROME_FLAGS.filter((flag) => flag.startsWith(PREFIX));
    expect(last).toHaveLength(1);
    expect(CHROME_FLAGS.at(-1)).toBe(last[0]);
    const carried = features(last[0]!);
    for (const feature of [...features(own[0]!), ...DISABLED_FEATURES]) expect(carried).toContain(feature);
  });
});
