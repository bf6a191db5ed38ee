/**
 * Global setup of the PGlite API project: a run without TEST_DATABASE_URL says, at its start and at its
 * end, that the PostgreSQL proofs (races, several processes on one database) did not run. PGlite runs
 * one transaction at a time, so a race test there would pass whatever the code did.
 */
const NOTICE =
  '\n!! TEST_DATABASE_URL is not set: the PostgreSQL proofs (api-pg, pg-only, every race test) did not run.\n' +
  '   Run them with TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm test\n';

export default function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  process.stderr.write(NOTICE);
  return () => {
    process.stderr.write(NOTICE);
  };
}
