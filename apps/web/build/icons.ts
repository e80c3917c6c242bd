import { readFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import type { Plugin } from 'vite';

/** One icon of the build: its file name, its size in pixels and the SVG it is drawn from. */
export interface IconSpec {
  fileName: string;
  size: number;
  svg: string;
}

/** The logo's inner drawing (what is inside its <svg>), and its viewBox. */
function logoParts(logoSvg: string): { viewBox: string; inner: string } {
  const open = /<svg\b[^>]*>/i.exec(logoSvg);
  const close = logoSvg.lastIndexOf('</svg>');
  if (!open || close < 0) throw new Error('logo.svg: not an <svg> document');
  const viewBox = /viewBox="([^"]+)"/i.exec(open[0])?.[1] ?? '0 0 64 64';
  return { viewBox, inner: logoSvg.slice(open.index + open[0].length, close) };
}

/**
 * The logo centred on a square of the background colour, taking `scale` of its side: for a
 * maskable icon the logo (a rounded square) must stay inside the central circle of 80 % of the
 * side that every platform's mask keeps, so its side is at most 0.8/√2 ≈ 0.56 of the icon's.
 */
export function logoOnBackground(logoSvg: string, background: string, scale: number): string {
  const { viewBox, inner } = logoParts(logoSvg);
  const side = 1000;
  const logo = side * scale;
  const offset = (side - logo) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}">` +
    `<rect width="${side}" height="${side}" fill="${background}"/>` +
    `<svg x="${offset}" y="${offset}" width="${logo}" height="${logo}" viewBox="${viewBox}">${inner}</svg>` +
    `</svg>`
  );
}

/** The icons the manifest and index.html name, from the logo and the theme's background. */
export function iconSpecs(logoSvg: string, background: string): IconSpec[] {
  return [
    { fileName: 'icon-192.png', size: 192, svg: logoSvg },
    { fileName: 'icon-512.png', size: 512, svg: logoSvg },
    { fileName: 'icon-maskable-512.png', size: 512, svg: logoOnBackground(logoSvg, background, 0.56) },
    // iOS fills a transparent corner with black and rounds the corners itself.
    { fileName: 'apple-touch-icon.png', size: 180, svg: logoOnBackground(logoSvg, background, 0.8) },
  ];
}

/** A PNG of `size`×`size` pixels drawn from an SVG by resvg (no native image library). */
export function renderPng(svg: string, size: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size }, font: { loadSystemFonts: false } })
    .render()
    .asPng();
}

/**
 * Renders public/logo.svg into the app's PNG icons at build time (docs/decisions/017), so that
 * they are never committed and always match the logo. In development the icons are not served:
 * only an installed (built) app needs them.
 */
export function pwaIcons(logoFile: string, background: string): Plugin {
  return {
    name: 'mitos-pwa-icons',
    apply: 'build',
    generateBundle() {
      const logo = readFileSync(logoFile, 'utf8');
      for (const icon of iconSpecs(logo, background)) {
        this.emitFile({ type: 'asset', fileName: icon.fileName, source: renderPng(icon.svg, icon.size) });
      }
    },
  };
}
