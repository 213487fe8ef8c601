import { loadConfig } from '../../config.js';
import { buildStorage } from '../../storage/adapter.js';
import { openConfiguredDatabase } from '../client.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmpty, seedDemo, wipe } from './index.js';

const force = process.argv.includes('--force');
const config = loadConfig();
if (force && process.env.NODE_ENV === 'production') {
  console.error('seed --force wipes every table and is refused when NODE_ENV=production');
  process.exit(1);
}
// A seed (and a wipe) of a large database runs long statements: no statement time limit here.
const database = await openConfiguredDatabase({ ...config, DB_STATEMENT_TIMEOUT_MS: 0 });
await database.migrate();
if (!(await isEmpty(database.db)) && !force) {
  console.log('The database already has data: nothing seeded (use `npm run seed -- --force` on a dev database).');
} else {
  if (force) await wipe(database.db);
  await seedDemo(database.db, { storage: buildStorage(config) });
  console.log(`Seeded demo data. Accounts (password ${DEMO_PASSWORD}):`);
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.account.padEnd(10)} ${a.role}`);
}
await database.close();
