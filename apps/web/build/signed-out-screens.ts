import type { Plugin } from 'vite';
import { stageFiles } from './boot-stages';

/** What the check reads of each chunk of a build. */
export interface ChunkFacts {
  /** The chunks it imports statically (file names). */
  imports: readonly string[];
  /** The chunks it imports dynamically (file names): the entry's are its boot stages. */
  dynamicImports: readonly string[];
  /** The modules it holds (their ids: absolute paths). */
  modules: readonly string[];
  /** The module it was made for: a lazy screen's own module, or the entry's. */
  facade: string | null;
  entry: boolean;
}

/** A module a screen would load first that it must not, and the chunk holding it. */
export interface HeavyScreen {
  screen: string;
  chunk: string;
  module: string;
}

/**
 * The chunks a first visit to `screen` (a module path's end, like `src/features/help/help-page.tsx`)
 * fetches before the screen runs: the entry's, its boot stages (index.html preloads them), the
 * screen's, and every chunk they import statically (Vite preloads those). Null when no chunk was
 * made for that screen.
 */
export function firstChunks(chunks: ReadonlyMap<string, ChunkFacts>, screen: string): string[] | null {
  const entry = [...chunks].find(([, c]) => c.entry)?.[0];
  const own = [...chunks].find(([, c]) => c.facade?.replaceAll('\\', '/').endsWith(`/${screen}`))?.[0];
  if (!entry || !own) return null;
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of chunks.get(file)?.imports ?? []) visit(next);
  };
  visit(entry);
  stageFiles(chunks, entry).forEach(visit);
  visit(own);
  return [...seen];
}

/**
 * For each screen, the first module matching `forbidden` among what its first visit loads; a
 * screen the build has no chunk for is named with an empty chunk, so that a renamed screen is
 * noticed rather than silently unchecked.
 */
export function heavyScreens(
  chunks: ReadonlyMap<string, ChunkFacts>,
  screens: readonly string[],
  forbidden: RegExp,
): HeavyScreen[] {
  const found: HeavyScreen[] = [];
  for (const screen of screens) {
    const files = firstChunks(chunks, screen);
    if (!files) {
      found.push({ screen, chunk: '', module: '' });
      continue;
    }
    for (const file of files) {
      const module = chunks.get(file)?.modules.find((id) => forbidden.test(id));
      if (module) {
        found.push({ screen, chunk: file, module });
        break;
      }
    }
  }
  return found;
}

/**
 * Fails the build when a screen a visitor opens without signing in would load zod (the schemas
 * that parse the signed-in screens' answers) before it runs. vite.config.ts's groups decide which
 * file each shared module goes to, and a rule those screens read, grouped with the signed-in
 * screens' modules, brought that file and the schemas to /help (docs/decisions/043).
 */
export function keepSignedOutScreensLight(
  screens: readonly string[],
  forbidden = /[\\/]node_modules[\\/]zod[\\/]/,
): Plugin {
  return {
    name: 'mitos-signed-out-screens-light',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkFacts>();
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        chunks.set(file.fileName, {
          imports: file.imports,
          dynamicImports: file.dynamicImports,
          modules: file.moduleIds,
          facade: file.facadeModuleId,
          entry: file.isEntry,
        });
      }
      const heavy = heavyScreens(chunks, screens, forbidden);
      if (heavy.length === 0) return;
      this.error(
        heavy
          .map(({ screen, chunk, module }) =>
            chunk
              ? `${screen} would load ${module} (in ${chunk}) before it runs; the screens opened without signing in do without it`
              : `${screen}: no chunk was made for this screen (renamed? update the list in vite.config.ts)`,
          )
          .join('\n'),
      );
    },
  };
}
