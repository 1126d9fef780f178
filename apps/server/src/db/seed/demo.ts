import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { dashboardRoutes } from '@recarga/contracts/routes';
import { roles } from '@recarga/contracts/permissions';
import type { DB } from '../db';
import { hashPassword } from '../../platform/auth/password';
import { seedDemoStations } from './demo-stations';
import { seedDemoVouchers } from './demo-vouchers';
import { seedDemoSupport } from './demo-support';

export interface DemoLogin {
  email: string;
  password: string;
  role: string;
}

interface TenantSeed {
  key: string;
  name: string;
  alias: string;
  parent?: string;
  theme: string;
  country: string;
  currency: string;
  language: string;
  hosts: string[];
  invoicing?: boolean;
  deviceReader?: boolean;
  sms?: boolean;
  stationLimit?: number;
}

const tenants: TenantSeed[] = [
  { key: 'root', name: 'Recarga', alias: 'recarga', theme: 'move', country: 'BR', currency: 'BRL', language: 'br', hosts: [] },
  {
    key: 'sol',
    name: 'Sol Energia Mobilidade',
    alias: 'sol',
    parent: 'root',
    theme: 'sol',
    country: 'BR',
    currency: 'BRL',
    language: 'br',
    hosts: ['sol.localhost'],
    invoicing: true,
    sms: true,
  },
  {
    key: 'move',
    name: 'Move Eletropostos',
    alias: 'move',
    parent: 'sol',
    theme: 'move',
    country: 'BR',
    currency: 'BRL',
    language: 'br',
    hosts: ['*', 'localhost', 'move.localhost', '127.0.0.1'],
    invoicing: true,
    deviceReader: true,
    stationLimit: 200,
  },
  {
    key: 'terpel',
    name: 'Terpel Energía',
    alias: 'terpel',
    parent: 'root',
    theme: 'terpel',
    country: 'CO',
    currency: 'COP',
    language: 'es-CO',
    hosts: ['terpel.localhost'],
  },
  {
    key: 'andes',
    name: 'Andes Carga',
    alias: 'andes',
    parent: 'root',
    theme: 'andes',
    country: 'EC',
    currency: 'USD',
    language: 'es-EC',
    hosts: ['andes.localhost'],
  },
];

// Every capability; DASH_DISABLE_TRANSACTION_OPTIONS restricts, so the administrator does not hold it.
// Every grant; not the owner role, which narrows what a user sees.
const allRoles = Object.values(roles).filter((r) => r !== roles.disableTransactionOptions && r !== roles.stationOwner);

const operatorRoutes = [
  '/',
  '/stations',
  '/stations/create',
  '/stations/edit/{id}',
  '/station_groups',
  '/station_groups/create',
  '/station_groups/edit/{id}',
  '/users',
  '/ocpptags',
  '/ocpptags/create',
  '/ocpptags/edit/{id}',
  '/transactions',
  '/alerts',
  '/indicators',
  '/operations',
  '/operations/v16',
  '/operations/remote_start',
  '/operations/remote_stop',
  '/operations/tasks',
  '/financial',
  '/vouchers',
  '/support',
  '/config',
];
const ownerRoutes = ['/', '/stations', '/stations/edit/{id}', '/transactions', '/alerts', '/indicators'];
const terpelRoutes = [
  '/',
  '/stations',
  '/transactions',
  '/alerts',
  '/indicators',
  '/financial',
  '/vouchers',
  '/dynamic-pricing',
  '/virtual-groups',
  '/log',
];

interface UserSeed {
  tenant: string;
  email: string;
  password: string;
  first: string;
  last: string;
  role: 'administrator' | 'tenant operator' | 'station owner' | 'driver';
  profile?: string;
  doc?: string;
}

const users: UserSeed[] = [
  {
    tenant: 'root',
    email: 'admin@recarga.app',
    password: 'Recarga@2026',
    first: 'Ana',
    last: 'Administradora',
    role: 'administrator',
    profile: 'admin',
  },
  {
    tenant: 'sol',
    email: 'operador@sol.com.br',
    password: 'Operador@2026',
    first: 'Otávio',
    last: 'Operador',
    role: 'tenant operator',
    profile: 'operator',
  },
  {
    tenant: 'move',
    email: 'dono@move.com.br',
    password: 'Dono@2026',
    first: 'Daniela',
    last: 'Proprietária',
    role: 'station owner',
    profile: 'owner',
    doc: '52998224725',
  },
  {
    tenant: 'terpel',
    email: 'operador@terpel.co',
    password: 'Terpel@2026',
    first: 'Camilo',
    last: 'Restrepo',
    role: 'tenant operator',
    profile: 'terpel',
  },
  {
    tenant: 'move',
    email: 'motorista@move.com.br',
    password: 'Motorista@2026',
    first: 'Marcos',
    last: 'Silva',
    role: 'driver',
    doc: '11144477735',
  },
  {
    tenant: 'move',
    email: 'julia.santos@move.com.br',
    password: 'Motorista@2026',
    first: 'Júlia',
    last: 'Santos',
    role: 'driver',
    doc: '39053344705',
  },
  {
    tenant: 'sol',
    email: 'pedro.lima@sol.com.br',
    password: 'Motorista@2026',
    first: 'Pedro',
    last: 'Lima',
    role: 'driver',
    doc: '86288366757',
  },
  { tenant: 'terpel', email: 'conductor@terpel.co', password: 'Conductor@2026', first: 'Valentina', last: 'Gómez', role: 'driver' },
  { tenant: 'andes', email: 'conductor@andescarga.ec', password: 'Conductor@2026', first: 'Mateo', last: 'Andrade', role: 'driver' },
];

/** Loads the demo data once (tenants, hosts, profiles, users, stations). Returns the dashboard logins. */
export async function seedDemo(db: Kysely<DB>): Promise<DemoLogin[]> {
  const done = await db.selectFrom('settings').select('value').where('key', '=', 'demo_seeded').executeTakeFirst();
  const logins = users.filter((u) => u.profile).map((u) => ({ email: u.email, password: u.password, role: u.role }));
  if (done) return logins;

  const hashes = await Promise.all(users.map((u) => hashPassword(u.password)));
  await db.transaction().execute(async (trx) => {
    const tenantPk = new Map<string, number>();
    for (const t of tenants) {
      const parentPk = t.parent ? tenantPk.get(t.parent)! : null;
      const row = await trx
        .insertInto('tenants')
        .values({
          parent_tenant_pk: parentPk,
          name: t.name,
          alias: t.alias,
          theme: t.theme,
          country: t.country,
          currency: t.currency,
          language: t.language,
          api_key: randomBytes(18).toString('base64url'),
          invoicing_enabled: t.invoicing ?? false,
          tenant_device_reader: t.deviceReader ?? false,
          sms_enabled: t.sms ?? false,
          station_limit: t.stationLimit ?? null,
        })
        .returning('tenant_pk')
        .executeTakeFirstOrThrow();
      tenantPk.set(t.key, row.tenant_pk);
      const parentPath = t.parent
        ? (await trx.selectFrom('tenants').select('path').where('tenant_pk', '=', parentPk!).executeTakeFirstOrThrow()).path
        : '/';
      await trx
        .updateTable('tenants')
        .set({ path: `${parentPath}${row.tenant_pk}/` })
        .where('tenant_pk', '=', row.tenant_pk)
        .execute();
      for (const host of t.hosts) {
        await trx
          .insertInto('tenant_hosts')
          .values({ host, tenant_pk: row.tenant_pk, terms_of_use_url: null, deep_link_host: null })
          .execute();
      }
    }

    const profiles: Record<string, { tenant: string | null; name: string; routes: readonly string[]; roles: string[] }> = {
      admin: { tenant: null, name: 'Administrador', routes: dashboardRoutes, roles: allRoles },
      operator: { tenant: 'sol', name: 'Operador', routes: operatorRoutes, roles: [roles.paymentApproval] },
      owner: { tenant: 'move', name: 'Proprietário de estação', routes: ownerRoutes, roles: [roles.stationOwner] },
      terpel: { tenant: 'terpel', name: 'Operador Terpel', routes: terpelRoutes, roles: [roles.financialIndicators] },
    };
    const profilePk = new Map<string, number>();
    for (const [key, p] of Object.entries(profiles)) {
      const row = await trx
        .insertInto('access_profiles')
        .values({ name: p.name, tenant_pk: p.tenant ? tenantPk.get(p.tenant)! : null, description: null })
        .returning('profile_pk')
        .executeTakeFirstOrThrow();
      profilePk.set(key, row.profile_pk);
      const entries = [
        ...p.routes.map((route) => ({ profile_pk: row.profile_pk, route, role_id: null, status: true })),
        ...p.roles.map((role_id) => ({ profile_pk: row.profile_pk, route: null, role_id, status: true })),
      ];
      if (entries.length) await trx.insertInto('access_profile_entries').values(entries).execute();
    }

    for (const [i, u] of users.entries()) {
      await trx
        .insertInto('users')
        .values({
          tenant_pk: tenantPk.get(u.tenant)!,
          email: u.email,
          password_hash: hashes[i]!,
          first_name: u.first,
          last_name: u.last,
          role_label: u.role,
          profile_pk: u.profile ? profilePk.get(u.profile)! : null,
          doc_type: u.doc ? 'CPF' : null,
          doc_number: u.doc ?? null,
          phone: null,
          external_id: null,
          sex: null,
        })
        .execute();
    }
    await seedDemoStations(trx);
    await seedDemoSupport(trx);
    await seedDemoVouchers(trx);
    await trx.insertInto('settings').values({ key: 'demo_seeded', value: new Date().toISOString() }).execute();
  });
  return logins;
}
