import { tenantsRelated } from '../../db/sql/tenant-related';
import { sql, type Transaction } from 'kysely';
import type { DB, Executor } from '../../db/db';
import type { UserSex } from '../../db/schema-users';
import type { TenantScope } from '../../platform/auth/context';
import { foldedForSearch, searchContains } from '../../db/sql/like';
import { countUpTo } from '../../db/sql/count-up-to';
import { documentKeySql } from '../../db/sql/document-key';

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

/**
 * A network tree: the top-level network a tenant belongs to (the tenant right below the root it
 * descends from, with everything under it), or the root alone for the root's own users. A path is
 * '/1/', '/1/2/', '/1/2/5/'…
 */
export interface NetworkTree {
  path: string;
  /** true: only the tenant with this path (the root); false: every tenant whose path starts with it. */
  exact: boolean;
}
export function networkTreeOf(tenantPath: string): NetworkTree {
  const parts = tenantPath.split('/').filter(Boolean);
  return parts.length <= 1 ? { path: tenantPath, exact: true } : { path: `/${parts[0]}/${parts[1]}/`, exact: false };
}

/**
 * Holds a lock on this document in this tree until the transaction ends (two saves of it wait for each
 * other). `docKey` is the document's key (platform/text.ts `documentKey`), so two typings of one
 * document take the same lock.
 */
export async function lockDocument(trx: Transaction<DB>, tree: NetworkTree, docType: string, docKey: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`user-document:${tree.path}:${docType}:${docKey}`}))`.execute(trx);
}

/**
 * Another user of the tree (not `exceptUserPk`) with this document, however it was typed (stored
 * numbers compared by their key); undefined when there is none.
 */
export function documentHolder(db: Executor, tree: NetworkTree, docType: string, docKey: string, exceptUserPk: number | null) {
  let q = db
    .selectFrom('users as u')
    .innerJoin('tenants as t', 't.tenant_pk', 'u.tenant_pk')
    .select('u.user_pk')
    .where('u.doc_type', '=', docType)
    .where(documentKeySql(sql.ref('u.doc_number')), '=', docKey)
    .where(tree.exact ? sql<boolean>`t.path = ${tree.path}` : sql<boolean>`t.path like ${`${tree.path}%`}`);
  if (exceptUserPk !== null) q = q.where('u.user_pk', '<>', exceptUserPk);
  return q.limit(1).executeTakeFirst();
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

// ---------------------------------------------------------------------------------------------
// The users list (001 §2) and a user's wallet statement

export interface UserListFilters {
  activeOnly: boolean;
  search?: string;
}

/** "First Last" of `u`, and the list's order (case ignored). */
const fullName = sql<string>`trim(u.first_name || ' ' || u.last_name)`;
const nameOrder = sql`lower(u.first_name || ' ' || u.last_name)`;
/** The user's own tag: their USER tag, else their first card. */
const ownTag = sql<string | null>`(select t.id_tag from ocpp_tags t where t.owner_user_pk = u.user_pk
                                    order by case when t.type = 'USER' then 0 else 1 end, t.ocpp_tag_pk limit 1)`;

/**
 * The tag the users list shows: the driver's card (physical tag) when they hold one — an active one
 * first, the first given first — else their own USER tag (the app's). Showing the automatic USER
 * tag hid the card an operator had just given.
 */
const listedTag = sql<string | null>`(select t.id_tag from ocpp_tags t where t.owner_user_pk = u.user_pk
                                       order by case when t.type = 'CARD' then 0 else 1 end, t.inactive, t.ocpp_tag_pk limit 1)`;

function listedUsers(db: Executor, scope: TenantScope, f: UserListFilters) {
  let q = db.selectFrom('users as u').where('u.tenant_pk', 'in', scope.tenantPks);
  if (f.activeOnly) q = q.where('u.active', '=', true);
  if (f.search) {
    const term = searchContains(f.search);
    q = q.where(sql<boolean>`(${foldedForSearch(sql`u.first_name || ' ' || u.last_name`)} like ${term} or lower(u.email) like ${term})`);
  }
  return q;
}

/** The columns of the list and its report: the user, their tenant, accepted recharges, Wh and tag. */
function withListColumns(q: ReturnType<typeof listedUsers>) {
  return q
    .innerJoin('tenants as tn', 'tn.tenant_pk', 'u.tenant_pk')
    .select([
      'u.user_pk',
      fullName.as('user_name'),
      'u.email',
      'u.doc_type',
      'u.doc_number',
      'u.car_brand',
      'u.car_model',
      'u.active',
      'tn.name as tenant_name',
      sql<number>`(select count(*) from transactions x where x.user_pk = u.user_pk and x.id_tag_status = 'Accepted')`.as('recharges'),
      sql<number>`(select coalesce(sum(x.energy_wh), 0) from transactions x where x.user_pk = u.user_pk and x.id_tag_status = 'Accepted')`.as(
        'consumption',
      ),
      listedTag.as('ocpp_id_tag'),
    ]);
}

/**
 * One page of the list. The page's keys are chosen first (in name order; a search in newest-first
 * order, which an index answers without reading every match), then only those rows get their
 * recharges, energy and tag: an offset never computes them for the rows it skips.
 */
export async function listUsers(db: Executor, scope: TenantScope, f: UserListFilters, page: { limit: number; offset: number }) {
  let keys = listedUsers(db, scope, f).select('u.user_pk');
  keys = f.search ? keys.orderBy('u.user_pk', 'desc') : keys.orderBy(nameOrder).orderBy('u.user_pk');
  const pks = (await keys.limit(page.limit).offset(page.offset).execute()).map((r) => r.user_pk);
  if (pks.length === 0) return [];
  const rows = await withListColumns(db.selectFrom('users as u'))
    .select(
      sql<boolean>`exists (select 1 from transactions x where x.user_pk = u.user_pk and x.stop_timestamp is null and x.id_tag_status = 'Accepted')`.as(
        'charging',
      ),
    )
    .where('u.user_pk', 'in', pks)
    .execute();
  const byPk = new Map(rows.map((r) => [r.user_pk, r]));
  return pks.flatMap((pk) => byPk.get(pk) ?? []);
}

/** Every listed user with the list's columns, in name order, read in chunks (the e-mailed report). */
export function streamUserReport(db: Executor, scope: TenantScope, f: UserListFilters) {
  return withListColumns(listedUsers(db, scope, f))
    .orderBy(nameOrder)
    .orderBy('u.user_pk')
    .stream(500);
}

/**
 * Active users of the scope for a picker, in name order, each with their own tag; with
 * `relatedTo`, only those who belong with that network (the voucher's: its tree up and down).
 */
export function pickerUsers(db: Executor, scope: TenantScope, limit: number, relatedTo?: number) {
  return listedUsers(db, scope, { activeOnly: true })
    .$if(relatedTo !== undefined, (q) =>
      q
        .innerJoin('tenants as ut', 'ut.tenant_pk', 'u.tenant_pk')
        .innerJoin('tenants as rt', (j) => j.on('rt.tenant_pk', '=', relatedTo!))
        .where(tenantsRelated('ut.path', 'rt.path')),
    )
    .select(['u.user_pk', fullName.as('user_name'), 'u.email', ownTag.as('id_tag'), 'u.doc_type', 'u.doc_number'])
    .orderBy(nameOrder)
    .orderBy('u.user_pk')
    .limit(limit)
    .execute();
}

/** Searches count up to this many matches: past it the list says "more than" (an exact count reads every match). */
export const SEARCH_COUNT_CAP = 1000;

/** The number of users listed; a search's count stops at SEARCH_COUNT_CAP + 1. */
export async function countUsers(db: Executor, scope: TenantScope, f: UserListFilters): Promise<number> {
  if (f.search) return countUpTo(db, listedUsers(db, scope, f).select('u.user_pk'), SEARCH_COUNT_CAP);
  const row = await listedUsers(db, scope, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The user's key and currency when the user is in the caller's scope. */
export function userInScope(db: Executor, scope: TenantScope, userPk: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('tenants as t', 't.tenant_pk', 'u.tenant_pk')
    .select(['u.user_pk', 't.currency'])
    .where('u.user_pk', '=', userPk)
    .where('u.tenant_pk', 'in', scope.tenantPks)
    .executeTakeFirst();
}

/** The user's money movements (the ledger billing writes), newest first. */
export function userMovements(db: Executor, userPk: number, limit: number) {
  return db
    .selectFrom('financial_movements')
    .select([
      'movement_pk',
      'created_at',
      'target_type',
      'payment_type',
      'payment_status',
      'payment_status_detail',
      'amount',
      'refunded_amount',
      'is_idle_payment',
      'currency',
    ])
    .where('user_pk', '=', userPk)
    .orderBy('created_at', 'desc')
    .orderBy('movement_pk', 'desc')
    .limit(limit)
    .execute();
}

export function walletOf(db: Executor, userPk: number) {
  return db.selectFrom('wallets').select(['balance', 'currency']).where('user_pk', '=', userPk).executeTakeFirst();
}
