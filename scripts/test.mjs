// `npm test` (every test), `npm run test:unit` and `npm run test:e2e`: the steps run one after another,
// stop at the first that fails, and print how long each took. With CI_TIMES set, each step's time is
// also appended to that file (tab-separated seconds and name), for .ci/run's table of phases.
import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));

const unit = [{ name: 'unit and API tests (embedded database)', command: ['npx', 'vitest', 'run'] }];
const e2e = [
  { name: 'Chromium present', command: ['bash', 'scripts/ensure-chromium.sh'] },
  { name: 'build (web app and server)', command: ['npm', 'run', 'build'] },
  { name: 'browser tests', command: ['npx', 'vitest', 'run', '--config', 'apps/web/e2e/vitest.config.ts'] },
];
const suites = { all: [...unit, ...e2e], unit, e2e };

const [suite = 'all', ...extra] = process.argv.slice(2);
const steps = suites[suite];
if (!steps || (suite === 'all' && extra.length)) {
  console.error(`test.mjs: unknown suite "${suite}" (all, unit or e2e; arguments go to unit or e2e only)`);
  process.exit(2);
}

const times = [];
const table = () => times.map(({ name, seconds }) => `${String(seconds).padStart(6)} s  ${name}`).join('\n');
for (const [index, step] of steps.entries()) {
  const started = Date.now();
  // Extra arguments (file filters, --reporter…) go to the tests themselves, the suite's last step.
  const [command, ...args] = index === steps.length - 1 ? [...step.command, ...extra] : step.command;
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  times.push({ name: step.name, seconds });
  if (process.env.CI_TIMES) appendFileSync(process.env.CI_TIMES, `${seconds}\t${step.name}\n`);
  if (result.status !== 0) {
    console.error(`\n${step.name} failed (exit ${result.status ?? result.signal}). Times so far:\n${table()}`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\nTimes:\n${table()}`);
