// @postgres concurrency, write-pool: a closing node's queued StopTransactions take turns on the pool (runs on PostgreSQL only).
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app';
import { bootedStation, databaseWithStations, eventually } from './ocpp-helpers';

const iso = (d: Date) => d.toISOString();

/**
 * On PostgreSQL, where station messages that write outside the batcher take turns for the pool's
 * connections (the embedded database answers each one before the next is read: nothing waits there).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a node shutting down while stations that left wait their turn', () => {
  it('their StopTransactions are dropped at their turn, not written; sent again to the next node, each recharge stops once', async () => {
    // Arrange: 120 stations of Move, each with a recharge open on connector 1 since an hour ago.
    const count = 120;
    const db = await databaseWithStations('LEAVE-', count);
    await sql`insert into connectors (charge_box_pk, connector_id)
      select charge_box_pk, 1 from charge_boxes where charge_box_id like 'LEAVE-%'`.execute(db.database.db);
    const begin = new Date(Date.now() - 3_600_000);
    const opened = await sql<{ id: string; pk: number }>`
      insert into transactions (charge_box_pk, connector_pk, tenant_pk, id_tag, id_tag_status, start_timestamp, start_value_wh, start_key)
      select cb.charge_box_pk, c.connector_pk, cb.tenant_pk, 'LEAVETAG', 'Accepted', ${begin}, 0, 'leave-' || cb.charge_box_id
      from charge_boxes cb join connectors c using (charge_box_pk) where cb.charge_box_id like 'LEAVE-%'
      returning (select charge_box_id from charge_boxes b where b.charge_box_pk = transactions.charge_box_pk) as id, transaction_pk as pk`.execute(
      db.database.db,
    );
    const transactionOf = new Map(opened.rows.map((r) => [r.id, r.pk]));
    const t = await createTestApp({ database: db.database });
    const url = await t.listen();
    const ids = Array.from({ length: count }, (_, i) => `LEAVE-${i + 1}`);
    const clients = [];
    for (let i = 0; i < ids.length; i += 40) clients.push(...(await Promise.all(ids.slice(i, i + 40).map((id) => bootedStation(url, id)))));
    // Station n stops at meter 1000 + n Wh, half an hour after its start.
    const stopOf = (i: number) => ({
      transactionId: transactionOf.get(ids[i]!)!,
      meterStop: 1000 + i + 1,
      timestamp: iso(new Date(begin.getTime() + 30 * 60_000)),
      reason: 'Local',
    });

    // Act: every station sends its stop at once; while most wait their turn, the stations leave and the node shuts down.
    const answered = clients.map((c, i) =>
      c.call('StopTransaction', stopOf(i)).then(
        () => true,
        () => false,
      ),
    );
    await eventually(() => t.app.ocpp.waitingMessages > 0, 10_000);
    await Promise.all(clients.map((c) => c.close({ force: true })));
    await t.close();

    // Assert: fewer stops written than sent (the waiting ones were dropped), every stop answered was written,
    // and each one written is whole (its meter, its energy).
    const stopped = await db.database.db
      .selectFrom('transactions as x')
      .innerJoin('charge_boxes as cb', 'cb.charge_box_pk', 'x.charge_box_pk')
      .select(['cb.charge_box_id', 'x.stop_value_wh', 'x.energy_wh'])
      .where('cb.charge_box_id', 'like', 'LEAVE-%')
      .where('x.stop_timestamp', 'is not', null)
      .execute();
    const answers = await Promise.all(answered);
    expect(stopped.length).toBeLessThan(count);
    for (const [i, ok] of answers.entries()) if (ok) expect(stopped.map((s) => s.charge_box_id)).toContain(ids[i]);
    for (const s of stopped) {
      const n = Number(s.charge_box_id.slice('LEAVE-'.length));
      expect(s.stop_value_wh).toBe(1000 + n);
      expect(s.energy_wh).toBe(1000 + n);
    }

    // Act again: the stations reconnect to the next node and send every stop they had no answer to.
    const next = await createTestApp({ database: db.database });
    const nextUrl = await next.listen();
    const unanswered = ids.flatMap((id, i) => (answers[i] ? [] : [i]));
    for (let k = 0; k < unanswered.length; k += 40) {
      await Promise.all(
        unanswered.slice(k, k + 40).map(async (i) => {
          const client = await bootedStation(nextUrl, ids[i]!);
          await client.call('StopTransaction', stopOf(i));
          await client.close();
        }),
      );
    }

    // Assert: every recharge stopped exactly once, with its own meter; one TransactionEnded event each.
    const all = await db.database.db
      .selectFrom('transactions as x')
      .innerJoin('charge_boxes as cb', 'cb.charge_box_pk', 'x.charge_box_pk')
      .select(['cb.charge_box_id', 'x.stop_value_wh'])
      .where('cb.charge_box_id', 'like', 'LEAVE-%')
      .execute();
    expect(all).toHaveLength(count);
    expect(all.every((x) => x.stop_value_wh === 1000 + Number(x.charge_box_id.slice('LEAVE-'.length)))).toBe(true);
    const ended = await sql<{ n: number; stations: number }>`
      select count(*)::int as n, count(distinct n.charge_box_pk)::int as stations from notifications n
      join charge_boxes cb using (charge_box_pk) where cb.charge_box_id like 'LEAVE-%' and n.type = 'TransactionEnded'`.execute(
      db.database.db,
    );
    expect(ended.rows[0]).toEqual({ n: count, stations: count });
    await next.close();
    await db.dispose();
  }, 120_000);
});
