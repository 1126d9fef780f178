import type { IdTagInfo } from '@recarga/contracts/ocpp';
import type { TagRecord } from './repository';

/**
 * Whether a tag belongs with a station: the tag's tenant is the station's tenant, one of its
 * ancestors (a network's cards work at its sub-networks' stations) or one of its descendants (a
 * sub-network's drivers charge at the parent network's stations). Cards of unrelated networks are
 * not accepted. Tenant paths are materialised ('/1/4/').
 */
export function tagFitsStation(tagTenantPath: string, stationTenantPath: string): boolean {
  return stationTenantPath.startsWith(tagTenantPath) || tagTenantPath.startsWith(stationTenantPath);
}

/**
 * The idTagInfo for a tag at a station (OCPP 1.6 §7.2 AuthorizationStatus):
 * unknown or foreign tag -> Invalid; inactive, limit 0, inactive owner or blocked parent -> Blocked;
 * tag or parent past its expiry -> Expired; as many open transactions as the tag allows
 * (when `countOpen`) -> ConcurrentTx; otherwise Accepted.
 */
export function idTagInfoFor(tag: TagRecord | undefined, stationTenantPath: string, now: Date, opts: { countOpen: boolean }): IdTagInfo {
  if (!tag || !tagFitsStation(tag.tenant_path, stationTenantPath)) return { status: 'Invalid' };
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
