/**
 * `npm run demo`: the real app on an in-memory database filled with realistic data, so every
 * screen has something to show. `--players N --matches N` choose the size (also for benchmarks).
 */
import { exitWithStack, loadConfigOrExit, startServer } from './start';
import { DEMO_USAGE, UsageError, parseDemoArgs } from './seed/cli-args';
import { seedDemoData, type SeedResult } from './seed/seed';

function summary(result: SeedResult, url: string, seconds: number): string {
  const { byStatus } = result;
  const special = new Set([result.demoUser.id, result.organiser?.id, result.admin?.id]);
  const others = result.users.filter((u) => !special.has(u.id));
  const line = (u: { email: string; username: string }) => `  ${u.email.padEnd(40)} ${u.username}`;
  return [
    '',
    `Mitos y Leyendas — demo lista en ${url}`,
    `Base de datos en memoria: ${result.users.length} jugadores, ${result.matches} partidas ` +
      `(${byStatus.approved} aprobadas, ${byStatus.pending} pendientes, ${byStatus.rejected} rechazadas, ` +
      `${byStatus.cancelled} canceladas), generadas en ${seconds.toFixed(1)} s. Nada se guarda al salir.`,
    `Torneos: ${result.tournaments.count} (de cada tipo y estado), con ${result.tournaments.matches} partidas de torneo.`,
    '',
    `Contraseña de todos los usuarios: ${result.password}`,
    'Usuario de demostración (tiene partidas pendientes, rechazadas y aprobadas):',
    line(result.demoUser),
    ...(result.organiser
      ? ['Organizador de torneos (rol tournament_admin) y de Dragón Dorado Games:', line(result.organiser)]
      : []),
    ...(result.admin ? ['Administrador de la comunidad (rol admin):', line(result.admin)] : []),
    ...(others.length > 0 ? ['Otros jugadores:', ...others.slice(0, 10).map(line)] : []),
    ...(others.length > 10 ? [`  … y ${others.length - 10} más`] : []),
    '',
  ].join('\n');
}

async function main() {
  let size;
  try {
    size = parseDemoArgs(process.argv.slice(2));
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`${err.message}\n${DEMO_USAGE}`);
      process.exit(1);
    }
    throw err;
  }
  const config = loadConfigOrExit({ ...process.env, DATABASE_URL: 'memory://' }, DEMO_USAGE);
  let seeded: { result: SeedResult; seconds: number } | undefined;
  const { port } = await startServer({
    config,
    command: 'demo',
    prepare: async (database) => {
      console.log(`Generando datos de demostración (${size.players} jugadores, ${size.matches} partidas)…`);
      const started = performance.now();
      const result = await seedDemoData(database, size);
      seeded = { result, seconds: (performance.now() - started) / 1000 };
    },
  });
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(summary(seeded!.result, `http://${host}:${port}`, seeded!.seconds));
}

await main().catch(exitWithStack);
