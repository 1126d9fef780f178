import { sql, type Transaction } from 'kysely';
import type { DB, Executor } from '../../db/db';
import type { UserSex } from '../../db/schema-users';
import type { TenantScope } from '../../platform/auth/context';

/** One user of the scope with everything the user form shows. */
export function findUser(db: Executor, scope: TenantScope, userPk: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('tenants as t', 't.tenant_pk', 'u.tenant_pk')
    .leftJoin('user_groups as g', 'g.user_group_pk', 'u.user_group_pk')
    .leftJoin('user_addresses as a', 'a.address_pk', 'u.address_pk')
    .select([
      'u.user_pk',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone',
      'u.doc_type',
      'u.doc_number',
      'u.external_id',
      'u.tenant_pk',
      't.name as tenant_name',
      't.country as tenant_country',
      't.sms_enabled',
      'u.user_group_pk',
      'g.name as user_group_name',
      'u.active',
      'u.notification_offline_cp',
      'u.sex',
      sql<string | null>`to_char(u.birth_date, 'YYYY-MM-DD')`.as('birth_date'),
      'u.address_pk',
      'a.street',
      'a.house_number',
      'a.zip_code',
      'a.city',
      'a.state',
      'a.country as address_country',
      sql<
        string | null
      >`(select o.id_tag from ocpp_tags o where o.owner_user_pk = u.user_pk and o.type = 'USER' order by o.ocpp_tag_pk limit 1)`.as(
        'ocpp_id_tag',
      ),
      sql<
        string[] | null
      >`(select array_agg(o.id_tag order by lower(o.id_tag)) from ocpp_tags o where o.owner_user_pk = u.user_pk and o.type = 'CARD')`.as(
        'ocpp_tags',
      ),
    ])
    .where('u.user_pk', '=', userPk)
    .where('u.tenant_pk', 'in', scope.tenantPks)
    .executeTakeFirst();
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/** Locks the tenant row until the transaction ends, so two creates cannot both pass the limit. */
export async function lockTenant(trx: Transaction<DB>, tenantPk: number) {
  await sql`select tenant_pk from tenants where tenant_pk = ${tenantPk} for update`.execute(trx);
}

export async function userCount(db: Executor, tenantPk: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_pk', '=', tenantPk)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** True when another user already uses this e-mail (case-insensitive, across tenants: it is the login). */
export async function emailTaken(db: Executor, email: string, exceptUserPk: number | null): Promise<boolean> {
  let q = db
    .selectFrom('users')
    .select('user_pk')
    .where(sql<boolean>`lower(email) = lower(${email})`);
  if (exceptUserPk !== null) q = q.where('user_pk', '<>', exceptUserPk);
  return (await q.executeTakeFirst()) !== undefined;
}

export function userGroup(db: Executor, tenantPk: number, userGroupPk: number) {
  return db
    .selectFrom('user_groups')
    .select(['user_group_pk', 'name'])
    .where('user_group_pk', '=', userGroupPk)
    .where('tenant_pk', '=', tenantPk)
    .executeTakeFirst();
}

export function listUserGroups(db: Executor, tenantPks: number[]) {
  return db
    .selectFrom('user_groups')
    .select(['user_group_pk', 'name', 'tenant_pk'])
    .where('tenant_pk', 'in', tenantPks)
    .orderBy(sql`lower(name)`)
    .orderBy('user_group_pk')
    .execute();
}

/** CARD tags of the tenant that are free or bound to this user. */
export function selectableTags(db: Executor, tenantPk: number, userPk: number | null) {
  return db
    .selectFrom('ocpp_tags')
    .select(['ocpp_tag_pk', 'id_tag', 'note', 'inactive', 'owner_user_pk'])
    .where('tenant_pk', '=', tenantPk)
    .where('type', '=', 'CARD')
    .where((eb) =>
      userPk === null ? eb('owner_user_pk', 'is', null) : eb.or([eb('owner_user_pk', 'is', null), eb('owner_user_pk', '=', userPk)]),
    )
    .orderBy(sql`lower(id_tag)`)
    .execute();
}

/** Tags by key (case-insensitive), wherever they are: the service explains each refusal. */
export function tagsByKeys(db: Executor, keys: string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('ocpp_tags')
    .select(['ocpp_tag_pk', 'id_tag', 'tenant_pk', 'type', 'owner_user_pk'])
    .where(
      sql<string>`lower(id_tag)`,
      'in',
      keys.map((k) => k.toLowerCase()),
    )
    .execute();
}

export interface UserValues {
  tenant_pk: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  doc_type: string | null;
  doc_number: string | null;
  external_id: string | null;
  user_group_pk: number | null;
  active: boolean;
  notification_offline_cp: boolean;
  sex: UserSex | null;
  birth_date: string | null;
}

export interface AddressValues {
  street: string | null;
  house_number: string | null;
  zip_code: string | null;
  city: string | null;
  state: string | null;
  country: string;
}

export async function insertUser(trx: Transaction<DB>, values: UserValues, passwordHash: string): Promise<number> {
  const row = await trx
    .insertInto('users')
    .values({ ...values, password_hash: passwordHash, role_label: 'driver', profile_pk: null })
    .returning('user_pk')
    .executeTakeFirstOrThrow();
  return row.user_pk;
}

/** Updates a user of the scope; false when there is none with that key. */
export async function updateUser(trx: Transaction<DB>, scope: TenantScope, userPk: number, values: UserValues): Promise<boolean> {
  const res = await trx
    .updateTable('users')
    .set({ ...values, updated_at: new Date() })
    .where('user_pk', '=', userPk)
    .where('tenant_pk', 'in', scope.tenantPks)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Writes the user's address: updates the linked one or creates and links a new one. */
export async function saveAddress(trx: Transaction<DB>, userPk: number, addressPk: number | null, values: AddressValues): Promise<void> {
  if (addressPk !== null) {
    await trx
      .updateTable('user_addresses')
      .set({ ...values, updated_at: new Date() })
      .where('address_pk', '=', addressPk)
      .execute();
    return;
  }
  const row = await trx.insertInto('user_addresses').values(values).returning('address_pk').executeTakeFirstOrThrow();
  await trx.updateTable('users').set({ address_pk: row.address_pk }).where('user_pk', '=', userPk).execute();
}

/**
 * Makes the user's CARD tags exactly `tagPks`: binds those (only when still free or already the
 * user's) and frees the others. Returns how many of `tagPks` ended up bound.
 */
export async function setUserCardTags(trx: Transaction<DB>, userPk: number, tenantPk: number, tagPks: number[]): Promise<number> {
  let unbind = trx
    .updateTable('ocpp_tags')
    .set({ owner_user_pk: null, updated_at: new Date() })
    .where('owner_user_pk', '=', userPk)
    .where('type', '=', 'CARD');
  if (tagPks.length) unbind = unbind.where('ocpp_tag_pk', 'not in', tagPks);
  await unbind.execute();
  if (!tagPks.length) return 0;
  const res = await trx
    .updateTable('ocpp_tags')
    .set({ owner_user_pk: userPk, updated_at: new Date() })
    .where('ocpp_tag_pk', 'in', tagPks)
    .where('type', '=', 'CARD')
    .where('tenant_pk', '=', tenantPk)
    .where((eb) => eb.or([eb('owner_user_pk', 'is', null), eb('owner_user_pk', '=', userPk)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** The user's own USER tag follows the user to a new tenant. */
export async function moveUserTags(trx: Transaction<DB>, userPk: number, tenantPk: number): Promise<void> {
  await trx
    .updateTable('ocpp_tags')
    .set({ tenant_pk: tenantPk, updated_at: new Date() })
    .where('owner_user_pk', '=', userPk)
    .where('type', '=', 'USER')
    .execute();
}

/** True when a tag with this key exists (case-insensitive). */
export async function tagKeyExists(db: Executor, idTag: string): Promise<boolean> {
  return (
    (await db
      .selectFrom('ocpp_tags')
      .select('ocpp_tag_pk')
      .where(sql<string>`lower(id_tag)`, '=', idTag.toLowerCase())
      .executeTakeFirst()) !== undefined
  );
}

export async function insertUserTag(trx: Transaction<DB>, userPk: number, tenantPk: number, idTag: string): Promise<void> {
  await trx
    .insertInto('ocpp_tags')
    .values({ tenant_pk: tenantPk, id_tag: idTag, type: 'USER', note: null, parent_id_tag: null, owner_user_pk: userPk, expiry_date: null })
    .execute();
}
