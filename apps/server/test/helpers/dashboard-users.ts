import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../src/platform/auth/password';
import { tenantPk } from './station-builders';
import { loginAs, type TestApp } from './test-app';

type T = Pick<TestApp, 'db'>;

/** A dashboard user of a tenant with a demo profile (by name) or a new profile of the given route keys. */
export async function aDashboardUser(
  t: T,
  opts: { email: string; password: string; tenant: string; profile?: string; routes?: string[]; roles?: string[]; doc?: string },
) {
  let profile: { profile_pk: number };
  if (opts.routes) {
    profile = await t.db
      .insertInto('access_profiles')
      .values({ name: `test ${opts.email}`, tenant_pk: null, description: null })
      .returning('profile_pk')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('access_profile_entries')
      .values([
        ...opts.routes.map((route) => ({ profile_pk: profile.profile_pk, route, role_id: null, status: true })),
        ...(opts.roles ?? []).map((role_id) => ({ profile_pk: profile.profile_pk, route: null, role_id, status: true })),
      ])
      .execute();
  } else {
    profile = await t.db
      .selectFrom('access_profiles')
      .select('profile_pk')
      .where('name', '=', opts.profile ?? 'Administrador')
      .executeTakeFirstOrThrow();
  }
  const row = await t.db
    .insertInto('users')
    .values({
      tenant_pk: await tenantPk(t, opts.tenant),
      email: opts.email,
      password_hash: await hashPassword(opts.password),
      first_name: 'Test',
      last_name: opts.tenant,
      profile_pk: profile.profile_pk,
      role_label: 'tenant operator',
      phone: null,
      doc_type: opts.doc ? 'CPF' : null,
      doc_number: opts.doc ?? null,
      external_id: null,
      sex: null,
    })
    .returning('user_pk')
    .executeTakeFirstOrThrow();
  return { email: opts.email, password: opts.password, userPk: row.user_pk };
}

const FINANCE_ROUTES = [
  '/',
  '/transactions',
  '/transactions/{id}/payment/edit',
  '/cancel-idle-payment',
  '/transactions/show_nf_column',
  '/financial',
];

let seq = 0;

/** A signed-in dashboard user of a tenant with exactly these routes (default: the finance ones) and roles. */
export async function aUserWith(
  t: TestApp,
  opts: { tenant: string; routes?: string[]; roles?: string[]; email?: string },
): Promise<{ token: string; userPk: number }> {
  const email = opts.email ?? `u${++seq}-${randomUUID().slice(0, 6)}@test.recarga`;
  const user = await aDashboardUser(t, {
    email,
    password: 'Secret@2026',
    tenant: opts.tenant,
    routes: opts.routes ?? FINANCE_ROUTES,
    roles: opts.roles,
  });
  return { token: await loginAs(t.app, user), userPk: user.userPk };
}
