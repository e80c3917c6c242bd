import type { Plugin } from 'vite';

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

/**
 * The page's entry (src/boot.ts) runs the app in stages, each a file of its own evaluated in a
 * task of its own, rather than in one long task a phone's CPU takes hundreds of milliseconds over
 * (docs/decisions/045). The entry imports them one after the other; this plugin makes index.html
 * ask for all of them at once (`modulepreload`), so that they download side by side, as the
 * entry's static imports did, rather than one after the other. At the entry's own priority
 * (`fetchpriority="low"`, as a module script's): a preload's usual high priority would have them
 * hold the first paint (the splash), which needs none of them.
 */
export function preloadBootStages(): Plugin {
  let base = '/';
  return {
    name: 'mitos-preload-boot-stages',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle || !ctx.chunk) return;
        const chunks = new Map<string, BootChunk>();
        for (const file of Object.values(ctx.bundle)) {
          if (file.type === 'chunk') chunks.set(file.fileName, file);
        }
        return stageFiles(chunks, ctx.chunk.fileName)
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
