import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { addressFieldErrors } from '@recarga/contracts/stations';
import {
  EMAIL_PATTERN,
  USER_LIMITS,
  docTypesFor,
  isCalendarDate,
  isValidCpf,
  userMaxLength,
  userMessages,
  userSexes,
  type AvailableTagsResponse,
  type DocTypesResponse,
  type UserCreate,
  type UserForm,
  type UserFormResponse,
  type UserGroupsResponse,
  type UserLimitResponse,
  type UserSaveResponse,
  type UserSexValue,
  type UserUpdate,
} from '@recarga/contracts/users';
import type { DB } from '../../db/db';
import { hashPassword } from '../../platform/auth/password';
import type { RequestContext } from '../../platform/auth/context';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import * as repo from './repository';
import { digits, documentKey } from '../../platform/text';
import { tenantInScope } from '../../platform/auth/tenant-in-scope';

/** Permission keys of the user screens (001 §6). */
export const USER_EDIT = '/user/{id}';
export const USER_CREATE = '/users/create';
const USER_NOTIFY_OFFLINE = '/users/notification_offline_cp';

export const userNotFound = () => notFound(userMessages.notFound, 'USER_NOT_FOUND');
const userLimitReached = () =>
  new AppError(403, 'USER_LIMIT', `${userMessages.userLimit} Faça um upgrade para um plano superior ou exclua um usuário.`);

/** What the user rules read of a user's tenant (SMS decides whether the phone is mandatory; the user limit). */
const USER_TENANT_COLUMNS = ['tenant_pk', 'name', 'country', 'sms_enabled', 'user_limit', 'path'] as const;

const text = (v: string | null | undefined) => (v == null ? '' : v.trim());
const orNull = (v: string) => (v === '' ? null : v);
const PHONE_PATTERN = /^\+?[0-9()\-.\s]{6,}$/;
const OTHER_DOC_PATTERN = /^[A-Za-z0-9.\-/ ]+$/;

function toForm(r: repo.UserRow): UserForm {
  return {
    userPk: r.user_pk,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    phone: r.phone,
    docType: r.doc_type,
    docNumber: r.doc_number,
    externalId: r.external_id,
    ocppIdTag: r.ocpp_id_tag,
    tenant_pk: r.tenant_pk,
    tenantName: r.tenant_name,
    userGroupPk: r.user_group_pk,
    userGroupName: r.user_group_name,
    ocppTags: r.ocpp_tags ?? [],
    activeUser: r.active,
    notificationOfflineCp: r.notification_offline_cp,
    sex: (userSexes as readonly string[]).includes(r.sex ?? '') ? (r.sex as UserSexValue) : null,
    dateBirthDay: r.birth_date,
    addressPk: r.address_pk,
    street: r.street,
    houseNumber: r.house_number,
    zipCode: r.zip_code,
    city: r.city,
    state: r.state,
    country: r.address_country ?? r.tenant_country,
  };
}

interface Resolved {
  values: repo.UserValues;
  /** null: nothing to write (no address given and none stored). */
  address: repo.AddressValues | null;
  /** The CARD tags the user must hold afterwards; null: leave them as they are. */
  tagPks: number[] | null;
  password: string | null;
  /** The user's tenant's tree path: whose documents the user's must differ from. */
  tenantPath: string;
}

/** The field error of a document another person of the network already has. */
export const documentTakenMessage = 'This document already belongs to another user of this network.';

type Body = (UserCreate & { userGroupPk?: undefined }) | (UserUpdate & { user_group_pk?: undefined });

/**
 * The user form (001 §2, §3, §5, §7): read, create, update, the limit probe and the pickers.
 * Who may do what (docs/decisions.md, 2026-11-21 — User form): everyone reads and edits their own
 * profile; other users need /user/{id} (edit) or /users/create (create) and a target in their scope.
 */
export class UserService {
  constructor(private readonly db: Kysely<DB>) {}

  /** 403 unless the caller is the user or holds the edit permission. */
  private assertMayOpen(ctx: RequestContext, userPk: number) {
    if (userPk !== ctx.user.userPk && !ctx.user.permitted.has(USER_EDIT)) throw forbidden();
  }

  private async load(ctx: RequestContext, userPk: number): Promise<repo.UserRow> {
    this.assertMayOpen(ctx, userPk);
    const row = await repo.findUser(this.db, ctx.tenantScope, userPk);
    if (!row) throw userNotFound();
    return row;
  }

  async form(ctx: RequestContext, userPk: number): Promise<UserFormResponse> {
    return { userForm: toForm(await this.load(ctx, userPk)) };
  }

  async address(ctx: RequestContext, userPk: number) {
    const f = toForm(await this.load(ctx, userPk));
    return {
      addressForm: {
        addressPk: f.addressPk,
        street: f.street,
        houseNumber: f.houseNumber,
        zipCode: f.zipCode,
        city: f.city,
        state: f.state,
        country: f.country,
      },
    };
  }

  /** The probe before the create screen: 403 USER_LIMIT when the tenant is full. */
  async checkLimit(ctx: RequestContext, tenantPk?: number): Promise<UserLimitResponse> {
    const tenant = await tenantInScope(this.db, ctx.tenantScope, tenantPk ?? ctx.tenantScope.tenantPk, USER_TENANT_COLUMNS);
    if (!tenant) throw badRequest('Unknown tenant', { tenantPk: 'Unknown tenant.' });
    const count = await repo.userCount(this.db, tenant.tenant_pk);
    if (tenant.user_limit !== null && count >= tenant.user_limit) throw userLimitReached();
    return { allowed: true, tenantPk: tenant.tenant_pk, count, limit: tenant.user_limit };
  }

  async docTypes(ctx: RequestContext, tenantPk?: number): Promise<DocTypesResponse> {
    const tenant = await tenantInScope(this.db, ctx.tenantScope, tenantPk ?? ctx.tenantScope.tenantPk, USER_TENANT_COLUMNS);
    if (!tenant) throw badRequest('Unknown tenant', { tenantPk: 'Unknown tenant.' });
    return { docTypeList: [...docTypesFor(tenant.country)] };
  }

  /** Groups of one tenant (tenantPk, or the tenant of userPk), or of the whole scope. */
  async userGroups(ctx: RequestContext, q: { tenantPk?: number; userPk?: number }): Promise<UserGroupsResponse> {
    const tenantPk = await this.pickerTenant(ctx, q);
    const rows = await repo.listUserGroups(this.db, tenantPk === null ? ctx.tenantScope.tenantPks : [tenantPk]);
    return { userGroupList: rows.map((g) => ({ userGroupPk: g.user_group_pk, name: g.name, tenantPk: g.tenant_pk })) };
  }

  /** CARD tags of a tenant that are free, plus (with userPk) the ones that user holds. */
  async availableTags(ctx: RequestContext, q: { tenantPk?: number; userPk?: number }): Promise<AvailableTagsResponse> {
    const tenantPk = (await this.pickerTenant(ctx, q)) ?? ctx.tenantScope.tenantPk;
    const rows = await repo.selectableTags(this.db, tenantPk, q.userPk ?? null);
    return {
      ocppTagList: rows.map((r) => ({
        ocppTagPk: r.ocpp_tag_pk,
        idTag: r.id_tag,
        note: r.note,
        inactive: r.inactive,
        boundToUser: r.owner_user_pk !== null,
      })),
    };
  }

  private async pickerTenant(ctx: RequestContext, q: { tenantPk?: number; userPk?: number }): Promise<number | null> {
    if (q.userPk !== undefined && q.tenantPk !== undefined && !(await repo.findUser(this.db, ctx.tenantScope, q.userPk)))
      throw userNotFound();
    if (q.tenantPk !== undefined) {
      const tenant = await tenantInScope(this.db, ctx.tenantScope, q.tenantPk, USER_TENANT_COLUMNS);
      if (!tenant) throw badRequest('Unknown tenant', { tenantPk: 'Unknown tenant.' });
      return tenant.tenant_pk;
    }
    if (q.userPk !== undefined) {
      const user = await repo.findUser(this.db, ctx.tenantScope, q.userPk);
      if (!user) throw userNotFound();
      return user.tenant_pk;
    }
    return null;
  }

  async create(ctx: RequestContext, body: UserCreate): Promise<UserSaveResponse> {
    const r = await this.resolve(ctx, body, null);
    const passwordHash = await hashPassword(r.password!);
    const userTagKey = await this.newUserTagKey();
    const userPk = await this.db.transaction().execute(async (trx) => {
      await repo.lockTenant(trx, r.values.tenant_pk);
      const tenant = await tenantInScope(trx, ctx.tenantScope, r.values.tenant_pk, USER_TENANT_COLUMNS);
      if (tenant?.user_limit != null && (await repo.userCount(trx, r.values.tenant_pk)) >= tenant.user_limit) throw userLimitReached();
      await assertDocumentFree(trx, r, null);
      const pk = await insertOrExplain(() => repo.insertUser(trx, r.values, passwordHash));
      if (r.address) await repo.saveAddress(trx, pk, null, r.address);
      await this.bindTags(trx, pk, r);
      await repo.insertUserTag(trx, pk, r.values.tenant_pk, userTagKey);
      return pk;
    });
    return { message: userMessages.created, ...(await this.form(ctx, userPk)) };
  }

  async update(ctx: RequestContext, userPk: number, body: UserUpdate): Promise<UserSaveResponse> {
    const current = await this.load(ctx, userPk);
    const r = await this.resolve(ctx, body, current);
    await this.db.transaction().execute(async (trx) => {
      // A stored document cannot change (only a tenant move can put it in another tree): checked when it could clash anew.
      if (r.values.doc_number !== current.doc_number || r.values.doc_type !== current.doc_type || r.values.tenant_pk !== current.tenant_pk)
        await assertDocumentFree(trx, r, userPk);
      if (!(await repo.updateUser(trx, ctx.tenantScope, userPk, r.values))) throw userNotFound();
      if (r.values.tenant_pk !== current.tenant_pk) await repo.moveUserTags(trx, userPk, r.values.tenant_pk);
      if (r.address) await repo.saveAddress(trx, userPk, current.address_pk, r.address);
      await this.bindTags(trx, userPk, r);
    });
    return { message: userMessages.updated, ...(await this.form(ctx, userPk)) };
  }

  private async bindTags(trx: Parameters<typeof repo.setUserCardTags>[0], userPk: number, r: Resolved) {
    if (r.tagPks === null) return;
    const bound = await repo.setUserCardTags(trx, userPk, r.values.tenant_pk, r.tagPks);
    // Someone bound one of them to another user since the form was checked.
    if (bound !== r.tagPks.length) {
      throw badRequest(
        userMessages.saveFailed,
        { ocppTags: 'A tag was bound to another user meanwhile; reload and try again.' },
        'VALIDATION',
      );
    }
  }

  /** A fresh key for the user's own USER tag (16 hex characters, unused). */
  private async newUserTagKey(): Promise<string> {
    for (;;) {
      const key = randomBytes(8).toString('hex').toUpperCase();
      if (!(await repo.tagKeyExists(this.db, key))) return key;
    }
  }

  /** 001 §5 User create / User edit: every rule, all field errors at once. */
  private async resolve(ctx: RequestContext, body: Body, current: repo.UserRow | null): Promise<Resolved> {
    const fields: Record<string, string> = {};
    const editing = current !== null;
    const self = editing && current.user_pk === ctx.user.userPk;
    /** May change another user's administrative fields (group, tags). */
    const administers = ctx.user.permitted.has(editing ? USER_EDIT : USER_CREATE);
    /** On edit an absent field keeps its value. */
    const pick = <T>(v: T | undefined, keep: T): T => (v === undefined && editing ? keep : (v as T));

    // Tenant
    const requestedTenant = body.tenant_pk ?? current?.tenant_pk ?? ctx.tenantScope.tenantPk;
    if (self && requestedTenant !== current.tenant_pk) fields.tenant_pk = 'You cannot change your own tenant.';
    const tenant = await tenantInScope(this.db, ctx.tenantScope, requestedTenant, USER_TENANT_COLUMNS);
    if (!tenant) fields.tenant_pk = 'Unknown tenant.';

    // Names
    const firstName = text(pick(body.firstName, current?.first_name));
    if (!firstName) fields.firstName = userMessages.nameRequired;
    else if (firstName.length > USER_LIMITS.firstName) fields.firstName = userMaxLength(USER_LIMITS.firstName);
    const lastName = text(pick(body.lastName, current?.last_name));
    if (lastName.length > USER_LIMITS.lastName) fields.lastName = userMaxLength(USER_LIMITS.lastName);

    // E-mail: the login; read-only on edit.
    const email = text(pick(body.email, current?.email));
    const emailMax = editing ? USER_LIMITS.emailEdit : USER_LIMITS.emailCreate;
    if (!email) fields.email = userMessages.emailRequired;
    else if (email.length > emailMax) fields.email = userMaxLength(emailMax);
    else if (!EMAIL_PATTERN.test(email)) fields.email = userMessages.emailInvalid;
    else if (editing && email.toLowerCase() !== current.email.toLowerCase()) fields.email = 'The E-mail cannot be changed.';
    else if (!editing && (await repo.emailTaken(this.db, email, null))) fields.email = 'This e-mail is already in use.';

    // Password: create only.
    const password = body.password ?? '';
    if (editing) {
      if (password !== '') fields.password = 'The password cannot be changed on this form.';
    } else if (password.trim() === '') fields.password = userMessages.passwordRequired;
    else if (password.length > USER_LIMITS.password) fields.password = userMaxLength(USER_LIMITS.password);
    else if (password.length < USER_LIMITS.passwordMin)
      fields.password = `The Password must have at least ${USER_LIMITS.passwordMin} characters.`;

    // Phone: mandatory on create when the tenant sends SMS.
    const phone = text(pick(body.phone, current?.phone));
    if (phone.length > USER_LIMITS.phone) fields.phone = userMaxLength(USER_LIMITS.phone);
    else if (phone && !PHONE_PATTERN.test(phone)) fields.phone = 'Invalid phone number.';
    else if (!phone && !editing && tenant?.sms_enabled) fields.phone = userMessages.phoneRequired;

    // Document: docType is null without a number; CPF and CNPJ are stored as digits.
    const docNumberRaw = text(pick(body.docNumber, current?.doc_number));
    let docType: string | null = null;
    let docNumber: string | null = null;
    if (docNumberRaw) {
      docType = text(pick(body.docType, current?.doc_type)) || null;
      const allowed = docTypesFor(tenant?.country ?? 'BR');
      if (!docType) fields.docType = 'Choose the document type.';
      else if (!allowed.includes(docType)) fields.docType = `Unknown document type (use ${allowed.join(', ')}).`;
      else if (docType === 'CPF') {
        if (docNumberRaw.length > USER_LIMITS.cpf) fields.docNumber = userMaxLength(USER_LIMITS.cpf);
        else if (!isValidCpf(docNumberRaw)) fields.docNumber = 'Invalid CPF.';
        else docNumber = digits(docNumberRaw);
      } else if (docType === 'CNPJ') {
        if (digits(docNumberRaw).length !== 14 || !/^[\d./-]+$/.test(docNumberRaw)) fields.docNumber = 'Invalid CNPJ.';
        else docNumber = digits(docNumberRaw);
      } else if (docNumberRaw.length > USER_LIMITS.docNumber) fields.docNumber = userMaxLength(USER_LIMITS.docNumber);
      else if (!OTHER_DOC_PATTERN.test(docNumberRaw)) fields.docNumber = 'Invalid document number.';
      else docNumber = docNumberRaw; // kept as typed ('1.020.304.050'), compared by its key
    }
    if (editing && current.doc_number && !fields.docType && !fields.docNumber) {
      // The stored document typed another way is the same document: it stays as first typed.
      if (docType === current.doc_type && documentKey(docNumber) === documentKey(current.doc_number)) docNumber = current.doc_number;
      else fields.docNumber = 'The document cannot be changed.';
    }

    const externalId = text(pick(body.externalId, current?.external_id));
    if (externalId.length > USER_LIMITS.externalId) fields.externalId = userMaxLength(USER_LIMITS.externalId);

    // The user's own tag is read-only.
    const ocppIdTag = text(body.ocppIdTag);
    if (ocppIdTag && ocppIdTag.toLowerCase() !== (current?.ocpp_id_tag ?? '').toLowerCase()) {
      fields.ocppIdTag = 'The OCPP id tag is read-only.';
    }

    // User group: create sends user_group_pk, edit userGroupPk.
    const groupIn = editing ? body.userGroupPk : body.user_group_pk;
    const userGroupPk = pick(groupIn, current?.user_group_pk ?? null) ?? null;
    if (editing && !administers && userGroupPk !== current.user_group_pk) fields.userGroupPk = 'You cannot change your own user group.';
    else if (userGroupPk !== null && tenant && !(await repo.userGroup(this.db, tenant.tenant_pk, userGroupPk))) {
      fields[editing ? 'userGroupPk' : 'user_group_pk'] = 'Unknown user group for this tenant.';
    }

    // Tags: CARD tags of the user's tenant, free or already the user's.
    const tagPks = await this.resolveTags(ctx, body.ocppTags, current, administers, tenant?.tenant_pk ?? null, fields);

    // Status and notification
    const active = pick(body.activeUser ?? undefined, current?.active ?? true) ?? true;
    if (self && active !== current.active) fields.activeUser = 'You cannot change your own activation.';
    const notify = pick(body.notificationOfflineCp ?? undefined, current?.notification_offline_cp ?? false) ?? false;
    if (notify !== (current?.notification_offline_cp ?? false) && !ctx.user.permitted.has(USER_NOTIFY_OFFLINE)) {
      fields.notificationOfflineCp = 'Only users with the Offline Stations Notification permission may change it.';
    }

    const sexRaw = text(pick(body.sex, current?.sex ?? null));
    if (sexRaw && !(userSexes as readonly string[]).includes(sexRaw)) fields.sex = `Unknown value (use ${userSexes.join(', ')}).`;
    const birth = text(pick(body.dateBirthDay, current?.birth_date ?? null));
    if (birth) {
      const today = new Date().toISOString().slice(0, 10);
      if (!isCalendarDate(birth)) fields.dateBirthDay = 'Invalid date (use YYYY-MM-DD).';
      else if (birth > today) fields.dateBirthDay = 'The birth date cannot be in the future.';
      else if (birth < '1900-01-01') fields.dateBirthDay = 'The birth date must be after 1900.';
    }

    // Hidden address fields, kept with the form.
    if (body.addressPk != null && body.addressPk !== (current?.address_pk ?? null)) {
      fields.addressPk = 'This address does not belong to the user.';
    }
    const address = {
      street: text(pick(body.street, current?.street ?? null)),
      houseNumber: text(pick(body.houseNumber, current?.house_number ?? null)),
      zipCode: text(pick(body.zipCode, current?.zip_code ?? null)),
      city: text(pick(body.city, current?.city ?? null)),
      state: text(pick(body.state, current?.state ?? null)),
    };
    Object.assign(fields, addressFieldErrors(address, { country: tenant?.country ?? 'BR', required: [], prefix: '' }));
    const hasAddress = Object.values(address).some((v) => v !== '');

    if (Object.keys(fields).length > 0 || !tenant) throw badRequest(userMessages.saveFailed, fields, 'VALIDATION');
    return {
      values: {
        tenant_pk: tenant.tenant_pk,
        first_name: firstName,
        last_name: lastName,
        email,
        phone: orNull(phone),
        doc_type: docType,
        doc_number: docNumber,
        external_id: orNull(externalId),
        user_group_pk: userGroupPk,
        active,
        notification_offline_cp: notify,
        sex: (orNull(sexRaw) as UserSexValue | null) ?? null,
        birth_date: orNull(birth),
      },
      address:
        hasAddress || current?.address_pk
          ? {
              street: orNull(address.street),
              house_number: orNull(address.houseNumber),
              zip_code: orNull(address.zipCode),
              city: orNull(address.city),
              state: orNull(address.state),
              country: tenant.country,
            }
          : null,
      tagPks,
      password: editing ? null : password,
      tenantPath: tenant.path,
    };
  }

  private async resolveTags(
    ctx: RequestContext,
    input: string[] | null | undefined,
    current: repo.UserRow | null,
    administers: boolean,
    tenantPk: number | null,
    fields: Record<string, string>,
  ): Promise<number[] | null> {
    const held = current?.ocpp_tags ?? [];
    const tenantChanged = current !== null && tenantPk !== null && tenantPk !== current.tenant_pk;
    if (input == null && !tenantChanged) return current ? null : [];
    const wanted = [
      ...new Map(
        (input ?? (tenantChanged ? [] : held))
          .map((k) => k.trim())
          .filter(Boolean)
          .map((k) => [k.toLowerCase(), k]),
      ).values(),
    ];
    const same = wanted.length === held.length && wanted.every((k) => held.some((h) => h.toLowerCase() === k.toLowerCase()));
    if (current && same && !tenantChanged) return null;
    if (current && !administers) {
      fields.ocppTags = 'You cannot change your own tags.';
      return null;
    }
    const found = await repo.tagsByKeys(this.db, wanted);
    const problems: string[] = [];
    const pks: number[] = [];
    for (const key of wanted) {
      const tag = found.find((f) => f.id_tag.toLowerCase() === key.toLowerCase());
      if (!tag || !ctx.tenantScope.tenantPks.includes(tag.tenant_pk)) problems.push(`Unknown tag ${key}.`);
      else if (tag.tenant_pk !== tenantPk) problems.push(`Tag ${tag.id_tag} belongs to another tenant.`);
      else if (tag.type !== 'CARD') problems.push(`Tag ${tag.id_tag} is a user tag and cannot be bound.`);
      else if (tag.owner_user_pk !== null && tag.owner_user_pk !== current?.user_pk)
        problems.push(`Tag ${tag.id_tag} is bound to another user.`);
      else pks.push(tag.ocpp_tag_pk);
    }
    if (problems.length) fields.ocppTags = problems.join(' ');
    return pks;
  }
}

/**
 * One document per person within a network tree (docs/decisions.md, 2026-11-29): no other user of the
 * tree holds the same document type and number, numbers compared by their key (letters and digits,
 * capitals: '1.020.304.050' is '1020304050'). Checked under a lock on that document in the tree,
 * inside the write's transaction, so two saves of one document at once cannot both pass.
 */
async function assertDocumentFree(trx: Parameters<typeof repo.lockDocument>[0], r: Resolved, userPk: number | null) {
  const { doc_type: docType, doc_number: docNumber } = r.values;
  const key = documentKey(docNumber);
  if (!docType || !key) return;
  const tree = repo.networkTreeOf(r.tenantPath);
  await repo.lockDocument(trx, tree, docType, key);
  if (await repo.documentHolder(trx, tree, docType, key, userPk))
    throw badRequest(userMessages.saveFailed, { docNumber: documentTakenMessage }, 'VALIDATION');
}

/** Turns the e-mail unique index (two creates racing) into the same field error as the check. */
async function insertOrExplain<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === '23505' && /email/i.test(String((err as Error).message) + String((err as { constraint?: string }).constraint ?? ''))) {
      throw badRequest(userMessages.saveFailed, { email: 'This e-mail is already in use.' }, 'VALIDATION');
    }
    throw err;
  }
}
