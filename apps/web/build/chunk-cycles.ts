import type { Plugin } from 'vite';

/**
 * The first cycle of static imports among a build's chunks, as the chunk names along it (the
 * first name again at its end), or null when there is none. `imports` maps each chunk to the
 * chunks it imports statically; an import of a chunk not in the map is a leaf.
 */
export function chunkCycle(imports: ReadonlyMap<string, readonly string[]>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (chunk: string): string[] | null => {
    if (onPath.has(chunk)) return [...path.slice(path.indexOf(chunk)), chunk];
    if (done.has(chunk)) return null;
    path.push(chunk);
    onPath.add(chunk);
    for (const next of imports.get(chunk) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    onPath.delete(chunk);
    done.add(chunk);
    return null;
  };
  for (const chunk of imports.keys()) {
    const cycle = visit(chunk);
    if (cycle) return cycle;
  }
  return null;
}

/**
 * Fails the build when its chunks import each other in a cycle. vite.config.ts's groups place
 * some modules without their dependencies (`includeDependenciesRecursively: false`), which
 * Rolldown warns may give chunks that import each other: then which module runs first depends
 * on which chunk a screen loads first, and a module may read another's export before it is set.
 * A group that captures a module its own modules' dependencies import back is the usual cause.
 */
export function refuseChunkCycles(): Plugin {
  return {
    name: 'mitos-refuse-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, string[]>();
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') imports.set(file.fileName, file.imports);
      }
      const cycle = chunkCycle(imports);
      if (cycle) this.error(`chunks import each other in a cycle: ${cycle.join(' → ')}`);
    },
  };
}
