import type { AppModule } from '../../platform/app-module';
import { FcmPushProvider, readServiceAccount } from './fcm-provider';
import { OutboxPushProvider, type PushProvider } from './push-provider';
import { pushRoutes } from './routes';
import { PushService } from './service';
import { TenantPushProviders } from './tenant-providers';

/**
 * Push notifications to the network's app users: the outbox by default, FCM HTTP v1 when configured
 * — with the network's own service account when it set one in /config.
 */
export const pushModule: AppModule = {
  name: 'push',
  async register(app, { platform, services }) {
    const { push } = platform.config;
    const provider: PushProvider =
      push.provider === 'fcm' && push.fcm
        ? new FcmPushProvider({
            serviceAccount: readServiceAccount(push.fcm.serviceAccountFile),
            baseUrl: push.fcm.baseUrl,
            tokenUrl: push.fcm.tokenUrl,
            timeoutMs: push.fcm.timeoutMs,
          })
        : new OutboxPushProvider();
    const providers = new TenantPushProviders({ fallback: provider, accounts: services.get('tenantSettings'), fcm: push.tenantFcm });
    const service = new PushService({ db: platform.database.db, providerOf: (tenantPk) => providers.of(tenantPk) });
    await app.register(pushRoutes, { service });
  },
};
