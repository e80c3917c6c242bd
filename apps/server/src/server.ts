import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { closeOnSignals } from './lifecycle';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase(config.database);
  await database.migrate();
  const app = await buildApp({ config, database });

  closeOnSignals(app, database);

  await app.listen({ port: config.port, host: config.host });
}

await main();
