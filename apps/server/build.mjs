// The server as JavaScript (docs/decisions/023): every entry point bundled by esbuild into dist/
// as ESM, with source maps. The packages under node_modules stay imports (Node loads them as
// they are); @mitos/domain, TypeScript source, is bundled in.
//   node apps/server/build.mjs           builds
//   node apps/server/build.mjs --check   exits 1 when dist/ is missing or older than its sources
//   node apps/server/build.mjs --run migrate-cli [args…]   builds if needed, then runs that entry
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_DIR = path.dirname(fileURLToPath(import.meta.url));
export const DIST_DIR = path.join(SERVER_DIR, 'dist');
const DOMAIN_SRC = path.resolve(SERVER_DIR, '../../packages/domain/src');

/** The entry points: `npm start`, the demo, and the operators' commands, by their file in dist/. */
export const ENTRIES = {
  server: 'src/server.ts',
  demo: 'src/demo.ts',
  'migrate-cli': 'src/db/migrate-cli.ts',
  'role-cli': 'src/users/role-cli.ts',
  'backup-cli': 'src/db/backup-cli.ts',
  'rankings-rebuild-cli': 'src/rankings/rebuild-cli.ts',
  'ratings-rebuild-cli': 'src/ratings/rebuild-cli.ts',
};

/**
 * V8's garbage collector settings for the long-running server (`npm start`), which trade a little
 * of its CPU for a much smaller resident size under load (docs/decisions/037): a young generation
 * of at most 2 × 4 MB rather than V8's 2 × 16 MB, and an old generation allowed to grow by 20 %
 * of what the last full collection kept before the next one, rather than V8's up to 4× on a
 * machine with much memory. Neither lowers the heap's limit: a larger live heap (a rating rebuild
 * at the first start after an upgrade) only collects more often. The demo and the operator
 * commands, short-lived or seeding in bulk, keep V8's defaults.
 */
const SERVER_GC_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=20'];

/** Where a built entry point is: `dist/server.js`… */
export const builtEntry = (name) => path.join(DIST_DIR, `${name}.js`);

/**
 * Node's arguments to run a built entry point, for `npm start` (scripts/start.mjs), the e2e run and
 * the bench alike (`extraFlags`: Node's flags of a bench run, after the server's own). Not
 * `--enable-source-maps`, which keeps every loaded module's map in memory (drizzle-orm ships one
 * per file: 15–20 MB): the server's logger maps its own frames to src/ lines when it logs a stack
 * (src/http/stack-mapping.ts, docs/decisions/033).
 */
export const nodeArgs = (name, extraFlags = []) => [
  ...(name === 'server' ? SERVER_GC_FLAGS : []),
  // After the defaults, so that the same flag given here wins (V8 keeps a flag's last value).
  ...extraFlags,
  builtEntry(name),
];

/** What the bundle is made of: a newer file in any of them makes it stale (after a `git pull`). */
const SOURCES = [path.join(SERVER_DIR, 'src'), DOMAIN_SRC, fileURLToPath(import.meta.url)];

function newestMtime(file) {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(file)) newest = Math.max(newest, newestMtime(path.join(file, entry)));
  return newest;
}

/** Whether every entry point is built and no source is newer than the oldest of them. */
export function serverIsCurrent() {
  const built = Object.keys(ENTRIES).map(builtEntry);
  if (!built.every((file) => existsSync(file))) return false;
  const oldest = Math.min(...built.map((file) => statSync(file).mtimeMs));
  return SOURCES.every((source) => newestMtime(source) <= oldest);
}

/**
 * Packages bundled like the server's own code rather than imported at run time: pure JavaScript
 * made of many small files, each resolved, read and compiled at every start. openskill with
 * ramda and its @stdlib packages (about 900 files) took 185 ms of each start to import; bundled,
 * 8 ms (decision 030). zod and its Fastify provider, so that both use one copy of zod, with only
 * the Spanish of its 64 languages; drizzle-orm, the 112 modules of ESM the server imports, whose
 * text V8 then keeps once and without comments (decision 056; see `bundledInside` and
 * OUTPUT_OPTIONS). Every other package stays an import that Node loads as it is.
 */
const BUNDLED_PACKAGES =
  /^(openskill|ramda|sort-unwind|@stdlib\/[^/]+|zod|fastify-type-provider-zod|drizzle-orm)(\/|$)/;

/**
 * @mitos/domain's modules are its TypeScript source, bundled like the server's own; so are the
 * JSON files imported from packages (unhomoglyph's table), which Node would only import with an
 * import attribute the source does not carry, and BUNDLED_PACKAGES (resolved by esbuild, their
 * ESM entries). Any other package is external.
 */
const bundledInside = {
  name: 'bundled-inside',
  setup(build) {
    build.onResolve({ filter: /^@mitos\/domain\// }, (args) => ({
      path: path.join(DOMAIN_SRC, `${args.path.slice('@mitos/domain/'.length)}.ts`),
    }));
    build.onResolve({ filter: /^[^./].*\.json$/ }, (args) => ({
      path: createRequire(path.join(args.resolveDir, 'index.js')).resolve(args.path),
    }));
    // zod's `locales` namespace, which every entry of zod exports, with the one language the server
    // makes zod's default (app.ts) rather than all 64 (0.8 MB of heap).
    build.onResolve({ filter: /locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}zod${path.sep}`)
        ? { path: 'es', namespace: 'zod-locales' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, () => ({
      contents: "export { default as es } from 'zod/v4/locales/es.js';",
      resolveDir: SERVER_DIR,
    }));
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      BUNDLED_PACKAGES.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * How the server's JavaScript is written, which the stack mapping's test builds with too. V8 keeps
 * every module's source text for as long as the process runs (to compile its functions when they
 * first run), so the bundle is written without its comments and indentation: 1.2 MB less heap at
 * rest. Without comments it is also plain ASCII (esbuild escapes the rest in strings), where one
 * "…" or "—" in a comment made V8 keep a whole chunk's text at two bytes a character (decision
 * 056). Logged stacks name the sources' lines through the source maps (decision 033).
 */
export const OUTPUT_OPTIONS = {
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Read only to name a logged stack's lines: the places, not the sources' text again.
  sourcemap: true,
  sourcesContent: false,
  minifyWhitespace: true,
};

/**
 * Builds every entry point into `outdir` (dist/ unless given: the server tests build a copy of
 * their own, so that the processes they start run the very files `npm start` and the commands
 * run). Another folder must be inside this package, where the bundle's imports of node_modules
 * resolve.
 */
export async function buildServer(outdir = DIST_DIR) {
  const { build } = await import('esbuild');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: SERVER_DIR,
    entryPoints: ENTRIES,
    outdir,
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    ...OUTPUT_OPTIONS,
    plugins: [bundledInside],
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [flag, name, ...rest] = process.argv.slice(2);
  if (flag === '--check') process.exit(serverIsCurrent() ? 0 : 1);
  if (flag === '--run') {
    if (!(name in ENTRIES)) throw new Error(`unknown entry point ${name}`);
    if (!serverIsCurrent()) await buildServer();
    const run = spawnSync(process.execPath, [...nodeArgs(name), ...rest], { stdio: 'inherit' });
    process.exit(run.status ?? 1);
  }
  const started = performance.now();
  await buildServer();
  console.log(`Servidor compilado en dist/ (${Math.round(performance.now() - started)} ms).`);
}
