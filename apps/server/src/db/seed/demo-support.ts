import type { Transaction } from 'kysely';
import type { DB } from '../db';

/** Support addresses of the demo networks (Move has none: its mail goes to Sol's, its parent). */
const supportAddresses: Record<string, string> = {
  recarga: 'suporte@recarga.app',
  sol: 'suporte@sol.com.br',
  terpel: 'soporte@terpel.co',
  andes: 'soporte@andescarga.ec',
};

/** Demo app users' devices registered for push (the app registers them in production). */
const devices: { email: string; token: string; platform: 'android' | 'ios' }[] = [
  { email: 'motorista@move.com.br', token: 'demo-fcm-token-move-marcos-android', platform: 'android' },
  { email: 'motorista@move.com.br', token: 'demo-fcm-token-move-marcos-ios', platform: 'ios' },
  { email: 'julia.santos@move.com.br', token: 'demo-fcm-token-move-julia-android', platform: 'android' },
  { email: 'pedro.lima@sol.com.br', token: 'demo-fcm-token-sol-pedro-android', platform: 'android' },
  { email: 'conductor@terpel.co', token: 'demo-fcm-token-terpel-valentina-android', platform: 'android' },
];

/** Support addresses and push devices of the demo data (called from db/seed/demo.ts). */
export async function seedDemoSupport(trx: Transaction<DB>) {
  for (const [alias, email] of Object.entries(supportAddresses)) {
    await trx.updateTable('tenants').set({ support_email: email }).where('alias', '=', alias).execute();
  }
  const users = await trx
    .selectFrom('users')
    .select(['user_pk', 'email'])
    .where(
      'email',
      'in',
      devices.map((d) => d.email),
    )
    .execute();
  const pkOf = new Map(users.map((u) => [u.email, u.user_pk]));
  const rows = devices.filter((d) => pkOf.has(d.email)).map((d) => ({ user_pk: pkOf.get(d.email)!, token: d.token, platform: d.platform }));
  if (rows.length) await trx.insertInto('push_devices').values(rows).execute();
  // Sol's operator also sends push notifications to Sol's app users.
  const operator = await trx.selectFrom('access_profiles').select('profile_pk').where('name', '=', 'Operador').executeTakeFirst();
  if (operator) {
    await trx
      .insertInto('access_profile_entries')
      .values({ profile_pk: operator.profile_pk, route: '/push_notification', role_id: null, status: true })
      .execute();
  }
}
