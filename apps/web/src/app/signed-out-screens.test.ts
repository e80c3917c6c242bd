import { describe, expect, it } from 'vitest';
import {
  firstChunks,
  heavyScreens,
  keepSignedOutScreensLight,
  type ChunkFacts,
} from '../../build/signed-out-screens';
import { generateBundle } from '../test/build-plugin';

const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;

const facts = (over: Partial<ChunkFacts>): ChunkFacts => ({
  imports: [],
  dynamicImports: [],
  modules: [],
  facade: null,
  entry: false,
  ...over,
});

/** A build like the app's: the help screen reads the rules through a file that brings zod. */
function build(helpImports: string[]): Map<string, ChunkFacts> {
  return new Map([
    [
      'index.js',
      facts({ entry: true, imports: ['app.js'], modules: ['/w/src/main.tsx'], facade: '/w/src/main.tsx' }),
    ],
    ['app.js', facts({ modules: ['/w/packages/domain/src/constants.ts'] })],
    ['match-list.js', facts({ imports: ['index.js'], modules: ['/w/packages/domain/src/match-status.ts'] })],
    [
      'signed-in.js',
      facts({ imports: ['index.js', 'schemas.js'], modules: ['/w/packages/domain/src/match-rules.ts'] }),
    ],
    ['schemas.js', facts({ modules: ['/w/node_modules/zod/v4/core/core.js'] })],
    [
      'help-page.js',
      facts({
        imports: helpImports,
        modules: ['/w/src/features/help/help-page.tsx'],
        facade: '/w/src/features/help/help-page.tsx',
      }),
    ],
    [
      'login-page.js',
      facts({ imports: ['index.js', 'app.js'], facade: '/w/src/features/auth/login-page.tsx' }),
    ],
  ]);
}

describe('firstChunks', () => {
  it("holds the entry's and the screen's chunks and all they import, through other chunks too", () => {
    expect(
      firstChunks(build(['index.js', 'signed-in.js']), 'src/features/help/help-page.tsx')?.sort(),
    ).toEqual(['app.js', 'help-page.js', 'index.js', 'schemas.js', 'signed-in.js']);
  });

  it("holds the entry's boot stages (the files it imports dynamically) and what they import", () => {
    const staged = build(['index.js']);
    staged.set('index.js', { ...staged.get('index.js')!, dynamicImports: ['main.js'] });
    staged.set('main.js', facts({ imports: ['signed-in.js'], modules: ['/w/src/main.tsx'] }));
    expect(firstChunks(staged, 'src/features/help/help-page.tsx')?.sort()).toEqual([
      'app.js',
      'help-page.js',
      'index.js',
      'main.js',
      'schemas.js',
      'signed-in.js',
    ]);
    expect(heavyScreens(staged, ['src/features/help/help-page.tsx'], ZOD)).toEqual([
      {
        screen: 'src/features/help/help-page.tsx',
        chunk: 'schemas.js',
        module: '/w/node_modules/zod/v4/core/core.js',
      },
    ]);
  });

  it('is null for a screen the build made no chunk for', () => {
    expect(firstChunks(build([]), 'src/features/gone/gone-page.tsx')).toBeNull();
  });
});

describe('heavyScreens', () => {
  const screens = ['src/features/auth/login-page.tsx', 'src/features/help/help-page.tsx'];

  it('names the screen, the chunk and the module when a screen would load zod through another file', () => {
    expect(heavyScreens(build(['index.js', 'signed-in.js']), screens, ZOD)).toEqual([
      {
        screen: 'src/features/help/help-page.tsx',
        chunk: 'schemas.js',
        module: '/w/node_modules/zod/v4/core/core.js',
      },
    ]);
  });

  it('finds nothing when the screens load files without it', () => {
    expect(heavyScreens(build(['index.js', 'match-list.js']), screens, ZOD)).toEqual([]);
  });

  it('names a screen the build has no chunk for, rather than leaving it unchecked', () => {
    expect(heavyScreens(build([]), ['src/features/gone/gone-page.tsx'], ZOD)).toEqual([
      { screen: 'src/features/gone/gone-page.tsx', chunk: '', module: '' },
    ]);
  });
});

describe('keepSignedOutScreensLight', () => {
  const run = (bundle: object) =>
    generateBundle(keepSignedOutScreensLight(['src/features/help/help-page.tsx']), bundle);
  const chunk = (
    fileName: string,
    over: Partial<{ imports: string[]; dynamicImports: string[]; moduleIds: string[] }>,
    facade: string | null = null,
    isEntry = false,
  ) => ({
    type: 'chunk',
    fileName,
    imports: over.imports ?? [],
    dynamicImports: over.dynamicImports ?? [],
    moduleIds: over.moduleIds ?? [],
    facadeModuleId: facade,
    isEntry,
  });

  it("fails the build on a signed-out screen that would load zod, naming the module's file", () => {
    expect(() =>
      run({
        'index.js': chunk('assets/index.js', {}, '/w/src/main.tsx', true),
        'help.js': chunk(
          'assets/help.js',
          { imports: ['assets/schemas.js'] },
          '/w/src/features/help/help-page.tsx',
        ),
        'schemas.js': chunk('assets/schemas.js', { moduleIds: ['/w/node_modules/zod/v4/mini/schemas.js'] }),
        'index.css': { type: 'asset', fileName: 'assets/index.css' },
      }),
    ).toThrow(
      'src/features/help/help-page.tsx would load /w/node_modules/zod/v4/mini/schemas.js (in assets/schemas.js) before it runs',
    );
  });

  it('lets a build through whose signed-out screens do without it', () => {
    expect(() =>
      run({
        'index.js': chunk('assets/index.js', {}, '/w/src/main.tsx', true),
        'help.js': chunk('assets/help.js', {}, '/w/src/features/help/help-page.tsx'),
        'schemas.js': chunk('assets/schemas.js', { moduleIds: ['/w/node_modules/zod/v4/mini/schemas.js'] }),
      }),
    ).not.toThrow();
  });

  it('fails the build when a listed screen is no longer in it', () => {
    expect(() => run({ 'index.js': chunk('assets/index.js', {}, '/w/src/main.tsx', true) })).toThrow(
      'src/features/help/help-page.tsx: no chunk was made for this screen',
    );
  });
});
