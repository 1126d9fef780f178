import type { Kysely } from 'kysely';
import {
  plugShareFieldKey,
  type PlugShareImportQuery,
  type PlugShareImportResponse,
  type PlugSharePointListQuery,
  type PlugSharePointListResponse,
} from '@recarga/contracts/stats';
import type { DB } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import { badRequest } from '../../platform/errors';
import * as repo from './repository';
import { readPlugShareFile } from './rows';
import { tenantInScope } from '../../platform/auth/tenant-in-scope';

const INVALID = 'The file has errors; nothing was imported. Fix the lines listed and send it again.';

/**
 * Third-party charge points (origin PLUG_SHARE): read-only map points an operator imports from a
 * CSV file. All or nothing: one invalid line rejects the file and nothing is written.
 */
export class PlugShareService {
  constructor(private readonly db: Kysely<DB>) {}

  /** The tenant of the call: the one asked for (in the caller's scope) or the caller's own; 400 outside the scope. */
  private async tenantOf(ctx: RequestContext, requested: number | undefined) {
    const tenantPk = requested ?? ctx.tenantScope.tenantPk;
    const tenant = await tenantInScope(this.db, ctx.tenantScope, tenantPk, ['tenant_pk', 'country']);
    if (!tenant) throw badRequest('Unknown tenant.', { tenantPk: 'Unknown tenant.' }, 'VALIDATION');
    return { tenantPk, tenant };
  }

  /** The tenant's current points, for the import screen. */
  async list(ctx: RequestContext, q: PlugSharePointListQuery): Promise<PlugSharePointListResponse> {
    const { tenantPk } = await this.tenantOf(ctx, q.tenantPk);
    const rows = await repo.listPoints(this.db, tenantPk);
    const points = rows.map((r) => ({
      chargeBoxPk: r.charge_box_pk,
      chargeBoxId: r.charge_box_id,
      id: r.external_id ?? r.charge_box_id,
      name: r.description ?? '',
      latitude: r.location_latitude,
      longitude: r.location_longitude,
      street: r.street,
      city: r.city,
      state: r.state,
      connectors: r.connectors,
      updatedAt: new Date(r.updated_at).toISOString(),
    }));
    return { tenantPk, count: points.length, points };
  }

  async import(ctx: RequestContext, q: PlugShareImportQuery, text: string): Promise<PlugShareImportResponse> {
    const { tenantPk, tenant } = await this.tenantOf(ctx, q.tenantPk);

    const { points, errors } = readPlugShareFile(text, await repo.connectorTypes(this.db));
    if (Object.keys(errors).length) throw badRequest(INVALID, errors, 'PLUG_SHARE_INVALID');

    return this.db.transaction().execute(async (trx) => {
      const taken = await repo.idsTakenByOthers(
        trx,
        tenantPk,
        points.map((p) => repo.pointChargeBoxId(tenantPk, p.id)),
      );
      if (taken.size) {
        const clash: Record<string, string> = {};
        for (const p of points) {
          if (taken.has(repo.pointChargeBoxId(tenantPk, p.id))) {
            clash[plugShareFieldKey(p.line, 'id')] = `The id "${p.id}" is already used by a station of the network.`;
          }
        }
        throw badRequest(INVALID, clash, 'PLUG_SHARE_INVALID');
      }
      const existing = await repo.existingPoints(trx, tenantPk);
      const updates = points.filter((p) => existing.has(p.id)).map((p) => ({ pk: existing.get(p.id)!, p }));
      const creates = points.filter((p) => !existing.has(p.id));
      await repo.updatePoints(trx, updates);
      const newPks = await repo.insertPoints(trx, tenantPk, tenant.country.trim(), creates);
      const all = [
        ...updates.map((u) => ({ pk: u.pk, typePks: u.p.connectorTypePks })),
        ...creates.map((p, i) => ({ pk: newPks[i]!, typePks: p.connectorTypePks })),
      ];
      await repo.replaceConnectors(trx, all);
      const removed = q.replace
        ? await repo.removeOtherPoints(
            trx,
            tenantPk,
            all.map((a) => a.pk),
          )
        : 0;
      return { tenantPk, rows: points.length, created: creates.length, updated: updates.length, removed };
    });
  }
}
