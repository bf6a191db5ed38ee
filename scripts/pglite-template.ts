// Makes the migrated empty database a new embedded one starts from (src/server/db/template.ts): run it
// after adding or editing a migration, or upgrading PGlite, and commit the two files it writes.
// Usage: npm run db:template
import { MIGRATIONS_DIR, openPglite } from '../src/server/db/client';
import { TEMPLATE_FILE, writeTemplate } from '../src/server/db/template';

const database = await openPglite(null);
const dump = await database.pglite!.dumpDataDir('none');
await database.close();
const { bytes } = writeTemplate(new Uint8Array(await dump.arrayBuffer()), MIGRATIONS_DIR);
console.log(`${TEMPLATE_FILE}: ${(bytes / 1024 / 1024).toFixed(2)} MB`);
