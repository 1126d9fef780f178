import type { Config } from '../config';
import type { Database } from '../db/database';
import type { TokenSigner } from './auth/tokens';
import type { Bus } from './bus';
import type { Captcha } from './captcha/captcha';
import type { JobRunner } from './jobs';
import type { LivePublisher } from './live-publisher';
import type { Mailer } from './mail/mailer';
import type { Metrics } from './metrics';
import type { StationChanges } from './station-changes';

/** Everything the modules share, built once per node by app.ts. */
export interface Platform {
  config: Config;
  database: Database;
  bus: Bus;
  mailer: Mailer;
  captcha: Captcha;
  signer: TokenSigner;
  metrics: Metrics;
  /** Periodic jobs, run once per cluster. */
  jobs: JobRunner;
  /** Publishes live updates to dashboards (any node). */
  live: LivePublisher;
  /** What the OCPP central system committed, and how a module tells it that it changed a station. */
  stations: StationChanges;
}
