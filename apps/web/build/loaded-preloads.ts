import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/** A chunk's static imports (file names), as the build gives them. */
export type StaticImports = ReadonlyMap<string, readonly string[]>;

/**
 * The files a chunk's code runs after: itself and what it imports statically, directly or through
 * another. When a chunk's `import()` runs, every one of them has loaded and run already.
 */
export function loadedBefore(chunks: StaticImports, host: string): Set<string> {
  const loaded = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const next of chunks.get(file) ?? []) visit(next);
  };
  visit(host);
  return loaded;
}

/** An `import()`'s files to preload, without those its own chunk has loaded already. */
export function stillToLoad(chunks: StaticImports, host: string, deps: readonly string[]): string[] {
  const loaded = loadedBefore(chunks, host);
  return deps.filter((dep) => !loaded.has(dep));
}

/**
 * Vite lists, beside each `import()`, every file the imported chunk needs, including those its
 * importer imports statically (React, MUI, the app's own file, …), and its preload helper checks
 * each of them at run time, in the task that asked for a screen: URLs built, the page's links
 * read, a promise each. A file the importing chunk imports statically has run before its
 * `import()` can: this plugin leaves such files out of the list (`build.modulePreload.
 * resolveDependencies`), so a screen's `import()` names only the files it may still have to
 * download (docs/decisions/047).
 *
 * Vite calls `resolveDependencies` from its own `generateBundle`, which runs after this plugin's
 * (a user plugin's hooks run before Vite's build plugins'); if that ever changes, the build fails
 * rather than silently preloading everything again.
 */
export function skipLoadedPreloads(): {
  plugin: Plugin;
  resolveDependencies: (
    file: string,
    deps: string[],
    context: { hostId: string; hostType: 'html' | 'js' },
  ) => string[];
} {
  let chunks: Map<string, readonly string[]> | null = null;
  return {
    plugin: {
      name: 'mitos-skip-loaded-preloads',
      apply: 'build',
      generateBundle(_options, bundle: Rollup.OutputBundle) {
        chunks = new Map();
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk') chunks.set(file.fileName, file.imports);
        }
      },
    },
    resolveDependencies(_file, deps, { hostId, hostType }) {
      if (hostType !== 'js') return deps;
      if (!chunks) {
        throw new Error(
          'mitos-skip-loaded-preloads: Vite asked for a dynamic import’s preloads before the bundle’s chunks were known',
        );
      }
      return stillToLoad(chunks, hostId, deps);
    },
  };
}

/** The id under which Vite's build imports its preload helper into every chunk with an `import()`. */
export const VITE_PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * The build's own preload helper (src/lib/preload-helper.ts, docs/decisions/047) in place of
 * Vite's: Vite's module of that id re-exports ours, so the helper is ordinary TypeScript, built
 * and tested like the app. Vite's import analysis keeps writing the calls (`__vitePreload(() =>
 * import(file), files)`); only what the helper does with them changes.
 */
export function ownPreloadHelper(helperModule: string): Plugin {
  let helperId = '';
  return {
    name: 'mitos-own-preload-helper',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      helperId = path.resolve(config.root, helperModule);
    },
    load(id) {
      if (id !== VITE_PRELOAD_HELPER) return null;
      return `export { __vitePreload } from ${JSON.stringify(helperId)};`;
    },
    // A Vite that named its helper otherwise would keep its own without a word: the build fails.
    generateBundle(_options, bundle: Rollup.OutputBundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      if (!chunks.some((chunk) => chunk.dynamicImports.length > 0)) return;
      if (!chunks.some((chunk) => chunk.moduleIds.includes(helperId))) {
        this.error(`mitos-own-preload-helper: the build's import() calls do not use ${helperModule}`);
      }
    },
  };
}
