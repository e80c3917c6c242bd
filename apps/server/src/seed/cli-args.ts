import { DEFAULT_SIZE } from './seed';

export const DEMO_USAGE =
  'Uso: npm run demo -- [--players N] [--matches N]   (jugadores 2–100000, partidas 0–1000000)';
const RANGES = { players: [2, 100_000], matches: [0, 1_000_000] } as const;

export class UsageError extends Error {}

/** Reads `--players N`, `--players=N`, `--matches N` and `--matches=N`; defaults to the demo size. */
export function parseDemoArgs(argv: readonly string[]): { players: number; matches: number } {
  const size: { players: number; matches: number } = { ...DEFAULT_SIZE };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const name = flag === '--players' ? 'players' : flag === '--matches' ? 'matches' : null;
    if (!name) throw new UsageError(`Opción desconocida: ${argv[i]}`);
    const text = inline ?? argv[++i];
    const [min, max] = RANGES[name];
    if (text === undefined || !/^\d{1,7}$/.test(text) || Number(text) < min || Number(text) > max) {
      throw new UsageError(`Valor inválido para ${flag}: ${text ?? '(falta)'}`);
    }
    size[name] = Number(text);
  }
  return size;
}
