import { browserConfig } from './vitest.config';

/**
 * `npm run screenshots`: pictures for review (*.shots.ts) against the same kind of server as the
 * browser tests, written to the git-ignored apps/web/e2e/screenshots/. They assert nothing, so
 * `npm test` does not run them.
 */
export default browserConfig('screenshots', ['apps/web/e2e/**/*.shots.ts']);
