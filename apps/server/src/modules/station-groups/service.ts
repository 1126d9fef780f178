import type { Kysely } from 'kysely';
import {
  GROUP_PAGE_SIZE,
  type GroupDetailResponse,
  type GroupListQuery,
  type GroupListResponse,
  type GroupSave,
} from '@recarga/contracts/station-groups';
import { addressFieldErrors, maxLength, stationMessages } from '@recarga/contracts/stations';
import type { DB } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import { badRequest, notFound } from '../../platform/errors';
import * as repo from './repository';
import { tenantInScope } from '../../platform/auth/tenant-in-scope';

const groupNotFound = () => notFound('Grupo de estações não encontrado.', 'GROUP_NOT_FOUND');

function toGroup(r: repo.GroupRow) {
  return {
    chargeBoxGroupPk: r.charge_box_group_pk,
    name: r.name,
    status: r.status,
    externalId: r.external_id,
    tenantPk: r.tenant_pk,
    tenantName: r.tenant_name,
    address: { street: r.street, houseNumber: r.house_number, zipCode: r.zip_code, city: r.city, state: r.state, country: r.country },
    locationLatitude: r.location_latitude,
    locationLongitude: r.location_longitude,
    stationCount: Number(r.station_count),
  };
}

const trimmed = (v: string | null | undefined) => (v == null ? '' : v.trim());

/** Station groups: list, detail with stations, create, update (001 §2, §5). */
export class StationGroupService {
  constructor(private readonly db: Kysely<DB>) {}

  async list(ctx: RequestContext, q: GroupListQuery): Promise<GroupListResponse> {
    const size = q.size ?? GROUP_PAGE_SIZE;
    const page = q.page ?? 1;
    const search = (q.searchInput ?? q.name)?.trim() || undefined;
    const filters = { search, tenantPk: q.tenantPk };
    const [rows, count] = await Promise.all([
      repo.listGroups(this.db, ctx.tenantScope, {
        ...filters,
        sort: q.sort ?? 'name',
        desc: q.order?.toLowerCase() === 'desc',
        limit: size,
        offset: (page - 1) * size,
      }),
      repo.countGroups(this.db, ctx.tenantScope, filters),
    ]);
    return { chargePointGroupList: rows.map(toGroup), count };
  }

  async detail(ctx: RequestContext, pk: number): Promise<GroupDetailResponse> {
    const row = await repo.findGroup(this.db, ctx.tenantScope, pk);
    if (!row) throw groupNotFound();
    const stations = await repo.groupStations(this.db, ctx.tenantScope, pk);
    return {
      chargePointGroup: {
        ...toGroup(row),
        chargePoints: stations.map((s) => ({
          chargeBoxPk: s.charge_box_pk,
          chargeBoxId: s.charge_box_id,
          description: s.description,
          active: s.active,
          city: s.city,
          state: s.state,
        })),
      },
    };
  }

  async create(ctx: RequestContext, body: GroupSave) {
    const values = await this.validate(ctx, body, null);
    const pk = await repo.insertGroup(this.db, values);
    return { message: 'Grupo de estações criado com sucesso!', ...(await this.detail(ctx, pk)) };
  }

  async update(ctx: RequestContext, pk: number, body: GroupSave) {
    const current = await repo.findGroup(this.db, ctx.tenantScope, pk);
    if (!current) throw groupNotFound();
    const values = await this.validate(ctx, body, current);
    if (!(await repo.updateGroup(this.db, ctx.tenantScope, pk, values))) throw groupNotFound();
    return { message: 'Grupo de estações alterado com sucesso!', ...(await this.detail(ctx, pk)) };
  }

  /** 001 §5 Station group: every rule, all field errors at once. */
  private async validate(ctx: RequestContext, body: GroupSave, current: repo.GroupRow | null): Promise<repo.GroupValues> {
    const fields: Record<string, string> = {};
    const tenantPk = body.tenantPk ?? current?.tenant_pk ?? ctx.tenantScope.tenantPk;
    const tenant = await tenantInScope(this.db, ctx.tenantScope, tenantPk, ['tenant_pk', 'country']);
    if (!tenant) fields.tenantPk = 'Unknown tenant.';
    const name = trimmed(body.name);
    if (!name) fields.name = stationMessages.required;
    else if (name.length > 100) fields.name = maxLength(100);
    const externalId = trimmed(body.externalId);
    if (externalId.length > 50) fields.externalId = maxLength(50);
    const a = body.address ?? {};
    Object.assign(
      fields,
      addressFieldErrors(a, { country: tenant?.country ?? 'BR', required: ['street', 'houseNumber', 'zipCode', 'city', 'state'] }),
    );
    const lat = body.locationLatitude;
    const lon = body.locationLongitude;
    if (lat == null) fields.locationLatitude = stationMessages.required;
    else if (!(lat >= -90 && lat <= 90)) fields.locationLatitude = 'Latitude must be between -90 and 90.';
    if (lon == null) fields.locationLongitude = stationMessages.required;
    else if (!(lon >= -180 && lon <= 180)) fields.locationLongitude = 'Longitude must be between -180 and 180.';
    if (Object.keys(fields).length > 0 || !tenant) throw badRequest(stationMessages.saveFailed, fields, 'VALIDATION');
    return {
      tenant_pk: tenant.tenant_pk,
      name,
      external_id: externalId || null,
      status: body.status ?? current?.status ?? 'ACTIVE',
      street: trimmed(a.street),
      house_number: trimmed(a.houseNumber),
      zip_code: trimmed(a.zipCode),
      city: trimmed(a.city),
      state: trimmed(a.state),
      country: tenant.country,
      location_latitude: lat!,
      location_longitude: lon!,
    };
  }
}
