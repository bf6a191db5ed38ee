import type { WebConfiguration } from '../../../contract/web-config';
import type { JobHandler } from '../../platform/jobs/queue';
import type { AlertDeps } from './deps';
import { AlertDigest } from './digest';
import { AlertLinks } from './links';
import { AlertSignups } from './subscriptions';
import { AlertUnsubscribes } from './unsubscribe';

export { alertsRoutes } from './routes';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** The digest goes out every day at 08:00 in Vietnam (01:00 UTC). */
export const DIGEST_OFFSET_MS = 60 * MINUTE;
export const DIGEST_JOB = 'alerts.digest';
export const CLEANUP_JOB = 'alerts.cleanup';

export interface Alerts {
  signups: AlertSignups;
  unsubscribes: AlertUnsubscribes;
  digest: AlertDigest;
  links: AlertLinks;
}

export type AlertOptions = Omit<AlertDeps, 'links' | 'showroom'> & {
  /** Signs the links in the e-mails. */
  secret: string;
  publicUrl: string;
  /** MAIL_FROM: its address is the List-Unsubscribe mailto while the settings name no showroom e-mail. */
  mailFrom: string;
  webConfig: { get(): Promise<WebConfiguration> };
  jobs: { every(name: string, run: JobHandler, periodMs: number, offsetMs?: number): void };
};

/** The address part of 'Showroom <no-reply@example.com>'. */
const addressOf = (from: string) => /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();

/** Saved searches, price alerts and their digest; its two recurring jobs are defined on the queue here. */
export function createAlerts(opts: AlertOptions): Alerts {
  const links = new AlertLinks(opts.secret, opts.publicUrl);
  const deps: AlertDeps = {
    ...opts,
    links,
    showroom: async () => {
      const cfg = await opts.webConfig.get();
      return { name: cfg.showroomName, email: cfg.showroomEmail || addressOf(opts.mailFrom) };
    },
  };
  const signups = new AlertSignups(deps);
  const unsubscribes = new AlertUnsubscribes(deps);
  const digest = new AlertDigest(deps);
  opts.jobs.every(
    DIGEST_JOB,
    async () => {
      const run = await digest.run();
      // The addresses already mailed are skipped on the retry: only the failed ones are tried again.
      if (run.failed) throw new Error(`${run.failed} digest mail(s) failed`);
    },
    DAY,
    DIGEST_OFFSET_MS,
  );
  opts.jobs.every(CLEANUP_JOB, async () => void (await unsubscribes.cleanup()), 60 * MINUTE, 20 * MINUTE);
  return { signups, unsubscribes, digest, links };
}
