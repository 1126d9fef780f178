/**
 * Users and tags benchmark: latency (p50/p95/max) of the users list (`users_data/dashboard-details`),
 * its search, and the tags list (`ocpptags`) against a PostgreSQL database seeded by
 * bench/seed-people.ts (1,000,000 drivers and cards by default). The app runs in this process on a
 * loopback port and is called over real HTTP, as an operator of the Sol network (Sol and Move).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/recarga_bench_people npx tsx bench/people.ts --iterations 50
 */
import { parseArgs } from 'node:util';
import { benchDatabaseUrl, benchUserHeaders, runGetScenarios, startBenchApp, type GetScenario } from './bench-app';

const { values } = parseArgs({ options: { iterations: { type: 'string', default: '50' } }, strict: true });
const url = benchDatabaseUrl('bench/seed-people.ts');
const iterations = Math.max(1, Math.min(10_000, Number(values.iterations)));

const bench = await startBenchApp(url);
const { db, base } = bench;
// An operator of the Sol network (sees Sol and Move) with the users and tags screens.
const headers = await benchUserHeaders(bench, {
  email: 'bench.people@recarga.bench',
  profile: 'bench people',
  routes: ['/', '/users', '/ocpptags'],
});

const users = await db
  .selectFrom('users')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
const tags = await db
  .selectFrom('ocpp_tags')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();

const scenarios: GetScenario[] = [
  { name: 'users, active, page 1', path: 'users_data/dashboard-details/?activeUsers=true&page=1&size=10' },
  { name: 'users, all, page 1', path: 'users_data/dashboard-details/?activeUsers=false&page=1&size=10' },
  { name: 'users, active, page 500', path: 'users_data/dashboard-details/?activeUsers=true&page=500&size=10' },
  { name: "users, search 'joao'", path: 'users_data/dashboard-details/?activeUsers=true&page=1&size=10&searchInput=joao' },
  {
    name: "users, search 'araujo (jr) 4242'",
    path: `users_data/dashboard-details/?activeUsers=true&page=1&size=10&searchInput=${encodeURIComponent('araujo (jr) 4242')}`,
  },
  {
    name: 'users, search an e-mail',
    path: 'users_data/dashboard-details/?activeUsers=false&page=1&size=10&searchInput=bench.driver.777777%40',
  },
  { name: 'users, search nothing found', path: 'users_data/dashboard-details/?activeUsers=true&page=1&size=10&searchInput=zzzzqx' },
  { name: 'tags, page 1', path: 'ocpptags/?page=1&size=10' },
  { name: 'tags, page 500', path: 'ocpptags/?page=500&size=10' },
  { name: 'tags, search an id', path: 'ocpptags/?page=1&size=10&searchInput=BN0000123456' },
  { name: "tags, search 'BN00004'", path: 'ocpptags/?page=1&size=10&searchInput=BN00004' },
  // The oldest tenth, and each of the text's trigrams ('bn0', 'n00', '000') is in every card.
  { name: "tags, search 'BN00000'", path: 'ocpptags/?page=1&size=10&searchInput=BN00000' },
];

process.stdout.write(
  `Users: ${Number(users.n).toLocaleString('en')}, tags: ${Number(tags.n).toLocaleString('en')}; ${iterations} calls per scenario\n\n`,
);
await runGetScenarios(base, headers, scenarios, iterations);

await bench.close();
