import type { Executor } from '../db/db';
import { findStationsForConnect, type ConnectingStation } from './repository';

/** Ids looked up in one statement at most. */
const MAX_IDS = 500;

/**
 * The station record of each connecting socket, looked up together with the other handshakes of
 * the same moment: a reconnect storm (a node restart brings thousands of stations back within
 * seconds) makes one statement per few hundred sockets instead of one each. A look-up waits for
 * the next turn of the event loop at most; two handshakes of one id share the answer.
 */
export class StationLookup {
  private pending = new Map<string, { resolve(s: ConnectingStation | undefined): void; reject(err: unknown): void }[]>();
  private scheduled = false;

  constructor(private readonly db: Executor) {}

  find(chargeBoxId: string): Promise<ConnectingStation | undefined> {
    return new Promise((resolve, reject) => {
      const waiting = this.pending.get(chargeBoxId);
      if (waiting) waiting.push({ resolve, reject });
      else this.pending.set(chargeBoxId, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush() {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = new Map();
    const ids = [...batch.keys()];
    for (let i = 0; i < ids.length; i += MAX_IDS) {
      const chunk = ids.slice(i, i + MAX_IDS);
      try {
        const found = new Map((await findStationsForConnect(this.db, chunk)).map((s) => [s.charge_box_id, s]));
        for (const id of chunk) for (const w of batch.get(id)!) w.resolve(found.get(id));
      } catch (err) {
        for (const id of chunk) for (const w of batch.get(id)!) w.reject(err);
      }
    }
  }
}
