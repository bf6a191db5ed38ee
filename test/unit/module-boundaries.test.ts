import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The module fences (.dependency-cruiser.cjs) against deliberate violations: each probe is a small tree of
 * files in a sandbox holding the project's configuration, cruised as `npm run lint` cruises src/.
 */
const root = resolve(import.meta.dirname, '../..');
const depcruise = join(root, 'node_modules/.bin/depcruise');
let sandbox: string;

beforeAll(() => {
  sandbox = mkdtempSync(join(tmpdir(), 'fences-'));
  copyFileSync(join(root, '.dependency-cruiser.cjs'), join(sandbox, '.dependency-cruiser.cjs'));
  writeFileSync(
    join(sandbox, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx' } }),
  );
});
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

interface Probe {
  from: string;
  to: string;
  specifier: string;
}

const probes: Probe[] = [];
let found: Map<string, string[]>;

/** A probe: the file `from` importing `to` (both created in the sandbox); cruised together in beforeAll. */
function probe(from: string, to: string, specifier: string): Probe {
  const p = { from, to, specifier };
  probes.push(p);
  return p;
}

/** The rules the probe's import broke. Each probe has a `from` of its own, so its violations are its own. */
const violations = (p: Probe) => found.get(p.from) ?? [];

beforeAll(() => {
  for (const p of probes) {
    for (const f of [p.from, p.to]) mkdirSync(dirname(join(sandbox, f)), { recursive: true });
    writeFileSync(join(sandbox, p.to), 'export const x = 1;\nexport type T = number;\n');
  }
  for (const p of probes) {
    writeFileSync(join(sandbox, p.from), `import { x } from '${p.specifier}';\nexport const y = x;\n`);
  }
  let out: string;
  try {
    out = execFileSync(depcruise, ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
      cwd: sandbox,
      encoding: 'utf8',
    });
  } catch (err) {
    out = (err as { stdout?: string }).stdout ?? '';
    if (!out.startsWith('{')) throw err;
  }
  found = new Map();
  for (const v of JSON.parse(out).summary.violations as { from: string; rule: { name: string } }[]) {
    found.set(v.from, [...(found.get(v.from) ?? []), v.rule.name]);
  }
});

// Every probe is declared at collection time with a `from` of its own; beforeAll cruises them all at once.
const crossModule = [
  probe('src/server/modules/leads/probe-rows.ts', 'src/server/modules/cars/rows.ts', '../cars/rows'),
  probe('src/server/modules/leads/probe-admin.ts', 'src/server/modules/cars/admin.ts', '../cars/admin'),
  probe('src/server/modules/cars/probe-routes.ts', 'src/server/modules/leads/routes.ts', '../leads/routes'),
  probe('src/server/modules/sales/probe-schema.ts', 'src/server/modules/cars/schema.ts', '../cars/schema'),
  probe(
    'src/server/modules/chatbot/advisor/probe-internals.ts',
    'src/server/modules/cars/inventory-search.ts',
    '../../cars/inventory-search',
  ),
];
const schemaIndex = probe(
  'src/server/modules/sales/probe-index.ts',
  'src/server/db/schema/index.ts',
  '../../db/schema',
);
const allowed = [
  probe('src/server/modules/sales/probe-service.ts', 'src/server/modules/cars/service.ts', '../cars/service'),
  probe('src/server/modules/alerts/probe-entry.ts', 'src/server/modules/cars/index.ts', '../cars'),
  probe('src/server/modules/sales/probe-own.ts', 'src/server/modules/sales/rows.ts', './rows'),
  probe('src/server/modules/sales/schema.ts', 'src/server/modules/cars/schema.ts', '../cars/schema'),
  probe('src/server/modules/dashboard/probe.ts', 'src/server/modules/leads/schema.ts', '../leads/schema'),
];
const schemaToCode = probe(
  'src/server/modules/leads/schema.ts',
  'src/server/modules/users/rows.ts',
  '../users/rows',
);
const seed = probe(
  'src/server/db/seed/probe.ts',
  'src/server/modules/odometer/admin.ts',
  '../../modules/odometer/admin',
);
const platform = probe(
  'src/server/platform/probe.ts',
  'src/server/modules/blogs/service.ts',
  '../modules/blogs/service',
);
const pastPublic = probe(
  'src/web/features/cars/probe-past.tsx',
  'src/web/features/inspections/badges.ts',
  '../inspections/badges',
);
const throughPublic = probe(
  'src/web/features/cars/probe-public.tsx',
  'src/web/features/inspections/public.ts',
  '../inspections/public',
);
const webToServer = probe(
  'src/web/lib/probe.ts',
  'src/server/modules/sliders/service.ts',
  '../../server/modules/sliders/service',
);
const contractOut = probe('src/contract/probe.ts', 'src/web/lib/api.ts', '../web/lib/api');
const sharedToFeature = probe(
  'src/web/components/probe.tsx',
  'src/web/features/sales/index.ts',
  '../features/sales',
);

describe('server modules reach each other only through index.ts or service.ts', () => {
  it.each(crossModule.map((p) => [p.from, p.to, p]))('refuses %s importing %s', (_from, _to, p) => {
    expect(violations(p as Probe)).toContain('server-module-entry');
  });

  it('refuses the schema index, which gathers every module’s tables', () => {
    expect(violations(schemaIndex)).toContain('no-schema-index');
  });

  it('lets a module use another’s service or index and its own files; a schema names another’s table; reporting reads across', () => {
    for (const p of allowed) expect(violations(p), p.from).toEqual([]);
  });

  it('lets a schema name nothing of another module but its tables', () => {
    expect(violations(schemaToCode)).toContain('schema-to-schema-only');
  });

  it('keeps the seed on services and platform/ below the modules', () => {
    expect(violations(seed)).toContain('seed-through-services');
    expect(violations(platform)).toContain('platform-below-modules');
  });
});

describe('web features reach each other only through index.ts or public.ts', () => {
  it('refuses a feature reaching past another feature’s public file, and lets it use that file', () => {
    expect(violations(pastPublic)).toContain('web-feature-entry');
    expect(violations(throughPublic)).toEqual([]);
  });

  it('keeps web, contract and server apart, and shared components below the features', () => {
    expect(violations(webToServer)).toContain('web-contract-server');
    expect(violations(contractOut)).toContain('contract-stands-alone');
    expect(violations(sharedToFeature)).toContain('web-shared-below-features');
  });
});
