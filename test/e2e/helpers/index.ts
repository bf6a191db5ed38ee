/** Helpers for browser journeys; see each file. */
export { apiClient } from './api';
export { AXE_TAGS, type AxeViolation, axeScan, TOASTS } from './axe';
export { CHROMIUM_ARGS, CHROMIUM_PATH, DESKTOP, PHONE, type RunningBrowser, startBrowser } from './browser';
export { type Journey, journeyFixture } from './journey';
export { type OutboxMail, parseEml, readOutbox, resetCode, resetLink, waitForMail } from './mail';
export { reportRan } from './report';
export {
  E2E_ADMIN_PASSWORD,
  freePort,
  ROOT,
  type RunningServer,
  type StartServerOptions,
  startServer,
} from './server';
export { signIn, subscriptionConfirmed } from './session';
