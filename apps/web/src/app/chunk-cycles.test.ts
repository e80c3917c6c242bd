import { describe, expect, it } from 'vitest';
import { chunkCycle, refuseChunkCycles } from '../../build/chunk-cycles';
import { generateBundle } from '../test/build-plugin';

const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

describe('chunkCycle', () => {
  it('finds none in a graph where chunks share imports without a loop', () => {
    expect(
      chunkCycle(
        graph({
          'index.js': [],
          'bars.js': ['index.js', 'signed-in.js'],
          'signed-in.js': ['index.js', 'schemas.js'],
          'home.js': ['signed-in.js', 'bars.js', 'schemas.js'],
          'schemas.js': [],
        }),
      ),
    ).toBeNull();
  });

  it('names the chunks of a loop, the first again at its end', () => {
    expect(
      chunkCycle(
        graph({
          'index.js': [],
          'signed-in.js': ['index.js', 'common.js'],
          'common.js': ['schemas.js', 'signed-in.js'],
          'schemas.js': [],
        }),
      ),
    ).toEqual(['signed-in.js', 'common.js', 'signed-in.js']);
  });

  it('finds a loop reached only through other chunks, and one of a chunk with itself', () => {
    expect(
      chunkCycle(graph({ 'a.js': ['b.js'], 'b.js': ['c.js'], 'c.js': ['d.js'], 'd.js': ['b.js'] })),
    ).toEqual(['b.js', 'c.js', 'd.js', 'b.js']);
    expect(chunkCycle(graph({ 'a.js': ['a.js'] }))).toEqual(['a.js', 'a.js']);
  });

  it('treats an import of a chunk outside the map as a leaf', () => {
    expect(chunkCycle(graph({ 'a.js': ['external.js'] }))).toBeNull();
  });
});

describe('refuseChunkCycles', () => {
  const run = (bundle: object) => generateBundle(refuseChunkCycles(), bundle);
  const chunk = (fileName: string, imports: string[]) => ({ type: 'chunk', fileName, imports });

  it('fails the build on chunks that import each other, naming them', () => {
    expect(() =>
      run({
        'a.js': chunk('assets/a.js', ['assets/b.js']),
        'b.js': chunk('assets/b.js', ['assets/a.js']),
        'a.css': { type: 'asset', fileName: 'assets/a.css' },
      }),
    ).toThrow('chunks import each other in a cycle: assets/a.js → assets/b.js → assets/a.js');
  });

  it('lets a build without a cycle through', () => {
    expect(() =>
      run({ 'a.js': chunk('assets/a.js', ['assets/b.js']), 'b.js': chunk('assets/b.js', []) }),
    ).not.toThrow();
  });
});
