import { describe, expect, it } from 'vitest';
import type { IndexHtmlTransformContext, IndexHtmlTransformHook, ResolvedConfig } from 'vite';
import { preloadBootStages, stageFiles, type BootChunk } from '../../build/boot-stages';

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

describe('preloadBootStages', () => {
  function transform(base = '/') {
    const plugin = preloadBootStages();
    (plugin.configResolved as (config: Pick<ResolvedConfig, 'base'>) => void)({ base });
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
