import pg from 'pg';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres } from './src/server/db/client';
import { generateCars } from './scripts/generate-cars';
import { CarsService } from './src/server/modules/cars/service';
import { createStorage } from './src/server/platform/storage';
import { carsQuery } from './src/contract/cars';
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect(); await admin.query('drop database if exists explain_cars'); await admin.query('create database explain_cars'); await admin.end();
const db = await openPostgres('postgres://postgres@127.0.0.1:5432/explain_cars');
const storage = createStorage({ dataDir: mkdtempSync(join(tmpdir(), 'x-')), s3: null });
const cars = new CarsService(db.db, storage);
await generateCars(db.db, cars, storage, 10000);
await db.pool!.query('vacuum analyze');
const orig = db.pool!.query.bind(db.pool!);
const seen: string[] = [];
(db.pool as any).query = (cfg: any, ...rest: any[]) => { if (typeof cfg === 'object' && cfg.text && !cfg.text.startsWith('explain')) seen.push(JSON.stringify([cfg.text, cfg.values ?? rest[0]])); return orig(cfg, ...rest); };
for (const q of [{}, { sort: 'price_asc', page: 3 }, { sort: 'price_desc' }, { sort: 'odo_asc' }, { sort: 'year_desc' }, {brand: 'Toyota', bodyType: 'SUV', minPrice: 500000000, maxPrice: 1500000000}]) {
  seen.length = 0;
  await cars.list(carsQuery.parse(q));
  for (const s of seen) {
    const [text, values] = JSON.parse(s);
    const r = await orig({ text: `explain analyze ${text}`, values });
    console.log('---', JSON.stringify(q), text.slice(-70)); console.log(r.rows.map((x: any) => x['QUERY PLAN']).filter((l: string) => !/Buffers|Planning/.test(l)).slice(0, 3).join('\n'));
  }
}
await db.close();
const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' }); await c.connect(); await c.query('drop database explain_cars with (force)'); await c.end();
