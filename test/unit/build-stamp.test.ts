import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inputsHash, isFresh, writeStamp } from '../../scripts/build/stamp.mjs';

// `npm start` builds a part again only when its sources changed (scripts/build/stamp.mjs).
const root = mkdtempSync(join(tmpdir(), 'showroom-stamp-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string) {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

describe('build stamps', () => {
  it('a build is fresh until a source of its part changes, whatever the modification times say', () => {
    write('src/server/main.ts', 'console.log(1);');
    write('src/contract/cars.ts', 'export const a = 1;');
    write('src/web/main.tsx', 'export {};');
    write('package-lock.json', '{}');
    expect(isFresh('server', root)).toBe(false); // never built

    write('dist/server/main.js', 'built');
    expect(isFresh('server', root)).toBe(false); // built, no stamp
    writeStamp('server', inputsHash('server', root), root);
    expect(isFresh('server', root)).toBe(true);

    // A checkout that rewrites a file with the same content changes nothing.
    utimesSync(join(root, 'src/server/main.ts'), new Date(), new Date(Date.now() + 60_000));
    expect(isFresh('server', root)).toBe(true);
    // The web app's sources are not the server's; tests are no one's.
    write('src/web/main.tsx', 'export const changed = true;');
    write('src/server/main.test.ts', 'it()');
    expect(isFresh('server', root)).toBe(true);

    write('src/contract/cars.ts', 'export const a = 2;');
    expect(isFresh('server', root)).toBe(false);
    writeStamp('server', inputsHash('server', root), root);
    expect(isFresh('server', root)).toBe(true);
    write('package-lock.json', '{"packages":{}}');
    expect(isFresh('server', root)).toBe(false);
    writeStamp('server', inputsHash('server', root), root);

    // The output removed: built again.
    rmSync(join(root, 'dist/server/main.js'));
    expect(isFresh('server', root)).toBe(false);
  });
});
