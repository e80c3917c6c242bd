import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTPUT_OPTIONS } from '../../build.mjs';
import { redactingLogger } from './log-redaction';
import { mappedStack, StackMapper } from './stack-mapping';

// A real stack from a file built as the server is (esbuild, ESM, a source map beside it), thrown
// in a Node without --enable-source-maps, as the server now runs.
let dir: string;
let dist: string;
let logLine: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'stack-mapping-'));
  dist = path.join(dir, 'dist');
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(
    path.join(dir, 'src', 'falla.ts'),
    [
      'interface Jugada { puntos: number }',
      'export function jugar(j: Jugada): number {',
      "  if (j.puntos < 0) throw new Error('puntos negativos');",
      '  return j.puntos;',
      '}',
      '',
    ].join('\n'),
  );
  await build({
    entryPoints: [path.join(dir, 'src', 'falla.ts')],
    outdir: dist,
    ...OUTPUT_OPTIONS,
    logLevel: 'silent',
  });
  const script = `import(${JSON.stringify(pathToFileURL(path.join(dist, 'falla.js')).href)}).then((m) => {
    try { m.jugar({ puntos: -1 }); } catch (err) { console.log(JSON.stringify({ level: 50, err: { stack: err.stack } })); }
  });`;
  logLine = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
  }).trim();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Where the throw is in the built file, as its stack names it: `line:column`. */
const builtFrame = () => {
  const at = new RegExp(`${pathToFileURL(path.join(dist, 'falla.js')).href}:(\\d+:\\d+)`).exec(logLine);
  expect(at, logLine).not.toBeNull();
  return at![1]!;
};

describe('StackMapper', () => {
  it('names the source line of a frame in a built file, inside a JSON log line', () => {
    // The built file is not the source: the interface is gone, the whitespace too.
    expect(builtFrame()).not.toBe('3:27');
    const mapped = new StackMapper(dist).map(logLine);
    // `new Error` on line 3, column 27 of src/falla.ts.
    expect(mapped).toContain(`${pathToFileURL(path.join(dir, 'src', 'falla.ts')).href}:3:27`);
    expect(mapped).not.toContain('falla.js');
    // Still one valid line of JSON, with the error's message and the frames outside dist/ as they were.
    const parsed = JSON.parse(mapped) as { err: { stack: string } };
    expect(parsed.err.stack).toMatch(/^Error: puntos negativos\n/);
    expect(parsed.err.stack).toContain('[eval');
  });

  it('maps a frame written as a path as a path', () => {
    const line = logLine.split('\\n').find((l) => l.includes('falla.js'))!;
    const asPath = line.replace(pathToFileURL(path.join(dist, 'falla.js')).href, path.join(dist, 'falla.js'));
    expect(asPath).toContain(`(${path.join(dist, 'falla.js')}:${builtFrame()})`);
    expect(new StackMapper(dist).map(asPath)).toContain(`(${path.join(dir, 'src', 'falla.ts')}:3:27)`);
  });

  it('leaves alone text without frames under its folder, frames past the map, and files without a map', () => {
    const mapper = new StackMapper(dist);
    const plain = '{"level":30,"msg":"Server listening at http://127.0.0.1:3000"}';
    expect(mapper.map(plain)).toBe(plain);
    const outside = `    at run (file:///usr/lib/node_modules/x/index.js:10:5)`;
    expect(mapper.map(outside)).toBe(outside);
    writeFileSync(path.join(dist, 'sin-mapa.js'), 'export {};\n');
    const unmapped = `    at f (${path.join(dist, 'sin-mapa.js')}:1:1)`;
    expect(mapper.map(unmapped)).toBe(unmapped);
    const pastTheEnd = `    at f (${path.join(dist, 'falla.js')}:900:1)`;
    expect(mapper.map(pastTheEnd)).not.toContain('falla.ts:900');
  });

  it("prints a failed start's error with its frames mapped, and anything thrown as text", () => {
    const thrown = new Error('no se pudo abrir la base');
    thrown.stack = `Error: no se pudo abrir la base\n    at jugar (${path.join(dist, 'falla.js')}:${builtFrame()})`;
    expect(mappedStack(thrown, new StackMapper(dist))).toBe(
      `Error: no se pudo abrir la base\n    at jugar (${path.join(dir, 'src', 'falla.ts')}:3:27)`,
    );
    expect(mappedStack('texto', new StackMapper(dist))).toBe('texto');
  });

  it('is applied to every line the server logs, before the secrets are redacted', () => {
    const options = redactingLogger({ level: 'info' }, new StackMapper(dist)) as {
      hooks: { streamWrite(line: string): string };
    };
    const written = options.hooks.streamWrite(
      logLine.replace('"level":50', '"level":50,"url":"/ws?token=abc"'),
    );
    expect(written).toContain('src/falla.ts:3:27');
    expect(written).toContain('token=[redacted]');
  });
});
