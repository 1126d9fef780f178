import type { Transaction } from 'kysely';
import type { DB } from '../db';

/** Demo stations, connectors and tags (added with the OCPP central system). */
export async function seedDemoStations(_trx: Transaction<DB>): Promise<void> {}
