// The entry of the built server (dist/server/main.js, `npm start`): Node's compile cache first, so the
// code of the packages the server loads is compiled once and reused by every later start, then the
// server itself (main.ts), loaded after it so that its imports go through the cache too.
import module from 'node:module';

module.enableCompileCache?.();
await import('./main');
