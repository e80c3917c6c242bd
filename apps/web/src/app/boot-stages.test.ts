import { describe, expect, it } from 'vitest';
import type { IndexHtmlTransformContext, IndexHtmlTransformHook, ResolvedConfig } from 'vite';
import {
  modulesBeforeStages,
  preloadBootStages,
  stageFiles,
  type BootChunk,
  type BuiltChunk,
} from '../../build/boot-stages';
import { generateBundle } from '../test/build-plugin';

const chunk = (imports: string[] = [], dynamicImports: string[] = []): BootChunk => ({
  imports,
  dynamicImports,
});

/** A build like the app's: the entry imports its helpers, then its three stages one by one. */
const BUILD = new Map<string, BootChunk>([
  ['index.js', chunk(['boot.js'], ['react-stage.js', 'ui-stage.js', 'main.js'])],
  ['boot.js', chunk()],
  ['react-stage.js', chunk(['react.js', 'boot.js'])],
  ['react.js', chunk(['boot.js'])],
  ['ui-stage.js', chunk(['ui.js'])],
  ['ui.js', chunk(['react.js', 'boot.js'])],
  ['main.js', chunk(['app.js'], ['service-worker.js'])],
  ['app.js', chunk(['ui.js', 'react.js', 'boot.js'], ['home-page.js'])],
  ['home-page.js', chunk(['app.js'])],
  ['service-worker.js', chunk()],
]);

describe('stageFiles', () => {
  it("lists the entry's imports, then each stage after the files it imports, each once", () => {
    expect(stageFiles(BUILD, 'index.js')).toEqual([
      'boot.js',
      'react.js',
      'react-stage.js',
      'ui.js',
      'ui-stage.js',
      'app.js',
      'main.js',
    ]);
  });

  it("leaves out what the stages import dynamically (the screens, the service worker's module)", () => {
    const files = stageFiles(BUILD, 'index.js');
    expect(files).not.toContain('home-page.js');
    expect(files).not.toContain('service-worker.js');
  });

  it('is empty for an entry with no imports (a build without stages)', () => {
    expect(stageFiles(new Map([['index.js', chunk()]]), 'index.js')).toEqual([]);
  });
});

const ENTRY = '/w/src/boot.ts';

/** The app's build as the check reads it; `appInEntry` makes the entry import the app's file. */
function built(appInEntry: boolean): Map<string, BuiltChunk> {
  const modules: Record<string, string[]> = {
    'index.js': ['\0vite/modulepreload-polyfill.js', ENTRY, '/w/index.html'],
    'boot.js': ['\0vite/preload-helper.js'],
    'react.js': ['/w/node_modules/react-dom/cjs/react-dom-client.production.js'],
    'app.js': ['/w/src/app/router.tsx', '/w/node_modules/react-router/dist/production/index.mjs'],
  };
  return new Map(
    [...BUILD].map(([file, facts]) => [
      file,
      {
        ...facts,
        imports: file === 'index.js' && appInEntry ? ['boot.js', 'app.js'] : facts.imports,
        modules: modules[file] ?? [],
      },
    ]),
  );
}

describe('modulesBeforeStages', () => {
  it("finds none when the entry's files hold only the entry, index.html and the bundler's helpers", () => {
    expect(modulesBeforeStages(built(false), 'index.js', ENTRY)).toEqual([]);
  });

  it('names the modules of a file the entry imports statically, and of the files that file imports', () => {
    expect(modulesBeforeStages(built(true), 'index.js', ENTRY)).toEqual([
      '/w/src/app/router.tsx',
      '/w/node_modules/react-router/dist/production/index.mjs',
      '/w/node_modules/react-dom/cjs/react-dom-client.production.js',
    ]);
  });

  it("leaves out the helpers it is told of (the build's own preload helper), and only those", () => {
    const chunks = built(false);
    const boot = chunks.get('boot.js')!;
    chunks.set('boot.js', { ...boot, modules: [...boot.modules, '/w/src/lib/preload-helper.ts'] });
    expect(modulesBeforeStages(chunks, 'index.js', ENTRY, ['/w/src/lib/preload-helper.ts'])).toEqual([]);
    expect(modulesBeforeStages(chunks, 'index.js', ENTRY)).toEqual(['/w/src/lib/preload-helper.ts']);
  });
});

describe('preloadBootStages', () => {
  function configured(base = '/') {
    const plugin = preloadBootStages('src/boot.ts');
    (plugin.configResolved as (config: Pick<ResolvedConfig, 'base' | 'root'>) => void)({ base, root: '/w' });
    return plugin;
  }

  function bundleOf(chunks: Map<string, BuiltChunk>) {
    return Object.fromEntries(
      [...chunks].map(([file, facts]) => [
        file,
        { type: 'chunk', fileName: file, isEntry: file === 'index.js', moduleIds: facts.modules, ...facts },
      ]),
    );
  }

  it('fails the build when a module would run with the entry, before the first stage', () => {
    expect(() => generateBundle(configured(), bundleOf(built(true)))).toThrow(
      "3 modules would run with the page's entry, before its first stage (src/boot.ts), such as /w/src/app/router.tsx",
    );
    expect(() => generateBundle(configured(), bundleOf(built(false)))).not.toThrow();
  });

  function transform(base = '/') {
    const plugin = configured(base);
    const { handler } = plugin.transformIndexHtml as { handler: IndexHtmlTransformHook };
    const bundle = Object.fromEntries(
      [...BUILD].map(([file, facts]) => [
        file,
        { type: 'chunk', fileName: `assets/${file}`, ...prefixed(facts) },
      ]),
    );
    const ctx = { bundle, chunk: bundle['index.js'] } as unknown as IndexHtmlTransformContext;
    return (handler as (html: string, ctx: IndexHtmlTransformContext) => unknown)('<html></html>', ctx);
  }
  const prefixed = (facts: BootChunk) => ({
    imports: facts.imports.map((file) => `assets/${file}`),
    dynamicImports: facts.dynamicImports.map((file) => `assets/${file}`),
  });

  it("asks index.html for every stage's file at once, in the order they run, not the entry's own imports", () => {
    expect(transform()).toEqual(
      ['react.js', 'react-stage.js', 'ui.js', 'ui-stage.js', 'app.js', 'main.js'].map((file) => ({
        tag: 'link',
        attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `/assets/${file}` },
        injectTo: 'head',
      })),
    );
  });

  it("puts the app's base before each file", () => {
    expect((transform('/app/') as { attrs: { href: string } }[])[0]!.attrs.href).toBe('/app/assets/react.js');
  });
});
