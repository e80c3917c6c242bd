import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { bytesBySource, packageOf, type SourceMap } from './source-map';
import { stageFiles } from '../../apps/web/build/boot-stages';

const WEB_DIR = fileURLToPath(new URL('../../apps/web', import.meta.url));
const LOGIN_PAGE = 'src/features/auth/login-page.tsx';
const HOME_PAGE = 'src/features/home/home-page.tsx';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface ScreenLoad {
  /** The JavaScript files fetched before the screen runs, as built. */
  files: string[];
  rawBytes: number;
  gzipBytes: number;
  /** Gzipped bytes by package, largest first: each file's gzip size shared out by its source map. */
  packages: { name: string; gzipBytes: number }[];
}

/** A screen's first load: the files fetched before it runs, gzipped, without the package split. */
export interface FirstLoad {
  /** The screen's module, as in src/ (`features/inbox/notifications-page.tsx`). */
  screen: string;
  files: number;
  gzipBytes: number;
}

export interface WebSize {
  login: ScreenLoad;
  home: ScreenLoad;
  /** Every screen's first load, heaviest first. */
  firstLoads: FirstLoad[];
  screens: number;
  /** Screens whose module is not a lazily loaded chunk of its own. */
  bundledScreens: string[];
}

/** The production build, into a folder of the bench's own, with Vite's manifest. */
function build(outDir: string): Promise<void> {
  const vite = path.join(WEB_DIR, '../../node_modules/vite/bin/vite.js');
  const args = [
    vite,
    'build',
    '--outDir',
    outDir,
    '--emptyOutDir',
    '--manifest',
    '--sourcemap',
    'hidden',
    '--logLevel',
    'warn',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: WEB_DIR, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (${code}):\n${errors.slice(-2000)}`)),
    );
  });
}

/**
 * What a first visit to a screen fetches before it can run: the entry of index.html, its boot
 * stages (index.html preloads them), the screen's lazy chunk, and every chunk they import
 * statically (Vite preloads those).
 */
function firstFiles(manifest: Manifest, screen: string): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry || !manifest[screen]) throw new Error(`the manifest has no entry or no ${screen}`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]!.imports ?? []) visit(next);
  };
  visit(entry);
  const chunks = new Map(
    Object.entries(manifest).map(([key, chunk]) => [
      key,
      { imports: chunk.imports ?? [], dynamicImports: chunk.dynamicImports ?? [] },
    ]),
  );
  stageFiles(chunks, entry).forEach(visit);
  visit(screen);
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

/** Every screen's first load, heaviest first; each file gzipped once. */
function firstLoads(outDir: string, manifest: Manifest, screens: string[]): FirstLoad[] {
  const gzipped = new Map<string, number>();
  const size = (file: string) => {
    let bytes = gzipped.get(file);
    if (bytes === undefined) {
      bytes = gzipSync(readFileSync(path.join(outDir, file))).length;
      gzipped.set(file, bytes);
    }
    return bytes;
  };
  return screens
    .filter((screen) => manifest[screen])
    .map((screen) => {
      const files = firstFiles(manifest, screen);
      return {
        screen: screen.replace(/^src\//, ''),
        files: files.length,
        gzipBytes: files.reduce((sum, file) => sum + size(file), 0),
      };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

function screenLoad(outDir: string, manifest: Manifest, screen: string): ScreenLoad {
  const files = firstFiles(manifest, screen);
  let rawBytes = 0;
  let gzipBytes = 0;
  const byPackage = new Map<string, number>();
  for (const file of files) {
    const bytes = readFileSync(path.join(outDir, file));
    const gzipped = gzipSync(bytes).length;
    rawBytes += bytes.length;
    gzipBytes += gzipped;
    const code = bytes.toString('utf8');
    const mapFile = path.join(outDir, `${file}.map`);
    const sources = existsSync(mapFile)
      ? bytesBySource(code, JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMap)
      : new Map([['(bundler runtime)', code.length]]);
    for (const [source, chars] of sources) {
      const name = packageOf(source);
      byPackage.set(name, (byPackage.get(name) ?? 0) + (chars / code.length) * gzipped);
    }
  }
  const packages = [...byPackage]
    .map(([name, bytes]) => ({ name, gzipBytes: bytes }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { files, rawBytes, gzipBytes, packages };
}

function screenSources(dir = path.join(WEB_DIR, 'src')): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('-page.tsx'))
    .map((file) => path.posix.join('src', file.split(path.sep).join('/')));
}

export async function measureWeb(outDir: string): Promise<WebSize> {
  await build(outDir);
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const screens = screenSources();
  return {
    login: screenLoad(outDir, manifest, LOGIN_PAGE),
    home: screenLoad(outDir, manifest, HOME_PAGE),
    firstLoads: firstLoads(outDir, manifest, screens),
    screens: screens.length,
    bundledScreens: screens.filter((src) => !manifest[src]?.isDynamicEntry),
  };
}
