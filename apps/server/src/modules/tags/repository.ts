import { CompiledQuery, sql } from 'kysely';
import type { Executor } from '../../db/db';
import type { TenantScope } from '../../platform/auth/context';
import { foldedForSearch, likeContains, searchContains } from '../../db/sql/like';
import { idTagContains, onGramIndex } from '../../db/sql/tag-id-search';
import { documentKeySql } from '../../db/sql/document-key';
import { documentKey } from '../../platform/text';

export interface TagFilters {
  search?: string;
  tenantPk?: number;
  type?: 'CARD' | 'USER';
  userPk?: number;
}

function filteredTags(db: Executor, scope: TenantScope, f: TagFilters) {
  let q = db.selectFrom('ocpp_tags as t').where('t.tenant_pk', 'in', scope.tenantPks);
  if (f.tenantPk !== undefined) q = q.where('t.tenant_pk', '=', f.tenantPk);
  if (f.type) q = q.where('t.type', '=', f.type);
  // A plain LIKE here (the export, the planner's estimate): a search's page asks the gram index itself.
  if (f.search) q = q.where(sql<boolean>`lower(t.id_tag) like ${likeContains(f.search)}`);
  if (f.userPk !== undefined) {
    const userPk = f.userPk;
    q = q.where((eb) =>
      eb.or([
        eb('t.owner_user_pk', '=', userPk),
        eb.exists(
          eb
            .selectFrom('ocpp_tags as up')
            .select(sql`1`.as('one'))
            .where('up.owner_user_pk', '=', userPk)
            .where(sql<boolean>`lower(up.id_tag) = lower(t.parent_id_tag)`),
        ),
      ]),
    );
  }
  return q;
}

function withColumns(q: ReturnType<typeof filteredTags>) {
  return q
    .innerJoin('tenants as tn', 'tn.tenant_pk', 't.tenant_pk')
    .leftJoin('users as ou', 'ou.user_pk', 't.owner_user_pk')
    .leftJoin('ocpp_tags as p', (j) => j.on(sql`lower(p.id_tag)`, '=', sql`lower(t.parent_id_tag)`))
    .leftJoin('users as pu', 'pu.user_pk', 'p.owner_user_pk')
    .select([
      't.ocpp_tag_pk',
      't.id_tag',
      't.type',
      't.note',
      't.tenant_pk',
      'tn.name as tenant_name',
      't.owner_user_pk',
      sql<string | null>`nullif(trim(ou.first_name || ' ' || ou.last_name), '')`.as('owner_user_name'),
      sql<string | null>`coalesce(ou.email, pu.email)`.as('user_email'),
      't.parent_id_tag',
      'p.owner_user_pk as parent_user_pk',
      sql<string | null>`nullif(trim(pu.first_name || ' ' || pu.last_name), '')`.as('parent_user_name'),
      't.inactive',
      't.is_free_recharge',
      't.expiry_date',
      sql<boolean>`exists (select 1 from transactions x
                            where lower(x.id_tag) = lower(t.id_tag) and x.stop_timestamp is null and x.id_tag_status = 'Accepted')`.as(
        'in_transaction',
      ),
    ]);
}

export type TagRow = Awaited<ReturnType<ReturnType<typeof withColumns>['execute']>>[number];

/**
 * One page of tags in id order (a search's page comes from searchTagPage, then findTagsByPks). The
 * page's tags are chosen first from the id index alone, then only they are joined to their owners
 * and networks: page 500 joined the 4,990 rows it passes over (≈70 ms at a million, 5 ms now).
 */
export function listTags(db: Executor, scope: TenantScope, f: TagFilters, page: { limit: number; offset: number }) {
  const pagePks = filteredTags(db, scope, f)
    .select('t.ocpp_tag_pk')
    .orderBy(sql`lower(t.id_tag)`)
    .orderBy('t.ocpp_tag_pk')
    .limit(page.limit)
    .offset(page.offset);
  return withColumns(filteredTags(db, scope, {}))
    .where('t.ocpp_tag_pk', 'in', pagePks)
    .orderBy(sql`lower(t.id_tag)`)
    .orderBy('t.ocpp_tag_pk')
    .execute();
}

/** Searches count up to this many matches: past it the list says "more than" (an exact count reads every match). */
export const SEARCH_COUNT_CAP = 1000;

/** The newest tags of the scope a search looks through first (at least: twice the matches it needs). */
export const SEARCH_RECENT_ROWS = 20_000;
/** A search the planner expects to match at most this many tags goes straight to the index's matches. */
export const SEARCH_SELECTIVE_ROWS = 5_000;
/** Past this many newest rows, a deep page goes straight to the index's matches. */
const SEARCH_RECENT_MAX = 200_000;

/**
 * A search's page (newest matches first) and its count up to SEARCH_COUNT_CAP + 1, in statements
 * whose cost does not depend on where the matches lie:
 *
 * 0. the planner's estimate of the matches (EXPLAIN): a selective text (an id, most of one) skips 1;
 * 1. the newest SEARCH_RECENT_ROWS tags of the scope (more for a deep page) are read in id order and
 *    filtered: when they hold the page and more than the cap, or are the whole scope, that is the
 *    answer (a text most cards hold, recent cards: a few milliseconds);
 * 2. otherwise the matches come from the gram index as a set, are counted up to the cap and sorted
 *    newest first (a rare text, or a batch of old cards: the set is small, or at least bounded by what
 *    matches, never the whole table).
 *
 * Walking the whole table newest first stopped as soon as a page was found, but read half a million
 * rows for a batch of old cards; the index's set, for a text every card holds, sorts them all.
 */
export async function searchTagPage(
  db: Executor,
  scope: TenantScope,
  f: TagFilters & { search: string },
  page: { limit: number; offset: number },
  limits = { recentRows: SEARCH_RECENT_ROWS, countCap: SEARCH_COUNT_CAP, selectiveRows: SEARCH_SELECTIVE_ROWS },
): Promise<{ pks: number[]; count: number }> {
  const pattern = likeContains(f.search);
  const wanted = Math.max(page.offset + page.limit, limits.countCap + 1);
  const recentRows = Math.max(limits.recentRows, 2 * wanted);
  // A text the planner expects few tags to hold (an id, most of one) goes straight to the index.
  const selective = (await estimatedRows(db, filteredTags(db, scope, f).select('t.ocpp_tag_pk'))) <= limits.selectiveRows;
  if (!selective && recentRows <= SEARCH_RECENT_MAX) {
    const recent = filteredTags(db, scope, { ...f, search: undefined })
      .select(['t.ocpp_tag_pk', 't.id_tag'])
      .orderBy('t.ocpp_tag_pk', 'desc')
      .limit(recentRows);
    const { rows } = await sql<{ scanned: string | number; pks: number[] }>`
      with recent as materialized (${recent})
      select (select count(*) from recent) as scanned,
             array(select ocpp_tag_pk from recent where lower(id_tag) like ${pattern}
                    order by ocpp_tag_pk desc limit ${wanted}) as pks`.execute(db);
    const { scanned, pks } = rows[0]!;
    if (pks.length >= wanted || Number(scanned) < recentRows)
      return { pks: pks.slice(page.offset, page.offset + page.limit), count: Math.min(pks.length, limits.countCap + 1) };
  }
  // The index's matches: the page sorted from them (`+ 0`: not by walking the id index, which is the
  // walk above without its bound) and, beside it, the count read from them until it passes the cap.
  const matches = (trx: Executor) =>
    filteredTags(trx, scope, { ...f, search: undefined })
      .where(idTagContains('t.id_tag', f.search))
      .select('t.ocpp_tag_pk');
  const [pageRows, counted] = await Promise.all([
    onGramIndex(db, (trx) =>
      matches(trx)
        .orderBy(sql`t.ocpp_tag_pk + 0`, 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
    ),
    onGramIndex(db, (trx) =>
      sql<{ n: string | number }>`
        with m as materialized (${matches(trx)})
        select count(*) as n from (select 1 from m limit ${limits.countCap + 1}) c`.execute(trx),
    ),
  ]);
  return { pks: pageRows.map((r) => r.ocpp_tag_pk), count: Number(counted.rows[0]!.n) };
}

/** The planner's estimate of a query's rows (EXPLAIN, nothing run). */
async function estimatedRows(db: Executor, query: { compile(): CompiledQuery }): Promise<number> {
  const compiled = query.compile();
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] | string }>(
    CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
  );
  const plan = rows[0]?.['QUERY PLAN'];
  const parsed = typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: { 'Plan Rows': number } }]) : plan;
  return parsed?.[0]?.Plan['Plan Rows'] ?? Number.POSITIVE_INFINITY;
}

/** The listed columns of these tags, newest first (a search's page). */
export function findTagsByPks(db: Executor, scope: TenantScope, pks: number[]) {
  if (!pks.length) return Promise.resolve([]);
  return withColumns(filteredTags(db, scope, {}))
    .where(sql<boolean>`t.ocpp_tag_pk = any(${pks}::int[])`)
    .orderBy('t.ocpp_tag_pk', 'desc')
    .execute();
}

/** The number of tags listed (a search's count comes with its page, searchTagPage). */
export async function countTags(db: Executor, scope: TenantScope, f: TagFilters): Promise<number> {
  const row = await filteredTags(db, scope, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function streamTags(db: Executor, scope: TenantScope, f: TagFilters) {
  return withColumns(filteredTags(db, scope, f))
    .orderBy(sql`lower(t.id_tag)`)
    .stream(500);
}

export function findTag(db: Executor, scope: TenantScope, pk: number) {
  return withColumns(filteredTags(db, scope, {}))
    .where('t.ocpp_tag_pk', '=', pk)
    .executeTakeFirst();
}

/** A tag with this id anywhere (ids are unique across networks, case ignored), but another pk. */
export async function idTagTaken(db: Executor, idTag: string, exceptPk?: number): Promise<boolean> {
  let q = db
    .selectFrom('ocpp_tags')
    .select('ocpp_tag_pk')
    .where(sql<boolean>`lower(id_tag) = ${idTag.toLowerCase()}`);
  if (exceptPk !== undefined) q = q.where('ocpp_tag_pk', '<>', exceptPk);
  return (await q.executeTakeFirst()) !== undefined;
}

/** The parent tag, when it is in the caller's scope. */
export function parentInScope(db: Executor, scope: TenantScope, idTag: string) {
  return db
    .selectFrom('ocpp_tags')
    .select(['ocpp_tag_pk', 'id_tag'])
    .where('tenant_pk', 'in', scope.tenantPks)
    .where(sql<boolean>`lower(id_tag) = ${idTag.toLowerCase()}`)
    .executeTakeFirst();
}

export interface TagValues {
  tenant_pk: number;
  id_tag: string;
  type: 'CARD' | 'USER';
  note: string | null;
  parent_id_tag: string | null;
  inactive: boolean;
  is_free_recharge: boolean;
  /** The driver who carries the tag (a user of the tag's own network); absent: left as it is. */
  owner_user_pk?: number | null;
}

/** The user with this key when they belong to this network of the caller's scope (a tag's driver). */
export function driverOfNetwork(db: Executor, scope: TenantScope, userPk: number, tenantPk: number) {
  return db
    .selectFrom('users')
    .select(['user_pk'])
    .where('user_pk', '=', userPk)
    .where('tenant_pk', '=', tenantPk)
    .where('tenant_pk', 'in', scope.tenantPks)
    .executeTakeFirst();
}

/**
 * Active users of one network of the scope by name, e-mail or document (case, accents and a
 * document's dots ignored), in name order: the tag form's driver search.
 */
export function searchDrivers(db: Executor, scope: TenantScope, tenantPk: number, search: string | undefined, limit: number) {
  let q = db
    .selectFrom('users as u')
    .where('u.tenant_pk', '=', tenantPk)
    .where('u.tenant_pk', 'in', scope.tenantPks)
    .where('u.active', '=', true);
  if (search) {
    const term = searchContains(search);
    const doc = documentKey(search);
    q = q.where((eb) =>
      eb.or([
        sql<boolean>`${foldedForSearch(sql`u.first_name || ' ' || u.last_name`)} like ${term}`,
        sql<boolean>`lower(u.email) like ${term}`,
        ...(doc.length >= 3 ? [sql<boolean>`${documentKeySql(sql.ref('u.doc_number'))} like ${`${doc}%`}`] : []),
      ]),
    );
  }
  return q
    .select(['u.user_pk', sql<string>`trim(u.first_name || ' ' || u.last_name)`.as('name'), 'u.email', 'u.doc_type', 'u.doc_number'])
    .orderBy(sql`lower(u.first_name || ' ' || u.last_name)`)
    .orderBy('u.user_pk')
    .limit(limit)
    .execute();
}

/** Inserts the tag; undefined when its id was taken meanwhile (unique index on lower(id_tag)). */
export async function insertTag(db: Executor, v: TagValues): Promise<number | undefined> {
  const row = await db
    .insertInto('ocpp_tags')
    .values(v)
    .onConflict((oc) => oc.expression(sql`lower(id_tag)`).doNothing())
    .returning('ocpp_tag_pk')
    .executeTakeFirst();
  return row?.ocpp_tag_pk;
}

export async function updateTag(db: Executor, scope: TenantScope, pk: number, v: TagValues): Promise<boolean> {
  const res = await db
    .updateTable('ocpp_tags')
    .set({ ...v, updated_at: new Date() })
    .where('ocpp_tag_pk', '=', pk)
    .where('tenant_pk', 'in', scope.tenantPks)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Deletes the tag; child tags lose their parent (they keep charging on their own). */
export async function deleteTag(db: Executor, scope: TenantScope, pk: number): Promise<string | undefined> {
  const row = await db
    .deleteFrom('ocpp_tags')
    .where('ocpp_tag_pk', '=', pk)
    .where('tenant_pk', 'in', scope.tenantPks)
    .returning('id_tag')
    .executeTakeFirst();
  if (row) {
    await db
      .updateTable('ocpp_tags')
      .set({ parent_id_tag: null, updated_at: new Date() })
      .where(sql<boolean>`lower(parent_id_tag) = ${row.id_tag.toLowerCase()}`)
      .execute();
  }
  return row?.id_tag;
}

/**
 * The USER tag (or first tag) of the user with this document in the caller's scope: a CPF by its
 * digits, another document type by its letters and digits (dots, dashes and spaces ignored).
 */
export function tagOfDocument(db: Executor, scope: TenantScope, doc: { type: 'CPF'; digits: string } | { type: string; key: string }) {
  return db
    .selectFrom('users as u')
    .innerJoin('ocpp_tags as t', 't.owner_user_pk', 'u.user_pk')
    .select(['t.id_tag', sql<string>`trim(u.first_name || ' ' || u.last_name)`.as('user_name')])
    .where('u.tenant_pk', 'in', scope.tenantPks)
    .where(
      'digits' in doc
        ? sql<boolean>`regexp_replace(coalesce(u.doc_number, ''), '[^0-9]', '', 'g') = ${doc.digits}`
        : sql<boolean>`u.doc_type = ${doc.type} and ${documentKeySql(sql.ref('u.doc_number'))} = ${doc.key}`,
    )
    .orderBy(sql`case when t.type = 'USER' then 0 else 1 end`)
    .orderBy('t.ocpp_tag_pk')
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// Unknown tags

function filteredUnknown(db: Executor, scope: TenantScope, search?: string) {
  let q = db.selectFrom('unknown_tags as u').where('u.tenant_pk', 'in', scope.tenantPks);
  if (search) q = q.where(sql<boolean>`lower(u.id_tag) like ${likeContains(search)}`);
  return q;
}

export function listUnknown(db: Executor, scope: TenantScope, search: string | undefined, page: { limit: number; offset: number }) {
  return filteredUnknown(db, scope, search)
    .innerJoin('tenants as tn', 'tn.tenant_pk', 'u.tenant_pk')
    .leftJoin('charge_boxes as cb', 'cb.charge_box_pk', 'u.charge_box_pk')
    .select([
      'u.unknown_tag_pk',
      'u.id_tag',
      'u.attempts',
      'u.last_attempt_at',
      'cb.charge_box_id',
      'u.tenant_pk',
      'tn.name as tenant_name',
      'tn.currency as tenant_currency',
      'tn.time_zone',
      'tn.country',
    ])
    .orderBy('u.last_attempt_at', 'desc')
    .orderBy('u.unknown_tag_pk', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countUnknown(db: Executor, scope: TenantScope, search?: string): Promise<number> {
  const row = await filteredUnknown(db, scope, search)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The unknown tag of that id at that tenant, locked, when the tenant is in the caller's scope. */
export function lockUnknown(db: Executor, scope: TenantScope, idTag: string, tenantPk: number) {
  return db
    .selectFrom('unknown_tags')
    .select(['unknown_tag_pk', 'id_tag', 'tenant_pk'])
    .where('tenant_pk', '=', tenantPk)
    .where('tenant_pk', 'in', scope.tenantPks)
    .where(sql<boolean>`lower(id_tag) = ${idTag.toLowerCase()}`)
    .forUpdate()
    .executeTakeFirst();
}

export async function removeUnknown(db: Executor, pks: number[]) {
  if (pks.length) await db.deleteFrom('unknown_tags').where('unknown_tag_pk', 'in', pks).execute();
}

/** Deletes the unknown tag with this id in the scope (one tenant when given); the ids deleted. */
export async function deleteUnknown(db: Executor, scope: TenantScope, idTag: string, tenantPk?: number): Promise<number> {
  let q = db
    .deleteFrom('unknown_tags')
    .where('tenant_pk', 'in', scope.tenantPks)
    .where(sql<boolean>`lower(id_tag) = ${idTag.toLowerCase()}`);
  if (tenantPk !== undefined) q = q.where('tenant_pk', '=', tenantPk);
  const res = await q.executeTakeFirst();
  return Number(res.numDeletedRows);
}
