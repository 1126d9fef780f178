import { z } from 'zod';
import { emptyToUndefined, queryId, queryText, INT4_MAX } from './query';
import { addressSchema } from './stations';

/** Station groups (001 §2 Station-group list and form, §3, §5). Paths under /api/. */

export const GROUP_PAGE_SIZE = 10;

export const groupListQuerySchema = z.object({
  /** Case-insensitive part of the name. `name` is accepted as an alias. */
  searchInput: queryText(100),
  name: queryText(100),
  /** name (default), address (street, house number, city) or externalId. */
  sort: z.preprocess(emptyToUndefined, z.enum(['name', 'address', 'externalId']).optional()),
  order: z.preprocess(emptyToUndefined, z.enum(['asc', 'desc', 'ASC', 'DESC']).optional()),
  /** One-based. */
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).optional()),
  /** Default 10; up to 1000 for pickers. */
  size: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1000).optional()),
  tenantPk: queryId,
});
export type GroupListQuery = z.infer<typeof groupListQuerySchema>;

const groupSchema = z.object({
  chargeBoxGroupPk: z.number().int().max(INT4_MAX),
  name: z.string(),
  status: z.string(),
  externalId: z.string().nullable(),
  tenantPk: z.number().int().max(INT4_MAX),
  tenantName: z.string(),
  address: addressSchema,
  locationLatitude: z.number().nullable(),
  locationLongitude: z.number().nullable(),
  /** Stations (not deleted) in the group that the caller may see. */
  stationCount: z.number().int(),
});
export type Group = z.infer<typeof groupSchema>;

export const groupListResponseSchema = z.object({ chargePointGroupList: z.array(groupSchema), count: z.number().int() });
export type GroupListResponse = z.infer<typeof groupListResponseSchema>;

const groupDetailSchema = groupSchema.extend({
  chargePoints: z.array(
    z.object({
      chargeBoxPk: z.number().int().max(INT4_MAX),
      chargeBoxId: z.string(),
      description: z.string().nullable(),
      active: z.boolean(),
      city: z.string().nullable(),
      state: z.string().nullable(),
    }),
  ),
});
export const groupDetailResponseSchema = z.object({ chargePointGroup: groupDetailSchema });
export type GroupDetailResponse = z.infer<typeof groupDetailResponseSchema>;

const optText = z.string().nullish();

export const groupSaveSchema = z.object({
  name: optText,
  externalId: optText,
  /** Default: the caller's tenant. Must be in the caller's scope. */
  tenantPk: z.number().int().max(INT4_MAX).positive().nullish(),
  status: z.enum(['ACTIVE', 'INACTIVE']).optional(),
  address: z
    .object({
      street: optText,
      houseNumber: optText,
      zipCode: optText,
      city: optText,
      state: optText,
      /** Ignored: read-only, follows the tenant's country. */
      country: optText,
    })
    .optional(),
  locationLatitude: z.number().nullish(),
  locationLongitude: z.number().nullish(),
});
export type GroupSave = z.infer<typeof groupSaveSchema>;

export const groupSaveResponseSchema = z.object({ message: z.string(), chargePointGroup: groupDetailSchema });
