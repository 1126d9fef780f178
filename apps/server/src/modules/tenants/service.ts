import type { Kysely } from 'kysely';
import type { TenantListResponse } from '@recarga/contracts/tenants';
import type { DB } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import * as repo from './repository';

export class TenantService {
  constructor(private readonly db: Kysely<DB>) {}

  /** The signed-in user's tenant and every tenant below it. */
  async list(ctx: RequestContext): Promise<TenantListResponse> {
    const rows = await repo.listTenants(this.db, ctx.tenantScope);
    return { tenantList: rows.map(({ api_key, ...t }) => ({ ...t, apiKey: api_key })) };
  }
}
