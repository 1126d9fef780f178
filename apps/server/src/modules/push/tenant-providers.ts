import { FcmPushProvider } from './fcm-provider';
import type { TenantPushAccount } from '../tenants/config-service';
import type { PushProvider } from './push-provider';

export interface TenantPushProvidersOptions {
  /** The server's provider (PUSH_PROVIDER: the outbox or the server's FCM account). */
  fallback: PushProvider;
  /** Where a network's own account is read (tenant settings, /config). */
  accounts: { pushAccountOf(tenantPk: number): Promise<TenantPushAccount | null> };
  /** FCM's addresses for networks' own accounts; absent when PUSH_PROVIDER=outbox (the outbox for all). */
  fcm?: { baseUrl: string; tokenUrl?: string; timeoutMs: number };
}

/**
 * The provider of a network's pushes: FCM with the network's own service account when it set one
 * in /config, else the server's. One FCM provider per network, kept (with its access token) until
 * the network replaces its account. The token endpoint is the server's (FCM_TOKEN_URL or Google's),
 * never the uploaded file's token_uri: a network's file cannot make the server post a signed
 * assertion to an address of its choosing.
 */
export class TenantPushProviders {
  private readonly cache = new Map<number, { key: string; provider: PushProvider }>();

  constructor(private readonly opts: TenantPushProvidersOptions) {}

  async of(tenantPk: number): Promise<PushProvider> {
    const { fcm, fallback, accounts } = this.opts;
    if (!fcm) return fallback;
    const account = await accounts.pushAccountOf(tenantPk);
    if (!account) {
      this.cache.delete(tenantPk);
      return fallback;
    }
    const hit = this.cache.get(tenantPk);
    if (hit && hit.key === account.key) return hit.provider;
    const provider = new FcmPushProvider({
      serviceAccount: { project_id: account.project_id, client_email: account.client_email, private_key: account.private_key },
      baseUrl: fcm.baseUrl,
      tokenUrl: fcm.tokenUrl,
      timeoutMs: fcm.timeoutMs,
    });
    this.cache.set(tenantPk, { key: account.key, provider });
    return provider;
  }
}
