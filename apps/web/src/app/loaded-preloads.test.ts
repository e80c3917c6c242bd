import { describe, expect, it } from 'vitest';
import type { ResolvedConfig } from 'vite';
import {
  loadedBefore,
  ownPreloadHelper,
  skipLoadedPreloads,
  stillToLoad,
  VITE_PRELOAD_HELPER,
} from '../../build/loaded-preloads';
import { generateBundle } from '../test/build-plugin';

/** A build like the app's: the router's file imports React and MUI, and loads the screens. */
const BUILD = new Map<string, readonly string[]>([
  ['assets/boot.js', []],
  ['assets/react.js', ['assets/boot.js']],
  ['assets/ui.js', ['assets/react.js', 'assets/boot.js']],
  ['assets/app.js', ['assets/ui.js', 'assets/react.js']],
  ['assets/match-list.js', ['assets/ui.js']],
  ['assets/home-page.js', ['assets/app.js', 'assets/match-list.js', 'assets/ui.js']],
  ['assets/profile-page.js', ['assets/app.js', 'assets/charts.js']],
  ['assets/charts.js', ['assets/react.js']],
]);

describe('loadedBefore', () => {
  it('is the chunk and everything it imports statically, through other chunks too', () => {
    expect([...loadedBefore(BUILD, 'assets/app.js')].sort()).toEqual([
      'assets/app.js',
      'assets/boot.js',
      'assets/react.js',
      'assets/ui.js',
    ]);
  });

  it('is only the chunk itself when it imports nothing', () => {
    expect([...loadedBefore(BUILD, 'assets/boot.js')]).toEqual(['assets/boot.js']);
  });
});

describe('stillToLoad', () => {
  it("drops from a screen's preloads the files its importer has run already, in Vite's order", () => {
    const vite = [
      'assets/app.js',
      'assets/ui.js',
      'assets/react.js',
      'assets/boot.js',
      'assets/match-list.js',
      'assets/home-page.js',
    ];
    expect(stillToLoad(BUILD, 'assets/app.js', vite)).toEqual([
      'assets/match-list.js',
      'assets/home-page.js',
    ]);
  });

  it('keeps every file when the importer has loaded none of them', () => {
    expect(stillToLoad(BUILD, 'assets/boot.js', ['assets/charts.js', 'assets/react.js'])).toEqual([
      'assets/charts.js',
      'assets/react.js',
    ]);
  });
});

describe('skipLoadedPreloads', () => {
  const bundle = () =>
    Object.fromEntries(
      [...BUILD].map(([fileName, imports]) => [fileName, { type: 'chunk', fileName, imports }]),
    );

  it("answers Vite with the bundle's graph once the bundle is known", () => {
    const { plugin, resolveDependencies } = skipLoadedPreloads();
    generateBundle(plugin, bundle());
    expect(
      resolveDependencies(
        'assets/profile-page.js',
        ['assets/react.js', 'assets/charts.js', 'assets/profile-page.js'],
        {
          hostId: 'assets/app.js',
          hostType: 'js',
        },
      ),
    ).toEqual(['assets/charts.js', 'assets/profile-page.js']);
  });

  it("leaves index.html's preloads as Vite lists them", () => {
    const { plugin, resolveDependencies } = skipLoadedPreloads();
    generateBundle(plugin, bundle());
    expect(
      resolveDependencies('assets/app.js', ['assets/react.js'], { hostId: 'index.html', hostType: 'html' }),
    ).toEqual(['assets/react.js']);
  });

  it('fails the build when Vite asks before the bundle is known, rather than preloading everything', () => {
    const { resolveDependencies } = skipLoadedPreloads();
    expect(() =>
      resolveDependencies('assets/home-page.js', ['assets/react.js'], {
        hostId: 'assets/app.js',
        hostType: 'js',
      }),
    ).toThrow(/before the bundle/);
  });
});

describe('ownPreloadHelper', () => {
  it("makes Vite's preload helper module re-export the build's own, and loads nothing else", () => {
    const plugin = ownPreloadHelper('src/lib/preload-helper.ts');
    (plugin.configResolved as (config: Pick<ResolvedConfig, 'root'>) => void)({ root: '/w' });
    const load = plugin.load as (id: string) => string | null;
    expect(load(VITE_PRELOAD_HELPER)).toBe('export { __vitePreload } from "/w/src/lib/preload-helper.ts";');
    expect(load('/w/src/main.tsx')).toBeNull();
    expect(plugin.enforce).toBe('pre');
  });
});

describe("ownPreloadHelper's check", () => {
  const configured = () => {
    const plugin = ownPreloadHelper('src/lib/preload-helper.ts');
    (plugin.configResolved as (config: Pick<ResolvedConfig, 'root'>) => void)({ root: '/w' });
    return plugin;
  };
  const chunk = (moduleIds: string[], dynamicImports: string[] = []) => ({
    type: 'chunk',
    moduleIds,
    dynamicImports,
  });

  it("fails the build when the import() calls do not use the build's helper", () => {
    const bundle = {
      'app.js': chunk(['/w/src/app/router.tsx'], ['home.js']),
      'boot.js': chunk(['\0vite/preload-helper.js']),
    };
    expect(() => generateBundle(configured(), bundle)).toThrow(/do not use src\/lib\/preload-helper.ts/);
  });

  it('passes when they do, or when the build has no import()', () => {
    const used = {
      'app.js': chunk(['/w/src/app/router.tsx'], ['home.js']),
      'boot.js': chunk(['/w/src/lib/preload-helper.ts']),
    };
    expect(() => generateBundle(configured(), used)).not.toThrow();
    expect(() => generateBundle(configured(), { 'app.js': chunk(['/w/src/app/router.tsx']) })).not.toThrow();
  });
});
