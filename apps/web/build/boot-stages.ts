import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;

/** What the plugin reads of each chunk of a build. */
export interface BootChunk {
  /** The chunks it imports statically (file names). */
  imports: readonly string[];
  /** The chunks it imports dynamically (file names). */
  dynamicImports: readonly string[];
}

/**
 * The files the page's entry runs before any screen, in the order it runs them: each of its
 * stages (the chunks the entry imports dynamically, src/boot.ts), each after the chunks it
 * imports statically, every file once.
 */
export function stageFiles(chunks: ReadonlyMap<string, BootChunk>, entry: string): string[] {
  const ordered: string[] = [];
  const seen = new Set<string>([entry]);
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of chunks.get(file)?.imports ?? []) visit(next);
    ordered.push(file);
  };
  for (const file of chunks.get(entry)?.imports ?? []) visit(file);
  for (const stage of chunks.get(entry)?.dynamicImports ?? []) visit(stage);
  return ordered;
}

/** A chunk as the build's check reads it: its imports and the modules it holds (their ids). */
export interface BuiltChunk extends BootChunk {
  modules: readonly string[];
}

/**
 * The modules that would run with the page's entry, before its first stage: those its own file
 * and the files it imports statically hold, besides the entry itself (`entryModule`), index.html
 * and the bundler's helpers (virtual modules, whose ids start with \0, such as Vite's preload,
 * and `helperModules`, such as the build's own preload helper).
 */
export function modulesBeforeStages(
  chunks: ReadonlyMap<string, BuiltChunk>,
  entry: string,
  entryModule: string,
  helperModules: readonly string[] = [],
): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const chunk = chunks.get(file);
    for (const id of chunk?.modules ?? []) {
      if (id === entryModule || helperModules.includes(id)) continue;
      if (!id.startsWith('\0') && !id.endsWith('.html')) found.push(id);
    }
    for (const next of chunk?.imports ?? []) visit(next);
  };
  visit(entry);
  return found;
}

/** A build's chunks by file name, as the functions above read them. */
function chunksOf(bundle: OutputBundle): Map<string, BuiltChunk> {
  const chunks = new Map<string, BuiltChunk>();
  for (const file of Object.values(bundle)) {
    if (file.type === 'chunk') chunks.set(file.fileName, { ...file, modules: file.moduleIds });
  }
  return chunks;
}

/**
 * The page's entry (src/boot.ts) runs the app in stages, each a file of its own evaluated in a
 * task of its own, rather than in one long task a phone's CPU takes hundreds of milliseconds over
 * (docs/decisions/045). The entry imports them one after the other; this plugin makes index.html
 * ask for all of them at once (`modulepreload`), so that they download side by side, as the
 * entry's static imports did, rather than one after the other. At the entry's own priority
 * (`fetchpriority="low"`, as a module script's): a preload's usual high priority would have them
 * hold the first paint (the splash), which needs none of them.
 *
 * It fails the build when a module would run with the entry rather than in a stage: a group of
 * vite.config.ts that puts the entry's helper beside the app's modules made the entry import the
 * app's file, and the whole app ran in the entry's one task again.
 */
export function preloadBootStages(entryModule: string, helperModules: readonly string[] = []): Plugin {
  let base = '/';
  let entryId = '';
  let helperIds: string[] = [];
  return {
    name: 'mitos-preload-boot-stages',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      entryId = path.resolve(config.root, entryModule);
      helperIds = helperModules.map((file) => path.resolve(config.root, file));
    },
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
      if (!entry) return;
      const early = modulesBeforeStages(chunksOf(bundle), entry.fileName, entryId, helperIds);
      if (early.length > 0) {
        this.error(
          `${early.length} modules would run with the page's entry, before its first stage (${entryModule}), such as ${early.slice(0, 3).join(', ')}`,
        );
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle || !ctx.chunk) return;
        return stageFiles(chunksOf(ctx.bundle), ctx.chunk.fileName)
          .filter((file) => !ctx.chunk!.imports.includes(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `${base}${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
