import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import {
  TAG_ID_MAX,
  TAG_NOTE_MAX,
  TAG_PAGE_SIZE,
  TAG_DRIVER_SEARCH_MAX,
  tagExistsMessage,
  tagMessages,
  type Tag,
  type TagCpfResponse,
  type TagDetailResponse,
  type TagDriverListResponse,
  type TagDriverQuery,
  type TagListQuery,
  type TagListResponse,
  type TagSave,
  type TagSaveResponse,
  type TagXlsxQuery,
  type UnknownTagApprove,
  type UnknownTagListResponse,
  type UnknownTagQuery,
} from '@recarga/contracts/tags';
import type { DB } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import { tenantInScope } from '../../platform/auth/tenant-in-scope';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { formatDateTime } from '../../platform/format';
import { timeZoneOfTenant } from '../../platform/tenant-time-zone';
import { digits, documentKey } from '../../platform/text';
import { SheetLocale } from '../../platform/xlsx-locale';
import { streamXlsx } from '../../platform/xlsx-stream';
import { docTypesFor } from '@recarga/contracts/users';
import type { TenantService } from '../tenants/service';
import * as repo from './repository';

const tagNotFound = () => notFound(tagMessages.notFound, 'TAG_NOT_FOUND');
const unknownNotFound = () => notFound(tagMessages.unknownNotFound, 'UNKNOWN_TAG_NOT_FOUND');

function toTag(r: repo.TagRow): Tag {
  return {
    ocppTagPk: r.ocpp_tag_pk,
    idTag: r.id_tag,
    type: r.type,
    note: r.note,
    tenantPk: r.tenant_pk,
    tenantName: r.tenant_name,
    ownerUserPk: r.owner_user_pk,
    ownerUserName: r.owner_user_name,
    userEmail: r.user_email,
    parentIdTag: r.parent_id_tag,
    parentUserPk: r.parent_user_pk,
    parentUserName: r.parent_user_name,
    inactive: r.inactive,
    isFreeRecharge: r.is_free_recharge,
    expiryDate: r.expiry_date ? new Date(r.expiry_date).toISOString() : null,
    inTransaction: Boolean(r.in_transaction),
  };
}

/** Every document type a network's country offers (CPF, CNPJ, CC, CE, NIT, CI, RUC, RUT, PASSPORT). */
const KNOWN_DOC_TYPES = new Set(['BR', 'CO', 'EC', 'UY'].flatMap((c) => [...docTypesFor(c)]));

/** Text without NUL characters and surrounding spaces; '' for nothing. */
const clean = (v: string | null | undefined) => (v ?? '').replace(/\0/g, '').trim();

/**
 * RFID tags of the caller's networks (001 §2, §4, §5): list, form, delete, the spreadsheet, and the
 * unknown tags that stations presented. The charging rules of a tag (blocked, expired, parent,
 * free recharge) are applied where the station asks — ocpp/authorization.ts and billing — from
 * what this service stores.
 */
export class TagService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly deps: { tenants: TenantService; log: { error(obj: object, msg: string): void } },
  ) {}

  async list(ctx: RequestContext, q: TagListQuery): Promise<TagListResponse> {
    const size = q.size ?? TAG_PAGE_SIZE;
    const page = q.page ?? 1;
    const filters = { search: clean(q.searchInput) || undefined, tenantPk: q.tenantPk, type: q.type, userPk: q.userPk };
    const pageRange = { limit: size, offset: (page - 1) * size };
    const search = filters.search;
    const [rows, count] =
      search === undefined
        ? await Promise.all([
            repo.listTags(this.db, ctx.tenantScope, filters, pageRange),
            repo.countTags(this.db, ctx.tenantScope, filters),
          ])
        : await repo
            .searchTagPage(this.db, ctx.tenantScope, { ...filters, search }, pageRange)
            .then(async (found) => [await repo.findTagsByPks(this.db, ctx.tenantScope, found.pks), found.count] as const);
    const countCapped = search !== undefined && count > repo.SEARCH_COUNT_CAP;
    return { ocppTagList: rows.map(toTag), count: countCapped ? repo.SEARCH_COUNT_CAP : count, countCapped };
  }

  async detail(ctx: RequestContext, pk: number): Promise<TagDetailResponse> {
    const row = await repo.findTag(this.db, ctx.tenantScope, pk);
    if (!row) throw tagNotFound();
    return { ocppTag: toTag(row) };
  }

  async create(ctx: RequestContext, body: TagSave): Promise<TagSaveResponse> {
    const values = await this.validate(ctx, body, null);
    const pk = await repo.insertTag(this.db, values);
    if (pk === undefined) throw conflict(tagExistsMessage(values.id_tag), { id_tag: tagExistsMessage(values.id_tag) }, 'TAG_EXISTS');
    return { message: tagMessages.created, ...(await this.detail(ctx, pk)) };
  }

  async update(ctx: RequestContext, pk: number, body: TagSave): Promise<TagSaveResponse> {
    const current = await repo.findTag(this.db, ctx.tenantScope, pk);
    if (!current) throw tagNotFound();
    const values = await this.validate(ctx, body, current);
    try {
      if (!(await repo.updateTag(this.db, ctx.tenantScope, pk, values))) throw tagNotFound();
    } catch (err) {
      if ((err as { code?: string }).code === '23505')
        throw conflict(tagExistsMessage(values.id_tag), { id_tag: tagExistsMessage(values.id_tag) }, 'TAG_EXISTS');
      throw err;
    }
    return { message: tagMessages.updated, ...(await this.detail(ctx, pk)) };
  }

  async remove(ctx: RequestContext, pk: number) {
    const removed = await this.db.transaction().execute((trx) => repo.deleteTag(trx, ctx.tenantScope, pk));
    if (!removed) throw tagNotFound();
    return { message: tagMessages.deleted };
  }

  /** 001 §4, §5: id required (≤ 20), note ≤ 200, tenant required and in scope; a USER tag keeps its id and parent. */
  private async validate(ctx: RequestContext, body: TagSave, current: repo.TagRow | null): Promise<repo.TagValues> {
    const fields: Record<string, string> = {};
    // The type is never chosen on the form (001 §4: the selector is always disabled): a new tag is a
    // CARD — USER tags come with a driver's account — and a tag keeps its type.
    const type = current?.type ?? 'CARD';
    // A USER tag is the driver's own (made with the account): its id and parent are not edited here.
    const idTag = type === 'USER' && current ? current.id_tag : clean(body.id_tag);
    if (!idTag) fields.id_tag = tagMessages.required;
    else if (idTag.length > TAG_ID_MAX) fields.id_tag = tagMessages.idTooLong;
    const note = clean(body.note);
    if (note.length > TAG_NOTE_MAX) fields.note = tagMessages.noteTooLong;
    const tenantPk = body.tenant_pk ?? current?.tenant_pk;
    const tenant = tenantPk === undefined ? undefined : await tenantInScope(this.db, ctx.tenantScope, tenantPk, ['tenant_pk']);
    if (tenantPk === undefined) fields.tenant_pk = tagMessages.required;
    else if (!tenant) fields.tenant_pk = tagMessages.unknownTenant;
    let parent = type === 'USER' && current ? current.parent_id_tag : clean(body.parent_id_tag) || null;
    if (parent && !(type === 'USER' && current)) {
      if (idTag && parent.toLowerCase() === idTag.toLowerCase()) fields.parent_id_tag = tagMessages.ownParent;
      else {
        const found = await repo.parentInScope(this.db, ctx.tenantScope, parent);
        if (!found) fields.parent_id_tag = tagMessages.unknownParent;
        else parent = found.id_tag;
      }
    }
    // The driver: absent keeps the current one; a card's driver is a user of the card's own network
    // (the user form binds the same way); a USER tag is its driver's own and keeps them.
    let owner: number | null | undefined = undefined;
    if (body.owner_user_pk !== undefined) {
      const wanted = body.owner_user_pk;
      if (type === 'USER') {
        if (current && wanted !== current.owner_user_pk) fields.owner_user_pk = tagMessages.driverOfUserTag;
      } else if (wanted === null) owner = null;
      else if (tenant && !(await repo.driverOfNetwork(this.db, ctx.tenantScope, wanted, tenant.tenant_pk)))
        fields.owner_user_pk = tagMessages.unknownDriver;
      else owner = wanted;
    } else if (current && type === 'CARD' && current.owner_user_pk !== null && tenant && current.tenant_pk !== tenant.tenant_pk) {
      // A card moved to another network leaves its driver behind, unless the driver is of that network too.
      fields.owner_user_pk = tagMessages.unknownDriver;
    }
    if (Object.keys(fields).length > 0 || !tenant) throw badRequest(tagMessages.saveFailed, fields, 'VALIDATION');
    if (await repo.idTagTaken(this.db, idTag, current?.ocpp_tag_pk))
      throw conflict(tagExistsMessage(idTag), { id_tag: tagExistsMessage(idTag) }, 'TAG_EXISTS');
    return {
      tenant_pk: tenant.tenant_pk,
      id_tag: idTag,
      type,
      note: note || null,
      parent_id_tag: parent,
      inactive: body.inactive ?? current?.inactive ?? false,
      is_free_recharge: body.isFreeRecharge ?? current?.is_free_recharge ?? false,
      ...(owner === undefined ? {} : { owner_user_pk: owner }),
    };
  }

  /** The tag form's driver search: active users of the tag's network by name, e-mail or document (up to 20). */
  async drivers(ctx: RequestContext, q: TagDriverQuery): Promise<TagDriverListResponse> {
    const tenant = await tenantInScope(this.db, ctx.tenantScope, q.tenantPk, ['tenant_pk']);
    if (!tenant) throw badRequest(tagMessages.unknownTenant, { tenantPk: tagMessages.unknownTenant }, 'VALIDATION');
    const rows = await repo.searchDrivers(
      this.db,
      ctx.tenantScope,
      tenant.tenant_pk,
      clean(q.searchInput) || undefined,
      TAG_DRIVER_SEARCH_MAX,
    );
    return {
      driverList: rows.map((r) => ({ userPk: r.user_pk, name: r.name, email: r.email, docType: r.doc_type, docNumber: r.doc_number })),
    };
  }

  /**
   * The tag of the user with this document, to pick as a card's parent (001 §7): a CPF by default,
   * or another document type of a network's country (Colombia's cédula, NIT…), `docType`.
   */
  async cpfSearch(ctx: RequestContext, docText: string, docType = 'CPF'): Promise<TagCpfResponse> {
    let doc: Parameters<typeof repo.tagOfDocument>[2];
    if (docType === 'CPF') {
      const cpf = digits(docText);
      if (cpf.length !== 11) throw badRequest('Invalid CPF', { cpf: 'The CPF must have 11 digits.' }, 'VALIDATION');
      doc = { type: 'CPF', digits: cpf };
    } else {
      if (!KNOWN_DOC_TYPES.has(docType)) throw badRequest('Unknown document type', { docType: 'Unknown document type.' }, 'VALIDATION');
      const key = documentKey(docText);
      if (key.length < 3) throw badRequest('Invalid document', { cpf: 'Type the whole document number.' }, 'VALIDATION');
      doc = { type: docType, key };
    }
    const row = await repo.tagOfDocument(this.db, ctx.tenantScope, doc);
    if (!row) return { data: { error: tagMessages.userNotFound } };
    return { ocppTag: { idTag: row.id_tag, userName: row.user_name } };
  }

  /** The tags list as a spreadsheet in the caller's language; counted against the monthly report limit. */
  async xlsx(ctx: RequestContext, q: TagXlsxQuery): Promise<Readable> {
    await this.deps.tenants.reserveReportDownload(ctx, 'XLSX_OCPP_TAGS');
    const sheet = new SheetLocale(ctx.user.theme, { kind: 'iana', name: q.timeZone || 'UTC' });
    const col = (key: string, width: number) => ({ header: sheet.text(`xlsx.tags.${key}`), key, width });
    const rows = repo.streamTags(this.db, ctx.tenantScope, { search: clean(q.searchInput) || undefined, tenantPk: q.tenantPk });
    return streamXlsx({
      sheet: sheet.text('xlsx.tags.sheet'),
      what: 'tags xlsx export',
      log: this.deps.log,
      rows,
      columns: [
        col('idTag', 22),
        col('type', 12),
        col('user', 30),
        col('email', 32),
        col('parent', 22),
        col('tenant', 24),
        col('freeRecharge', 16),
        col('inactive', 12),
        col('inTransaction', 14),
        col('note', 40),
      ],
      toRow: (r) => {
        const tag = toTag(r);
        return {
          idTag: tag.idTag,
          type: sheet.label('tagType', tag.type),
          user: tag.ownerUserName ?? tag.parentUserName ?? '',
          email: tag.userEmail ?? '',
          parent: tag.parentIdTag ?? '',
          tenant: tag.tenantName,
          freeRecharge: sheet.yesNo(tag.isFreeRecharge),
          inactive: sheet.yesNo(tag.inactive),
          inTransaction: sheet.yesNo(tag.inTransaction),
          note: tag.note ?? '',
        };
      },
    });
  }

  // -------------------------------------------------------------------------------------------
  // Unknown tags

  async unknownList(ctx: RequestContext, q: UnknownTagQuery): Promise<UnknownTagListResponse> {
    const size = q.size ?? TAG_PAGE_SIZE;
    const page = q.page ?? 1;
    const search = clean(q.searchInput) || undefined;
    const [rows, count] = await Promise.all([
      repo.listUnknown(this.db, ctx.tenantScope, search, { limit: size, offset: (page - 1) * size }),
      repo.countUnknown(this.db, ctx.tenantScope, search),
    ]);
    return {
      unknownOcppTags: rows.map((r) => ({
        unknownTagPk: r.unknown_tag_pk,
        key: r.id_tag,
        numberOfAttempts: r.attempts,
        lastAttemptTimestamp: new Date(r.last_attempt_at).toISOString(),
        lastAttemptTimestampHumanReadable: formatDateTime(new Date(r.last_attempt_at), r.tenant_currency, timeZoneOfTenant(r)),
        chargeBoxID: r.charge_box_id,
        tenantPk: r.tenant_pk,
        tenantName: r.tenant_name,
      })),
      count,
    };
  }

  /**
   * Approves unknown tags: each becomes a known CARD tag of its tenant, in one database
   * transaction — one id outside the caller's scope, unknown, or already registered and nothing
   * changes.
   */
  async approve(ctx: RequestContext, body: UnknownTagApprove) {
    const items = Array.isArray(body) ? body : [body];
    const approved = await this.db.transaction().execute(async (trx) => {
      const rows: { unknown_tag_pk: number; id_tag: string; tenant_pk: number }[] = [];
      for (const item of items) {
        const row = await repo.lockUnknown(trx, ctx.tenantScope, item.id_tag, item.tenant_pk);
        if (!row) throw unknownNotFound();
        if (await repo.idTagTaken(trx, row.id_tag)) throw conflict(tagExistsMessage(row.id_tag), undefined, 'TAG_EXISTS');
        rows.push(row);
      }
      for (const row of rows) {
        const pk = await repo.insertTag(trx, {
          tenant_pk: row.tenant_pk,
          id_tag: row.id_tag,
          type: 'CARD',
          note: null,
          parent_id_tag: null,
          inactive: false,
          is_free_recharge: false,
        });
        // Two approvals of the same id at once (or two tenants' rows with one id in the list).
        if (pk === undefined) throw conflict(tagExistsMessage(row.id_tag), undefined, 'TAG_EXISTS');
      }
      await repo.removeUnknown(
        trx,
        rows.map((r) => r.unknown_tag_pk),
      );
      return rows.map((r) => r.id_tag);
    });
    return { message: tagMessages.approved, approved };
  }

  async deleteUnknown(ctx: RequestContext, idTag: string, tenantPk?: number) {
    const removed = await repo.deleteUnknown(this.db, ctx.tenantScope, clean(idTag), tenantPk);
    if (removed === 0) throw unknownNotFound();
    return { message: tagMessages.unknownDeleted };
  }
}
