import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakeAddressServices } from './support/fake-address-services';
import { repoRoot, serverMain, startServer, webDist } from './support/start-server';
import './support/provided-context';

/**
 * Starts one real server per browser worker (`browserWorkers()`, vitest.config.ts), each with its
 * own embedded database and demo data, so two files that run at once never share a station, a
 * sign-in counter or a voucher; the files of one worker run one after another on its server, as
 * they did on the single server before. The CEP, geocoding and map-tile services point at one
 * local fake (support/fake-address-services.ts), which keeps no state.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(resolve(repoRoot, webDist, 'index.html'))) {
    throw new Error(`${webDist}/index.html is missing: build the web app first (npm run build).`);
  }
  if (!existsSync(resolve(repoRoot, serverMain))) {
    throw new Error(`${serverMain} is missing: build the server first (npm run build).`);
  }
  const services = await startFakeAddressServices();
  const count = Math.max(1, project.config.maxWorkers ?? 1);
  const started = await Promise.allSettled(Array.from({ length: count }, () => startServer(services)));
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await services.close();
  };
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }

  project.provide(
    'servers',
    servers.map(({ port, dataDir }) => ({ port, dataDir })),
  );
  project.provide('fakeServicesUrl', services.url);
  return stop;
}
