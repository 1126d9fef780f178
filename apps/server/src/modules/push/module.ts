import type { AppModule } from '../../platform/app-module';
import { FcmPushProvider, readServiceAccount } from './fcm-provider';
import { OutboxPushProvider, type PushProvider } from './push-provider';
import { pushRoutes } from './routes';
import { PushService } from './service';

/** Push notifications to the network's app users: the outbox by default, FCM HTTP v1 when configured. */
export const pushModule: AppModule = {
  name: 'push',
  async register(app, { platform }) {
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
    const service = new PushService({ db: platform.database.db, provider });
    await app.register(pushRoutes, { service });
  },
};
