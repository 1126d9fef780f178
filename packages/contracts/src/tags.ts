import { z } from 'zod';
import { emptyToUndefined, queryId, queryText, INT4_MAX } from './query';

/**
 * RFID tags and unknown tags (001 §2 Tags list and Unknown tags, §3 OCPP tag, Tag search entry,
 * Unknown RFID tag, §4 Tags, §5 Tag, §7 Tags). Paths under /api/. The tag form keeps the spec's
 * snake-case keys (id_tag, tenant_pk, parent_id_tag).
 */

export const TAG_PAGE_SIZE = 10;
/** 001 §9: tag id 20, note 200. */
export const TAG_ID_MAX = 20;
export const TAG_NOTE_MAX = 200;
export const tagTypes = ['CARD', 'USER'] as const;
export type TagType = (typeof tagTypes)[number];

/** Server messages (the web shows its own, translated, by code). */
export const tagMessages = {
  required: 'Required field',
  idTooLong: `At most ${TAG_ID_MAX} characters.`,
  noteTooLong: `At most ${TAG_NOTE_MAX} characters.`,
  unknownTenant: 'Unknown tenant.',
  unknownParent: 'No tag with this id in your networks.',
  ownParent: 'A tag cannot be its own parent.',
  saveFailed: 'Unable to perform the operation. Make sure the fields are filled in correctly.',
  notFound: 'Nenhum Ocpp Tag encontrado com este id.',
  created: 'OCPP Tag successfully created!',
  updated: 'OCPP Tag successfully updated!',
  deleted: 'OCPP Tag successfully deleted!',
  unknownNotFound: 'No unknown tag with this id in your networks.',
  approved: 'RFID Tag successfully approved!',
  unknownDeleted: 'RFID Tag successfully deleted!',
  userNotFound: 'User not found!',
  unknownDriver: 'No driver with this id in the tag’s network.',
  driverOfUserTag: 'A user tag belongs to its own driver.',
} as const;
/** The duplicate answer: the web recognises 'already exists' and shows 'Tag RFID {id} já cadastrada!'. */
export const tagExistsMessage = (idTag: string) => `Tag RFID ${idTag} already exists`;

const pageParam = z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).optional());

export const tagListQuerySchema = z.object({
  /** Part of the tag id or of its user's e-mail or name (case and accents ignored). */
  searchInput: queryText(100),
  page: pageParam,
  /** Default 10; up to 100 for pickers. */
  size: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).optional()),
  tenantPk: queryId,
  type: z.preprocess(emptyToUndefined, z.enum(tagTypes).optional()),
  /** The tags of one user: owned by them or children of their own tags. */
  userPk: queryId,
});
export type TagListQuery = z.infer<typeof tagListQuerySchema>;

const key = z.number().int().max(INT4_MAX);

export const tagSchema = z.object({
  ocppTagPk: key,
  idTag: z.string(),
  type: z.enum(tagTypes),
  note: z.string().nullable(),
  tenantPk: key,
  tenantName: z.string(),
  ownerUserPk: key.nullable(),
  ownerUserName: z.string().nullable(),
  /** The e-mail of the tag's user: its owner, or its parent tag's owner. */
  userEmail: z.string().nullable(),
  parentIdTag: z.string().nullable(),
  parentUserPk: key.nullable(),
  parentUserName: z.string().nullable(),
  inactive: z.boolean(),
  isFreeRecharge: z.boolean(),
  expiryDate: z.string().nullable(),
  /** The tag is in a recharge right now (an accepted transaction without a stop). */
  inTransaction: z.boolean(),
});
export type Tag = z.infer<typeof tagSchema>;

export const tagListResponseSchema = z.object({
  ocppTagList: z.array(tagSchema),
  count: z.number().int(),
  /** A search stops counting at 1,000 matches: true when there are more (count is then 1,000). */
  countCapped: z.boolean(),
});
export type TagListResponse = z.infer<typeof tagListResponseSchema>;
export const tagDetailResponseSchema = z.object({ ocppTag: tagSchema });
export type TagDetailResponse = z.infer<typeof tagDetailResponseSchema>;

const optText = z.string().nullish();
/** The tag form (001 §3): snake-case keys as the spec's form sends them. */
export const tagSaveSchema = z.object({
  id_tag: optText,
  /** Sent by the form, never chosen (001 §4): a new tag is a CARD, a tag keeps its type. */
  type: z.enum(tagTypes).nullish(),
  tenant_pk: z.number().int().positive().max(INT4_MAX).nullish(),
  parent_id_tag: optText,
  note: optText,
  inactive: z.boolean().nullish(),
  isFreeRecharge: z.boolean().nullish(),
  /**
   * The driver who carries the card: a user of the tag's own network (null: nobody; absent: kept).
   * A card has one driver; a driver may carry several cards (the user form's ocppTags).
   */
  owner_user_pk: z.number().int().positive().max(INT4_MAX).nullish(),
});
export type TagSave = z.infer<typeof tagSaveSchema>;
export const tagSaveResponseSchema = z.object({ message: z.string(), ocppTag: tagSchema });
export type TagSaveResponse = z.infer<typeof tagSaveResponseSchema>;

/** The tag form's driver search: users of one network by name, e-mail or document. */
export const TAG_DRIVER_SEARCH_MAX = 20;
export const tagDriverQuerySchema = z.object({
  tenantPk: z.coerce.number().int().positive().max(INT4_MAX),
  searchInput: queryText(100),
});
export type TagDriverQuery = z.infer<typeof tagDriverQuerySchema>;
export const tagDriverSchema = z.object({
  userPk: key,
  name: z.string(),
  email: z.string(),
  docType: z.string().nullable(),
  docNumber: z.string().nullable(),
});
export type TagDriver = z.infer<typeof tagDriverSchema>;
export const tagDriverListResponseSchema = z.object({ driverList: z.array(tagDriverSchema) });
export type TagDriverListResponse = z.infer<typeof tagDriverListResponseSchema>;

/** The parent search by a driver's document: CPF by default, or another document type of the network's country. */
export const tagCpfQuerySchema = z.object({ docType: z.preprocess(emptyToUndefined, z.string().max(20).optional()) });

export const tagCpfResponseSchema = z.union([
  z.object({ ocppTag: z.object({ idTag: z.string(), userName: z.string() }) }),
  z.object({ data: z.object({ error: z.string() }) }),
]);
export type TagCpfResponse = z.infer<typeof tagCpfResponseSchema>;

export const tagXlsxQuerySchema = z.object({ searchInput: queryText(100), tenantPk: queryId, timeZone: queryText(64) });
export type TagXlsxQuery = z.infer<typeof tagXlsxQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Unknown tags: ids that charge points presented and nobody registered, per tenant.

export const unknownTagQuerySchema = z.object({
  searchInput: queryText(100),
  page: pageParam,
  size: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).optional()),
});
export type UnknownTagQuery = z.infer<typeof unknownTagQuerySchema>;

export const unknownTagSchema = z.object({
  unknownTagPk: key,
  /** The tag id as the station sent it. */
  key: z.string(),
  numberOfAttempts: z.number().int(),
  /** ISO 8601. */
  lastAttemptTimestamp: z.string(),
  /** 001 §"Unknown RFID tag": the last attempt as the network reads it ('29/11/2026 14:05:09', its time zone). */
  lastAttemptTimestampHumanReadable: z.string(),
  chargeBoxID: z.string().nullable(),
  tenantPk: key,
  tenantName: z.string(),
});
export type UnknownTag = z.infer<typeof unknownTagSchema>;
export const unknownTagListResponseSchema = z.object({ unknownOcppTags: z.array(unknownTagSchema), count: z.number().int() });
export type UnknownTagListResponse = z.infer<typeof unknownTagListResponseSchema>;

const unknownTagRef = z.object({
  id_tag: z.string().min(1).max(TAG_ID_MAX),
  tenant_pk: z.number().int().positive().max(INT4_MAX),
});
/** Approve one ({ id_tag, tenant_pk }) or several at once (an array, all or nothing). */
export const unknownTagApproveSchema = z.union([unknownTagRef, z.array(unknownTagRef).min(1).max(100)]);
export type UnknownTagApprove = z.infer<typeof unknownTagApproveSchema>;
export const unknownTagApproveResponseSchema = z.object({ message: z.string(), approved: z.array(z.string()) });

export const unknownTagDeleteQuerySchema = z.object({ tenantPk: queryId });
export const messageOnlyResponseSchema = z.object({ message: z.string() });
