import type { AuthorizationData, IdTagInfo } from '@recarga/contracts/ocpp';
import { qrGuestWelcomeAt } from '@recarga/contracts/qrcode';
import type { Executor } from '../db/db';
import {
  onStationAccessList,
  openReservationsAt,
  recordUnknownTag,
  stationAccessList,
  stationAndTag,
  stationTenant,
  tagsFittingStation,
  type TagRecord,
} from './repository';

/**
 * Whether a tag belongs with a station: the tag's tenant is the station's tenant, one of its
 * ancestors (a network's cards work at its sub-networks' stations) or one of its descendants (a
 * sub-network's drivers charge at the parent network's stations). Cards of unrelated networks are
 * not accepted. Tenant paths are materialised ('/1/4/').
 */
function tagFitsStation(tagTenantPath: string, stationTenantPath: string): boolean {
  return stationTenantPath.startsWith(tagTenantPath) || tagTenantPath.startsWith(stationTenantPath);
}

/**
 * A lost stop never blocks a driver: an open transaction stops counting against its tag for
 * ConcurrentTx once its station has no live connection and nothing has been heard from the station
 * for this many minutes (its last message, which any message of the transaction updates, and the
 * transaction's start both older). Stations report meter values every minute or so and heartbeat
 * every few minutes; fifteen silent minutes without a socket is a station that went away, not a
 * slow one. The transaction itself stays open until its StopTransaction or an operator's
 * "close as lost" (docs/decisions.md).
 */
export const LOST_TRANSACTION_MINUTES = 15;

/** The instant before which a silent, disconnected station's open transaction no longer counts. */
export const lostBefore = (now: Date) => new Date(now.getTime() - LOST_TRANSACTION_MINUTES * 60_000);

/** What decides whether a tag may charge at a station besides the tag itself. */
export interface StationForTag {
  /** The station tenant's materialised path. */
  tenantPath: string;
  /**
   * Private stations only: whether the tag's owner user is on the station's access list (owner,
   * or a user whose binding is ACCEPTED). Undefined for a public station.
   */
  onAccessList?: boolean;
  /** Whether a network's QR guest tag may charge here (contracts/qrcode `qrGuestWelcomeAt`). */
  qrGuestWelcome: boolean;
}

/**
 * The idTagInfo for a tag at a station (OCPP 1.6 §7.2 AuthorizationStatus):
 * unknown or foreign tag, a private station whose access list lacks the tag's owner, or a QR guest
 * tag where the QR page may not start -> Invalid;
 * inactive, limit 0, inactive owner or blocked parent -> Blocked; tag or parent past its expiry ->
 * Expired; as many open transactions as the tag allows (when `countOpen`) -> ConcurrentTx;
 * otherwise Accepted.
 */
function idTagInfoFor(tag: TagRecord | undefined, station: StationForTag, now: Date, opts: { countOpen: boolean }): IdTagInfo {
  if (!tag || !tagFitsStation(tag.tenant_path, station.tenantPath)) return { status: 'Invalid' };
  if (station.onAccessList === false) return { status: 'Invalid' };
  if (tag.qr_guest && !station.qrGuestWelcome) return { status: 'Invalid' };
  const extra: Omit<IdTagInfo, 'status'> = {};
  if (tag.expiry_date) extra.expiryDate = tag.expiry_date.toISOString();
  if (tag.parent_id_tag && tag.parent_id_tag.length <= 20) extra.parentIdTag = tag.parent_id_tag;

  if (tag.inactive || tag.max_active_transaction_count === 0 || tag.owner_active === false) return { status: 'Blocked', ...extra };
  if (tag.parent_found && (tag.parent_inactive || tag.parent_max_active_transaction_count === 0)) return { status: 'Blocked', ...extra };
  if (tag.expiry_date && tag.expiry_date.getTime() <= now.getTime()) return { status: 'Expired', ...extra };
  if (tag.parent_found && tag.parent_expiry_date && tag.parent_expiry_date.getTime() <= now.getTime())
    return { status: 'Expired', ...extra };
  if (opts.countOpen && tag.open_transactions >= tag.max_active_transaction_count) return { status: 'ConcurrentTx', ...extra };
  return { status: 'Accepted', ...extra };
}

/**
 * Looks a tag up for a station (Authorize, StartTransaction, StopTransaction): the tag, the
 * station's tenant and, for a private station, whether the tag's owner is on its access list.
 * An unknown tag is recorded for the station's tenant when `recordUnknown`.
 */
export async function tagAtStation(
  db: Executor,
  chargeBoxPk: number,
  idTag: string,
  now: Date,
  opts: { countOpen: boolean; recordUnknown: boolean },
) {
  const { tag, station: tenant } = await stationAndTag(db, chargeBoxPk, idTag, opts.countOpen ? lostBefore(now) : null);
  if (!tag && opts.recordUnknown) await recordUnknownTag(db, idTag, tenant.tenant_pk, chargeBoxPk);
  let onAccessList: boolean | undefined;
  if (tenant.type_of === 'PRIVATE')
    onAccessList = tag?.owner_user_pk != null && (await onStationAccessList(db, chargeBoxPk, tag.owner_user_pk));
  const idTagInfo = idTagInfoFor(tag, { tenantPath: tenant.path, onAccessList, qrGuestWelcome: qrGuestWelcomeAt(tenant) }, now, {
    countOpen: opts.countOpen,
  });
  return { tag, tenant, idTagInfo };
}

/**
 * The local authorization list of a station (SendLocalList): every tag that fits the station — or
 * only these ids — with the status the central system would answer (open transactions not counted,
 * as at Authorize). Tags the station would refuse as Invalid (a private station's access list
 * lacks their owner) are left out. At most `limit` entries; the caller asks one more to know
 * whether the list is too long.
 */
export async function localListAt(
  db: Executor,
  chargeBoxPk: number,
  now: Date,
  opts: { idTags?: string[]; limit: number },
): Promise<AuthorizationData[]> {
  const tenant = await stationTenant(db, chargeBoxPk);
  const qrGuestWelcome = qrGuestWelcomeAt(tenant);
  const [tags, access] = await Promise.all([
    tagsFittingStation(db, tenant.path, opts),
    tenant.type_of === 'PRIVATE' ? stationAccessList(db, chargeBoxPk) : Promise.resolve(null),
  ]);
  const out: AuthorizationData[] = [];
  for (const tag of tags) {
    const onAccessList = access ? tag.owner_user_pk != null && access.has(tag.owner_user_pk) : undefined;
    const idTagInfo = idTagInfoFor(tag, { tenantPath: tenant.path, onAccessList, qrGuestWelcome }, now, { countOpen: false });
    if (idTagInfo.status !== 'Invalid' && tag.id_tag.length <= 20) out.push({ idTag: tag.id_tag, idTagInfo });
  }
  return out;
}

/**
 * What a start does with the station's reservations (ReserveNow): a start of the reserving tag (or
 * of a tag with the reservation's parent), or one naming the reservation, uses it; a start of
 * another tag on a connector reserved for someone else is refused — the station should not have
 * let it start (OCPP 1.6 §5.13). A reservation of the whole station (connector 0) keeps a connector
 * for its tag, not this one, so it refuses nobody.
 */
export async function reservationAtStart(
  db: Executor,
  chargeBoxPk: number,
  start: { connectorId: number; idTag: string; parentIdTag?: string; reservationId?: number },
  now: Date,
): Promise<{ use?: number; reservedForOther: boolean }> {
  const open = await openReservationsAt(db, chargeBoxPk, start.connectorId, now);
  if (open.length === 0) return { reservedForOther: false };
  const same = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();
  const mine = open.find(
    (r) =>
      r.reservation_pk === start.reservationId ||
      same(r.id_tag, start.idTag) ||
      same(r.parent_id_tag, start.idTag) ||
      same(r.id_tag, start.parentIdTag) ||
      same(r.parent_id_tag, start.parentIdTag),
  );
  if (mine) return { use: mine.reservation_pk, reservedForOther: false };
  return { reservedForOther: open.some((r) => r.connector_id === start.connectorId) };
}
