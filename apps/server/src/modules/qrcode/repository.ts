import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB, Executor } from '../../db/db';
import { ownedStation } from '../../db/sql/owned-stations';
import type { TenantScope } from '../../platform/auth/context';
import type { QrCodeTables } from './schema';

type QrDb = Kysely<DB & QrCodeTables>;
const withQr = (db: Executor) => (db as Kysely<DB>).withTables<QrCodeTables>() as QrDb;

/** What a QR call needs of a station: its network, how it is priced and whether it may be used. */
export interface QrStation {
  charge_box_pk: number;
  charge_box_id: string;
  tenant_pk: number;
  tenant_path: string;
  type_of: 'PUBLIC' | 'PRIVATE';
  has_payment: boolean;
  ocpp_protocol: string | null;
}

/** A station that is not deleted nor deactivated, by its OCPP identity (exact, as stations sign in). */
export async function stationById(db: Executor, chargeBoxId: string): Promise<QrStation | undefined> {
  return db
    .selectFrom('charge_boxes as cb')
    .innerJoin('tenants as t', 't.tenant_pk', 'cb.tenant_pk')
    .select([
      'cb.charge_box_pk',
      'cb.charge_box_id',
      'cb.tenant_pk',
      't.path as tenant_path',
      'cb.type_of',
      'cb.has_payment',
      'cb.ocpp_protocol',
    ])
    .where('cb.charge_box_id', '=', chargeBoxId)
    .where('cb.deleted_at', 'is', null)
    .where('cb.active', '=', true)
    .executeTakeFirst();
}

/** A station in the caller's scope by its key (for the connector QR codes). */
export async function stationByPk(db: Executor, scope: TenantScope, chargeBoxPk: number) {
  return db
    .selectFrom('charge_boxes as cb')
    .select(['cb.charge_box_pk', 'cb.charge_box_id', 'cb.tenant_pk'])
    .where('cb.charge_box_pk', '=', chargeBoxPk)
    .where('cb.tenant_pk', 'in', scope.tenantPks)
    .where(ownedStation(scope, 'cb.charge_box_pk'))
    .where('cb.deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function hasConnector(db: Executor, chargeBoxPk: number, connectorId: number): Promise<boolean> {
  const row = await db
    .selectFrom('connectors')
    .select('connector_pk')
    .where('charge_box_pk', '=', chargeBoxPk)
    .where('connector_id', '=', connectorId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface QrSettings {
  token: string;
  guestTagPk: number | null;
  guestIdTag: string | null;
  /** Whether the guest tag is still what a QR start needs: no owner (no wallet) and free recharge. */
  guestIsAnonymousAndFree: boolean;
}

export async function settingsOf(db: Executor, tenantPk: number): Promise<QrSettings | undefined> {
  const row = await withQr(db)
    .selectFrom('qrcode_settings as s')
    .leftJoin('ocpp_tags as g', 'g.ocpp_tag_pk', 's.guest_ocpp_tag_pk')
    .select(['s.token', 's.guest_ocpp_tag_pk', 'g.id_tag', 'g.owner_user_pk', 'g.is_free_recharge'])
    .where('s.tenant_pk', '=', tenantPk)
    .executeTakeFirst();
  return row
    ? {
        token: row.token,
        guestTagPk: row.guest_ocpp_tag_pk,
        guestIdTag: row.id_tag ?? null,
        guestIsAnonymousAndFree: row.owner_user_pk === null && row.is_free_recharge === true,
      }
    : undefined;
}

/** A new QR token: 24 random bytes, URL-safe (32 characters). */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * The guest tag a QR start uses: no owner (no wallet, no user), free recharge (PRICELESS), several
 * recharges at once (one per connector started from a QR code), a random id that is printed
 * nowhere (18 characters, within OCPP's 20).
 */
async function insertGuestTag(db: Executor, tenantPk: number): Promise<{ pk: number; idTag: string }> {
  const idTag = `QR${randomBytes(8).toString('hex').toUpperCase()}`;
  const row = await db
    .insertInto('ocpp_tags')
    .values({
      tenant_pk: tenantPk,
      id_tag: idTag,
      type: 'CARD',
      note: 'QR page guest: recharges started from the public QR page (free, billed to no one)',
      owner_user_pk: null,
      parent_id_tag: null,
      expiry_date: null,
      max_active_transaction_count: 1000,
      is_free_recharge: true,
    })
    .returning('ocpp_tag_pk')
    .executeTakeFirstOrThrow();
  return { pk: row.ocpp_tag_pk, idTag };
}

/**
 * A network's QR settings, created on first need (token, and the guest tag when `withGuest` and it
 * is missing — first start, or an operator deleted it). One transaction; a concurrent creator
 * wins and this one reads its row.
 */
export async function ensureSettings(db: Kysely<DB>, tenantPk: number, withGuest: boolean): Promise<QrSettings> {
  const current = await settingsOf(db, tenantPk);
  if (current && (!withGuest || current.guestIdTag)) return current;
  try {
    await db.transaction().execute(async (trx) => {
      const q = withQr(trx);
      if (!current) {
        const guest = withGuest ? await insertGuestTag(trx, tenantPk) : null;
        await q
          .insertInto('qrcode_settings')
          .values({ tenant_pk: tenantPk, token: newToken(), guest_ocpp_tag_pk: guest?.pk ?? null })
          .execute();
        return;
      }
      const locked = await q
        .selectFrom('qrcode_settings')
        .select('guest_ocpp_tag_pk')
        .where('tenant_pk', '=', tenantPk)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (locked.guest_ocpp_tag_pk !== null) return;
      const guest = await insertGuestTag(trx, tenantPk);
      await q.updateTable('qrcode_settings').set({ guest_ocpp_tag_pk: guest.pk }).where('tenant_pk', '=', tenantPk).execute();
    });
  } catch (err) {
    // Another request created the row first (primary key): use its settings.
    const other = await settingsOf(db, tenantPk);
    if (!other) throw err;
    return other;
  }
  const created = await settingsOf(db, tenantPk);
  if (!created) throw new Error(`qrcode: settings of tenant ${tenantPk} missing after creation`);
  return created;
}

/**
 * Replaces the network's QR token (/config): the row is read under a lock, then written with the
 * new token in one upsert (created without a guest tag when the network never had one; a QR start
 * adds the tag when it needs it). Answers the token replaced (null when there was none) and the new one.
 */
export async function rotateToken(db: Executor, tenantPk: number): Promise<{ before: string | null; after: string }> {
  const q = withQr(db);
  const current = await q.selectFrom('qrcode_settings').select('token').where('tenant_pk', '=', tenantPk).forUpdate().executeTakeFirst();
  const after = newToken();
  await q
    .insertInto('qrcode_settings')
    .values({ tenant_pk: tenantPk, token: after, guest_ocpp_tag_pk: null })
    .onConflict((oc) => oc.column('tenant_pk').doUpdateSet({ token: after }))
    .execute();
  return { before: current?.token ?? null, after };
}

/** The recharge running on a connector started by this tag (the QR guest), newest first. */
export async function openGuestTransaction(db: Executor, chargeBoxPk: number, connectorId: number, guestTagPk: number) {
  return db
    .selectFrom('transactions as t')
    .innerJoin('connectors as c', 'c.connector_pk', 't.connector_pk')
    .select(['t.transaction_pk'])
    .where('t.charge_box_pk', '=', chargeBoxPk)
    .where('c.connector_id', '=', connectorId)
    .where('t.ocpp_tag_pk', '=', guestTagPk)
    .where('t.stop_timestamp', 'is', null)
    .orderBy('t.start_timestamp', 'desc')
    .orderBy('t.transaction_pk', 'desc')
    .executeTakeFirst();
}

/** Counts one call in a bucket's current window (one atomic upsert) and answers the count. */
export async function hit(db: Executor, bucket: string, windowStart: Date): Promise<number> {
  const row = await withQr(db)
    .insertInto('qrcode_throttle')
    .values({ bucket, window_start: windowStart, hits: 1 })
    .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql`qrcode_throttle.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  return Number(row.hits);
}

/** The job: windows that ended before `before` are dropped. */
export async function sweepThrottle(db: Executor, before: Date): Promise<number> {
  const res = await withQr(db).deleteFrom('qrcode_throttle').where('window_start', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** The web host of a network for its QR codes: one of its own host names (not the '*' fallback). */
export async function tenantHosts(db: Executor, tenantPk: number): Promise<string[]> {
  const rows = await db
    .selectFrom('tenant_hosts')
    .select('host')
    .where('tenant_pk', '=', tenantPk)
    .where('host', '<>', '*')
    .orderBy('host')
    .execute();
  return rows.map((r) => r.host);
}
