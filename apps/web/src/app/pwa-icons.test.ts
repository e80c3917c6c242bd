import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { iconSpecs, logoOnBackground, renderPng } from '../../build/icons';
import { BRAND_COLORS } from '../lib/brand-colors';

const logo = readFileSync(path.resolve(import.meta.dirname, '../../public/logo.svg'), 'utf8');

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

/** The RGBA of one pixel of a rendered icon. */
function pixel(svg: string, size: number, x: number, y: number): number[] {
  const img = new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render();
  const i = (y * img.width + x) * 4;
  return [...img.pixels.subarray(i, i + 4)];
}

describe('the icons drawn from the logo at build time', () => {
  it('are the manifest’s and Apple’s sizes, as PNGs', () => {
    const specs = iconSpecs(logo, BRAND_COLORS.background);
    expect(specs.map((s) => [s.fileName, s.size])).toEqual([
      ['icon-192.png', 192],
      ['icon-512.png', 512],
      ['icon-maskable-512.png', 512],
      ['apple-touch-icon.png', 180],
    ]);
    for (const spec of specs) expect(pngSize(renderPng(spec.svg, spec.size))).toEqual([spec.size, spec.size]);
  });

  it('puts the maskable logo on the theme’s background, inside the safe zone', () => {
    const svg = logoOnBackground(logo, BRAND_COLORS.background, 0.56);
    // A corner and a point just outside the 80 % safe circle's square are background.
    expect(pixel(svg, 100, 0, 0)).toEqual([0x0b, 0x12, 0x20, 255]);
    expect(pixel(svg, 100, 21, 50)).toEqual([0x0b, 0x12, 0x20, 255]);
    // The middle is the logo.
    expect(pixel(svg, 100, 50, 50)).not.toEqual([0x0b, 0x12, 0x20, 255]);
  });
});
