/**
 * Fault injection against a real server process (docs/reliability.md):
 *
 *   npm run faults [pg|disk|all]
 *
 * pg:   PostgreSQL restarted under load (a private cluster: initdb + pg_ctl, never the system one).
 * disk: the uploads disk full (a 2 MB tmpfs mounted over DATA_DIR/uploads; needs root).
 * Exits 1 when a requirement failed.
 */
import { ClusterUnavailableError } from './faults/cluster';
import { runDiskFull } from './faults/disk-full';
import { runPgFaults } from './faults/pg-restart';

const which = process.argv.slice(2).find((a) => ['pg', 'disk', 'all'].includes(a)) ?? 'all';

// Ctrl-C: exit through process.exit so the private cluster is stopped and the tmpfs unmounted.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

async function main() {
  let failed = false;
  console.log(
    `Fault injection — ${new Date().toISOString()}, ${(await import('node:os')).cpus().length} CPUs\n`,
  );
  if (which === 'pg' || which === 'all') {
    console.log('== PostgreSQL restarted under load ==');
    const report = await runPgFaults({ log: (l) => console.log(l) }).catch((err) => {
      if (!(err instanceof ClusterUnavailableError)) throw err;
      console.log(`  skipped: ${err.message}\n`);
      return null;
    });
    if (report) {
      console.log('');
      console.log(
        `  leads sent ${report.leads}; acknowledged during the load ${report.acknowledgedBeforeRetry}; ` +
          `retried after recovery ${report.retried} (answered 200 as a replay ${report.retryReplayed}, 201 ${report.retryCreated}); ` +
          `acknowledged ${report.acknowledged}; in the database ${report.stored}; ` +
          `acknowledged but missing ${report.missing}; duplicates ${report.duplicates}`,
      );
      if (report.serverExit) console.log(`  server ${report.serverExit}:\n${report.serverOutputTail}`);
      report.ok
        ? console.log('  ✔ all requirements met')
        : console.log(`  ✖ ${report.problems.join('\n  ✖ ')}`);
      if (!report.ok) failed = true;
      console.log('');
    }
  }
  if (which === 'disk' || which === 'all') {
    console.log('== Uploads disk full ==');
    const report = await runDiskFull({ log: (l) => console.log(l) });
    if (report.skipped) console.log(`  skipped: ${report.skipped}`);
    else if (report.ok) console.log('  ✔ all requirements met');
    else {
      console.log(`  ✖ ${report.problems.join('\n  ✖ ')}`);
      failed = true;
    }
    console.log('');
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
