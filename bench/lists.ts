/**
 * Station lists benchmark (issue 22 item 7): latency (p50/p95/max) of the dashboard's lists that
 * grow with the fleet — the paged station list with its search and online filter, the map list
 * (whole scope, and viewports: stations or clusters) and the alerts list — against a PostgreSQL database
 * seeded by bench/seed-dashboard.ts (`--stations 50000` for the scale). The app runs in
 * this process on a loopback port and is called over real HTTP, as an operator of the Sol network
 * (Sol and Move: about two thirds of the seeded stations).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/recarga_scale npx tsx bench/lists.ts --iterations 50
 */
import { parseArgs } from 'node:util';
import { benchDatabaseUrl, benchUserHeaders, runGetScenarios, startBenchApp, type GetScenario } from './bench-app';

const { values } = parseArgs({ options: { iterations: { type: 'string', default: '50' } }, strict: true });
const url = benchDatabaseUrl('bench/seed-dashboard.ts');
const iterations = Math.max(1, Math.min(10_000, Number(values.iterations)));

const bench = await startBenchApp(url);
const { db, base } = bench;
const headers = await benchUserHeaders(bench, {
  email: 'bench.lists.operations@recarga.bench',
  profile: 'bench lists and operations',
  routes: [
    '/',
    '/stations',
    '/alerts',
    '/operations',
    '/operations/v16',
    '/operations/remote_start',
    '/operations/remote_stop',
    '/operations/remote_reset',
  ],
});

const stations = await db
  .selectFrom('charge_boxes')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
const some = await db
  .selectFrom('charge_boxes')
  .select('charge_box_id')
  .where('charge_box_id', 'like', 'DASH-%')
  .orderBy('charge_box_pk')
  .limit(20)
  .execute();
if (some.length < 20) throw new Error('seed the stations first: bench/seed-dashboard.ts');

const scenarios: GetScenario[] = [
  { name: 'stations, page 1', path: 'chargepoints/?page=1&size=10' },
  { name: 'stations, page 1000', path: 'chargepoints/?page=1000&size=10' },
  { name: 'stations, online only, page 1', path: 'chargepoints/?page=1&size=10&online=true' },
  { name: 'stations, search an id', path: `chargepoints/?page=1&size=10&searchInput=${some[7]!.charge_box_id}` },
  {
    name: "stations, search 'benchmark station 4242'",
    path: `chargepoints/?page=1&size=10&searchInput=${encodeURIComponent('benchmark station 4242')}`,
  },
  { name: 'stations, search nothing found', path: 'chargepoints/?page=1&size=10&searchInput=zzzzqx' },
  { name: 'map list (every station of the scope)', path: 'chargepoints/' },
  // The seed spreads its stations over 8° × 8° around São Paulo (about 520 of Sol's per square degree).
  { name: 'map viewport, a city (0.5° × 0.6°)', path: `chargepoints/?bounds=${encodeURIComponent('-23.8,-46.9,-23.3,-46.3')}` },
  { name: 'map viewport, a region (3° × 4°, clusters)', path: `chargepoints/?bounds=${encodeURIComponent('-25,-48.5,-22,-44.5')}` },
  { name: 'map viewport, the whole area (clusters)', path: `chargepoints/?bounds=${encodeURIComponent('-28,-51,-19,-42')}` },
  { name: "stations, search 'station' (every one)", path: 'chargepoints/?page=1&size=10&searchInput=station' },
  // The operations screen's options: the stations of a protocol version in scope (its transfer list),
  // unpaged as the spec's call, then as the screen asks (100 at a time, a search, the tags apart).
  { name: 'operations, remote start, every station', path: 'operations/v1.6/remote_start_transaction/' },
  { name: 'operations, reset, every station', path: 'operations/v1.6/reset/' },
  { name: 'operations, remote start, 100', path: 'operations/v1.6/remote_start_transaction/?size=100' },
  { name: 'operations, remote stop, 100', path: 'operations/v1.6/remote_stop_transaction/?size=100' },
  {
    name: "operations, reset, search 'station 4242'",
    path: `operations/v1.6/reset/?size=100&searchInput=${encodeURIComponent('station 4242')}`,
  },
  { name: "operations, reset, search 'station' (every one)", path: 'operations/v1.6/reset/?size=100&searchInput=station' },
  { name: 'operations, remote start, tags only', path: 'operations/v1.6/remote_start_transaction/?size=0&idTag=ab' },
  { name: 'alerts of 20 stations', path: `notification/chargeBox/?chargeBoxIds=${some.map((s) => s.charge_box_id).join(',')}` },
];

process.stdout.write(`Stations: ${Number(stations.n).toLocaleString('en')}; ${iterations} calls per scenario\n\n`);
await runGetScenarios(base, headers, scenarios, iterations);

await bench.close();
