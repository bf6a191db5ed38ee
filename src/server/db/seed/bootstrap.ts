import { randomInt } from 'node:crypto';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { InspectionsService } from '../../modules/inspections/service';
import type { UsersService } from '../../modules/users/service';
import type { WebConfigService } from '../../modules/web-config/service';
import { DEMO_CONFIGURATION, DEMO_PASSWORD, DEMO_STAFF } from './demo-staff';

export interface BootstrapServices {
  users: UsersService;
  webConfig: WebConfigService;
  /** Its default template is written on a database without one (every showroom starts with 176 items). */
  inspections?: InspectionsService;
}

/** Fills an empty demo showroom; each domain adds its own seeder (cars, leads, posts, ...). */
export type DemoSeeder = (
  ctx: AppContext,
  services: BootstrapServices & Record<string, unknown>,
) => Promise<void>;

export interface BootstrapResult {
  admin?: { username: string; password: string; generated: boolean };
  demo: boolean;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A password that satisfies the shared pattern: letters and digits, a lower, an upper, a digit. */
export function generatePassword(length = 14): string {
  for (;;) {
    let out = '';
    for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
    if (/[a-z]/.test(out) && /[A-Z]/.test(out) && /\d/.test(out)) return out;
  }
}

/**
 * Runs at every start: permissions and settings exist; on a database without users, the first
 * admin is created (and, when asked, the demo showroom is filled).
 */
export async function bootstrap(
  ctx: AppContext,
  config: Config,
  services: BootstrapServices & Record<string, unknown>,
  seeders: DemoSeeder[] = [],
): Promise<BootstrapResult> {
  await services.users.ensurePermissions();
  await services.inspections?.template.ensure();
  const empty = (await services.users.count()) === 0;
  await services.webConfig.ensure(empty && config.demoData ? DEMO_CONFIGURATION : {});
  if (!empty) return { demo: false };

  const password = config.adminPassword ?? generatePassword();
  await services.users.create(
    {
      fullName: 'Quản trị viên',
      username: config.adminUsername,
      // The reset code goes to this address: ADMIN_EMAIL, or the demo showroom's manager mailbox.
      email:
        config.adminEmail ?? (config.demoData ? 'quanly@autoviet.vn' : `${config.adminUsername}@example.com`),
      role: 'ADMIN',
      permissions: [],
    },
    null,
    // The one password the server sets: ADMIN_PASSWORD, or the generated one printed once at start.
    password,
  );
  const admin = { username: config.adminUsername, password, generated: !config.adminPassword };
  if (!config.demoData) return { admin, demo: false };

  for (const staff of DEMO_STAFF) {
    await services.users.create({ ...staff, role: 'STAFF' }, null, DEMO_PASSWORD);
  }
  for (const seed of seeders) await seed(ctx, services);
  return { admin, demo: true };
}
