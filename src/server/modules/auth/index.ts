/**
 * The auth module's public entry: app.ts builds it from these, and the users module's routes take the
 * password setup (a manager's reset and invitation mails) and the security notices from it.
 */
export { SecurityNotices } from './notices';
export { PasswordSetup } from './password-setup';
export { authRoutes } from './routes';
export { AuthService } from './service';
export { SignInThrottle } from './sign-in-throttle';
