// `node --import tsx test/e2e/helpers/seed-template-cli.ts DIR`: fills DIR with the demo showroom the
// browser journeys copy (scripts/test.mjs runs it beside the API tests).
import { fillSeededDir } from './seed-template';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: seed-template-cli.ts DIR');
  process.exit(2);
}
await fillSeededDir(dir);
console.log(`demo showroom for the browser journeys filled in ${dir}`);
