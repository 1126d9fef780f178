import { z } from 'zod';
import { emptyToUndefined, queryBoolean, queryId, queryText, queryTimeZone, INT4_MAX } from './query';
import { connectorStatusGroups } from './connector-status';

/**
 * Stations (charge points): list, map list, detail, save, connector update, delete, photos,
 * private-station access, address look-ups. 001 §2–§9, 000 §3 (map). Paths are under /api/ and
 * tolerate a trailing slash. Money is in minor units (integers); taxIncome is a fraction (0.05 = 5 %);
 * powers in W; energy in Wh; timestamps ISO 8601 UTC.
 */

// ---------------------------------------------------------------------------------------------
// Query helpers (query strings carry text)

// ---------------------------------------------------------------------------------------------
// Constants (001 §3, §9)

export const STATION_PAGE_SIZE = 10;
export const MAX_STATION_PHOTOS = 3;
/** Photos must be smaller than this (bytes). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** Rated power options (W), 001 §9. */
export const RATED_POWERS = [3500, 7400, 11000, 22000, 30000, 40000, 60000, 90000, 120000, 150000, 180000] as const;
export const stationSystems = ['SINGLE_PHASE', 'TWO_PHASE', 'THREE_PHASE'] as const;
export type StationSystem = (typeof stationSystems)[number];
export const phaseOptions: Record<StationSystem, readonly string[]> = {
  SINGLE_PHASE: ['A', 'B', 'C'],
  TWO_PHASE: ['AB', 'BA'],
  THREE_PHASE: ['ABC', 'ACB', 'BAC', 'BCA', 'CAB', 'CBA'],
};
export const voltageOptions: Record<StationSystem, readonly number[]> = {
  SINGLE_PHASE: [220],
  TWO_PHASE: [220],
  THREE_PHASE: [220, 380],
};

/**
 * Rated powers allowed for a system and voltage (001 §9): single and two phase up to 7400 W;
 * three phase 11000 W or more, only 11000 W at 220 V. Without a system, the whole list.
 */
export function ratedPowersFor(system: StationSystem | null | undefined, voltage: number | null | undefined): number[] {
  if (!system) return [...RATED_POWERS];
  if (system === 'SINGLE_PHASE' || system === 'TWO_PHASE') return RATED_POWERS.filter((p) => p <= 7400);
  if (voltage === 220) return [11000];
  return RATED_POWERS.filter((p) => p >= 11000);
}

// The status groups and their rule are in connector-status.ts (no zod: the live updates of the
// web's first load apply the rule).
export { connectorStatusGroup, type ConnectorStatusGroup } from './connector-status';

/** Texts the specification gives (001 §5, §8); used as `message` of field errors. */
export const stationMessages = {
  saveFailed: 'Unable to perform the operation. Make sure the fields are filled in correctly.',
  required: 'Required field',
  noBlanks: 'The ChargeBox ID must not contain blanks.',
  idTaken: 'A station with this ChargeBox ID already exists.',
  idImmutable: 'The ChargeBox ID cannot be changed after creation.',
  photoType: 'You can only upload .jpg/.jpeg/.png file!',
  photoSize: 'Image must smaller than 10MB!',
  photoDuplicate: 'An image with this name already exists!',
  photoError: 'Error uploading image!',
  photoMax: 'You can upload at most 3 photos.',
  stationLimit: 'Limite de estações atingido!',
  reportLimit: 'Limite de relatórios atingido no mês!',
  userNotFound: 'User not found!',
  cepNotFound: 'CEP não encontrado.',
  openTransaction: 'The station cannot be deleted while a recharge is in progress on it.',
  ownerCannotChange: 'Only the operator can change this field.',
  ownerNotAllowed: 'Station owners cannot do this; ask the operator.',
  ownerKeepsOwnership: 'You cannot remove yourself as an owner of the station.',
} as const;

export const maxLength = (n: number) => `Maximum of ${n} characters.`;

// ---------------------------------------------------------------------------------------------
// Shared shapes

export const addressSchema = z.object({
  street: z.string().nullable(),
  houseNumber: z.string().nullable(),
  zipCode: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

export const connectorTypeListResponseSchema = z.object({
  connectorTypeList: z.array(z.object({ connectorTypePk: z.number().int(), name: z.string() })),
});
export type ConnectorTypeListResponse = z.infer<typeof connectorTypeListResponseSchema>;

const unusualStatusSchema = z.enum(['MAINTENANCE', 'UNAVAILABLE']).nullable();

// ---------------------------------------------------------------------------------------------
// GET chargepoints (list and map list)

export const chargePointListQuerySchema = z.object({
  /** IANA time zone that decides the current month of `recharges`/`consumption`; default UTC. */
  timeZone: queryTimeZone,
  /** One-based page number. Its presence selects the paged list; without it the map list is answered. */
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).optional()),
  size: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).optional()),
  active: queryBoolean,
  chargeBoxGroupPk: queryId,
  tenantPk: queryId,
  searchInput: queryText(100),
  online: queryBoolean,
  /** Map list only: MOVE (default) or PLUG_SHARE. */
  originType: z.preprocess(emptyToUndefined, z.enum(['MOVE', 'PLUG_SHARE']).optional()),
  /**
   * Map list only: the map's viewport, `south,west,north,east` in decimal degrees (west greater than
   * east crosses the antimeridian). Without it the map list holds every station of the scope.
   */
  bounds: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^-?\d{1,3}(\.\d{1,12})?(,-?\d{1,3}(\.\d{1,12})?){3}$/, 'Use south,west,north,east in decimal degrees.')
      .transform((v) => {
        const [south, west, north, east] = v.split(',').map(Number) as [number, number, number, number];
        return { south, west, north, east };
      })
      .refine((b) => b.south >= -90 && b.north <= 90 && b.south <= b.north, 'Latitudes go from -90 to 90, south first.')
      .refine((b) => Math.abs(b.west) <= 180 && Math.abs(b.east) <= 180, 'Longitudes go from -180 to 180.')
      .optional(),
  ),
});
export type ChargePointListQuery = z.infer<typeof chargePointListQuerySchema>;
export type MapBounds = NonNullable<ChargePointListQuery['bounds']>;

/** A viewport holding more stations than this is answered as clusters (a grid of MAP_CLUSTER_GRID × MAP_CLUSTER_GRID cells at most). */
export const MAP_VIEWPORT_MAX_STATIONS = 1000;
export const MAP_CLUSTER_GRID = 12;

const listConnectorSchema = z.object({
  connectorId: z.number().int().max(INT4_MAX),
  connectorType: z.string().nullable(),
  connectorTypePk: z.number().int().max(INT4_MAX).nullable(),
  /** W. */
  powerMax: z.number().int().nullable(),
  powerMaxCustom: z.boolean(),
  unusualStatus: unusualStatusSchema,
  /** As the station last reported it (the manual status is in unusualStatus). */
  lastStatus: z.object({ status: z.string().nullable(), timestamp: z.string().nullable(), errorCode: z.string().nullable() }),
  /** Status group with the manual status applied. */
  statusGroup: z.enum(connectorStatusGroups),
});

const chargePointListItemSchema = z.object({
  chargeBoxPk: z.number().int().max(INT4_MAX),
  chargeBoxId: z.string(),
  description: z.string().nullable(),
  tenantPk: z.number().int().max(INT4_MAX),
  tenantName: z.string(),
  typeOf: z.enum(['PUBLIC', 'PRIVATE']),
  active: z.boolean(),
  address: addressSchema,
  chargeBoxGroupPk: z.number().int().max(INT4_MAX).nullable(),
  chargeBoxGroupName: z.string().nullable(),
  chargePointVendor: z.string().nullable(),
  chargePointModel: z.string().nullable(),
  fwVersion: z.string().nullable(),
  uuid: z.string(),
  ocppProtocol: z.string().nullable(),
  online: z.boolean(),
  lastHeartbeatTimestamp: z.string().nullable(),
  /**
   * The last FirmwareStatusNotification of the station (Downloading, Installed, InstallationFailed…)
   * and when it came (ISO 8601); null before the first.
   */
  firmwareStatus: z.string().nullable(),
  firmwareStatusTimestamp: z.string().nullable(),
  /** The last DiagnosticsStatusNotification (Uploading, Uploaded, UploadFailed, Idle) and when it came. */
  diagnosticsStatus: z.string().nullable(),
  diagnosticsStatusTimestamp: z.string().nullable(),
  /** Recharges started in the current month (in `timeZone`). */
  recharges: z.number().int(),
  /** Wh delivered by those recharges (running ones up to their latest meter value). */
  consumption: z.number(),
  /** Same as consumption (the spec's name on the map and detail). */
  monthConsumption: z.number(),
  connectors: z.array(listConnectorSchema),
  /**
   * The charging profiles the station accepted (SetChargingProfile), per connector (0: the whole
   * station), until a ClearChargingProfile removes them.
   */
  chargingProfiles: z.array(
    z.object({
      connectorId: z.number().int(),
      chargingProfilePk: z.number().int(),
      description: z.string(),
      purpose: z.enum(['CHARGE_POINT_MAX_PROFILE', 'TX_DEFAULT_PROFILE', 'TX_PROFILE']),
    }),
  ),
});
export type ChargePointListItem = z.infer<typeof chargePointListItemSchema>;

export const chargePointListResponseSchema = z.object({ chargePointList: z.array(chargePointListItemSchema), count: z.number().int() });
export type ChargePointListResponse = z.infer<typeof chargePointListResponseSchema>;

/** What every map-facing view of a charge point carries (the map list and the live `chargeBox` topic). */
export const chargePointBaseSchema = z.object({
  chargeBoxPk: z.number().int().max(INT4_MAX),
  chargeBoxId: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  locationLatitude: z.number().nullable(),
  locationLongitude: z.number().nullable(),
  origin: z.enum(['MOVE', 'PLUG_SHARE']),
  ocppProtocol: z.string().nullable(),
  chargePointVendor: z.string().nullable(),
  online: z.boolean(),
});

const mapChargePointSchema = chargePointBaseSchema.extend({
  monthConsumption: z.number(),
  address: z.object({ street: z.string().nullable() }),
  connectors: z.array(
    z.object({
      connectorId: z.number().int().max(INT4_MAX),
      connectorType: z.string().nullable(),
      lastStatus: z.object({
        /** OCPP status, or MAINTENANCE / UNAVAILABLE when the operator forced one. */
        status: z.string().nullable(),
        /** Wh delivered so far by the recharge running on the connector (0 when none). */
        usage: z.number(),
      }),
    }),
  ),
});
/**
 * Strict at the top: GET chargepoints answers either shape, and its response schema tries this one
 * first, so a paged answer (with `count`) fails here at once, and a map answer of tens of thousands
 * of stations is checked once, not first against the paged list's items (3 s at 33,000 stations).
 */
export const mapChargePointListResponseSchema = z.strictObject({
  chargePointList: z.array(mapChargePointSchema),
  /**
   * With `bounds` only: empty when the viewport's stations are in `chargePointList`; when it holds
   * more than MAP_VIEWPORT_MAX_STATIONS, `chargePointList` is empty and its stations are counted per
   * grid cell here, at the cell's mean position.
   */
  clusters: z.array(z.object({ latitude: z.number(), longitude: z.number(), count: z.number().int() })).optional(),
});
export type MapChargePointListResponse = z.infer<typeof mapChargePointListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Detail

const bindUserSchema = z.object({
  user_pk: z.number().int().max(INT4_MAX),
  email: z.string(),
  user_name: z.string(),
  owner: z.boolean(),
  bind_status: z.enum(['ACCEPTED', 'NOT_REQUESTED']),
});

const photoSchema = z.object({ uid: z.string(), name: z.string(), url: z.string(), status: z.literal('done') });
export type Photo = z.infer<typeof photoSchema>;

const detailConnectorSchema = listConnectorSchema.extend({
  moneyPerKilowattIncome: z.number().int().nullable(),
  moneyPerDurationIncome: z.number().int().nullable(),
});

const chargePointDetailSchema = z.object({
  chargeBoxPk: z.number().int().max(INT4_MAX),
  chargeBoxId: z.string(),
  endpointAddress: z.string().nullable(),
  description: z.string().nullable(),
  externalId: z.string().nullable(),
  tenantPk: z.number().int().max(INT4_MAX),
  tenant_pk: z.number().int().max(INT4_MAX),
  tenantName: z.string(),
  tenantDeviceReader: z.boolean(),
  typeOf: z.enum(['PUBLIC', 'PRIVATE']),
  active: z.boolean(),
  reservation: z.boolean(),
  isOcpiCompatible: z.boolean(),
  isHubjectCompatible: z.boolean(),
  showLocation: z.boolean(),
  locationLatitude: z.number().nullable(),
  locationLongitude: z.number().nullable(),
  address: addressSchema,
  chargeBoxGroupPk: z.number().int().max(INT4_MAX).nullable(),
  chargeBoxGroupName: z.string().nullable(),
  isOpen_24Hours: z.boolean(),
  /** 'HH:mm:ss'. */
  openTime: z.string().nullable(),
  closeTime: z.string().nullable(),
  isTenantDeviceReader: z.boolean(),
  deviceReaderMac: z.string().nullable(),
  uuid: z.string(),
  origin: z.enum(['MOVE', 'PLUG_SHARE']),
  chargePointVendor: z.string().nullable(),
  chargePointModel: z.string().nullable(),
  fwVersion: z.string().nullable(),
  ocppProtocol: z.string().nullable(),
  online: z.boolean(),
  lastHeartbeatTimestamp: z.string().nullable(),
  /** True when an OCPP (HTTP Basic) password is set; the password itself is never returned. */
  hasOcppPassword: z.boolean(),
  monthConsumption: z.number(),
  hasPayment: z.boolean(),
  paymentChargeTypeCost: z.enum(['KWH', 'DURATION']),
  paymentChargeTypeIncome: z.enum(['KWH', 'DURATION']),
  paymentChargeByIncome: z.enum(['CHARGE_BOX', 'CONNECTOR']),
  moneyPerKilowattCost: z.number().int(),
  moneyPerDurationCost: z.number().int(),
  moneyPerTransactionCost: z.number().int(),
  moneyPerKilowattIncome: z.number().int(),
  moneyPerDurationIncome: z.number().int(),
  moneyPerTransactionIncome: z.number().int(),
  taxIncome: z.number(),
  system: z.enum(stationSystems).nullable(),
  phase: z.string().nullable(),
  voltage: z.number().int().nullable(),
  chargingRateUnit: z.enum(['A', 'W']).nullable(),
  connectors: z.array(detailConnectorSchema),
  bindUsers: z.array(bindUserSchema),
  photos: z.array(photoSchema),
});
export type ChargePointDetail = z.infer<typeof chargePointDetailSchema>;
export const chargePointDetailResponseSchema = z.object({ chargePointDetail: chargePointDetailSchema });

export const chargePointPhotosResponseSchema = z.object({ chargePointPhotos: z.array(photoSchema) });

// ---------------------------------------------------------------------------------------------
// Save (POST chargepoints, PUT chargepoints/{id})

const optText = z.string().nullish();
const money = z.number().int().min(0).max(100_000_000);

const saveConnectorSchema = z.object({
  connectorId: z.number().int().min(1).max(100),
  connectorTypePk: z.number().int().max(INT4_MAX).positive().nullish(),
  /** W. */
  powerMax: z.number().int().min(0).max(2_000_000).nullish(),
  unusualStatus: unusualStatusSchema.optional(),
  moneyPerKilowattIncome: money.nullish(),
  moneyPerDurationIncome: money.nullish(),
});

const saveBindUserSchema = z.object({
  user_pk: z.number().int().max(INT4_MAX).positive(),
  owner: z.boolean().default(false),
  bind_status: z.enum(['ACCEPTED', 'NOT_REQUESTED']).default('NOT_REQUESTED'),
});

/**
 * A photo entry of the form. New photos carry `base64` (the file bytes, optionally as a data URL);
 * entries with only `uid` are photos already stored (ignored: they stay unless in deletedPhotos).
 */
const savePhotoSchema = z.object({
  uid: z.string().max(64).optional(),
  name: z.string().max(255).optional(),
  base64: z.string().optional(),
});

const saveAddressSchema = z.object({
  street: optText,
  houseNumber: optText,
  zipCode: optText,
  city: optText,
  state: optText,
  /** Ignored: the country follows the station's tenant (CO, EC or BR). */
  country: optText,
});

/**
 * The station form. On PUT an absent field keeps its stored value (connectors, bindUsers and
 * photos included). Field errors come back as `fields` keyed by these names
 * (`address.street`, `connectors.0.connectorTypePk`, `photos.1`).
 */
export const chargePointSaveSchema = z.object({
  chargeBoxId: optText,
  endpointAddress: optText,
  description: optText,
  externalId: optText,
  tenantPk: z.number().int().max(INT4_MAX).positive().nullish(),
  /** Alias of tenantPk (the spec names both). */
  tenant_pk: z.number().int().max(INT4_MAX).positive().nullish(),
  typeOf: z.enum(['PUBLIC', 'PRIVATE']).nullish(),
  chargeBoxGroupPk: z.number().int().max(INT4_MAX).positive().nullish(),
  reservation: z.boolean().optional(),
  active: z.boolean().optional(),
  /** Only changeable with /stations/ocpi_enabled_button. */
  isOcpiCompatible: z.boolean().optional(),
  isHubjectCompatible: z.boolean().optional(),
  showLocation: z.boolean().optional(),
  locationLatitude: z.number().nullish(),
  locationLongitude: z.number().nullish(),
  address: saveAddressSchema.optional(),
  /** From GET users_data/ceps/{zip}: proves city/state/street came from the look-up. */
  addressLookupToken: z.string().max(512).nullish(),
  /** From GET geocode: proves the coordinates came from the look-up. */
  locationLookupToken: z.string().max(512).nullish(),
  isOpen_24Hours: z.boolean().optional(),
  openTime: optText,
  closeTime: optText,
  isTenantDeviceReader: z.boolean().optional(),
  deviceReaderMac: optText,
  /** Write-only. Absent: unchanged; null or '': cleared; text (8–40 characters): set. */
  ocppPassword: z.string().nullish(),
  hasPayment: z.boolean().optional(),
  paymentChargeTypeCost: z.enum(['KWH', 'DURATION']).optional(),
  paymentChargeTypeIncome: z.enum(['KWH', 'DURATION']).optional(),
  paymentChargeByIncome: z.enum(['CHARGE_BOX', 'CONNECTOR']).optional(),
  moneyPerKilowattCost: money.optional(),
  moneyPerDurationCost: money.optional(),
  moneyPerTransactionCost: money.optional(),
  moneyPerKilowattIncome: money.optional(),
  moneyPerDurationIncome: money.optional(),
  moneyPerTransactionIncome: money.optional(),
  /** Fraction 0..1. */
  taxIncome: z.number().min(0).max(1).optional(),
  system: z.enum(stationSystems).nullish(),
  phase: z.string().nullish(),
  voltage: z.number().int().nullish(),
  chargingRateUnit: z.enum(['A', 'W']).nullish(),
  connectors: z.array(saveConnectorSchema).max(100).optional(),
  bindUsers: z.array(saveBindUserSchema).max(1000).optional(),
  photos: z.array(savePhotoSchema).max(20).optional(),
  /** uids of stored photos to delete. */
  deletedPhotos: z.array(z.string().max(64)).max(20).optional(),
});
export type ChargePointSave = z.infer<typeof chargePointSaveSchema>;

export const chargePointSaveResponseSchema = z.object({ message: z.string(), chargePointDetail: chargePointDetailSchema });

/** GET chargepoints/check: 200 when a station may be created, 403 STATION_LIMIT otherwise. */
export const stationLimitQuerySchema = z.object({ tenantPk: queryId });
export const stationLimitResponseSchema = z.object({
  allowed: z.literal(true),
  tenantPk: z.number().int().max(INT4_MAX),
  count: z.number().int(),
  limit: z.number().int().nullable(),
});

export const connectorUpdateSchema = z.object({
  connectorTypePk: z.number().int().max(INT4_MAX).positive().nullish(),
  powerMax: z.number().int().min(0).max(2_000_000).nullish(),
  moneyPerKilowattIncome: money.nullish(),
  moneyPerDurationIncome: money.nullish(),
  /** null = Automatic. */
  unusualStatus: unusualStatusSchema.optional(),
});
export type ConnectorUpdate = z.infer<typeof connectorUpdateSchema>;
export const connectorUpdateResponseSchema = z.object({ message: z.string(), connector: detailConnectorSchema });

export const messageResponseSchema = z.object({ message: z.string() });

// ---------------------------------------------------------------------------------------------
// Private stations

const userPrivateStationSchema = z.object({
  user_pk: z.number().int().max(INT4_MAX),
  email: z.string(),
  user_name: z.string(),
  tenant_name: z.string(),
  /** The user's tenant is the station's tenant, one of its ancestors or descendants. */
  tenant_related: z.boolean(),
  owner: z.boolean(),
  bind_status: z.enum(['ACCEPTED', 'NOT_REQUESTED']),
  bind_exists: z.boolean(),
});
export type UserPrivateStation = z.infer<typeof userPrivateStationSchema>;

export const privateStationQuerySchema = z.object({ chargeBoxPK: queryId });
export const userPrivateStationListResponseSchema = z.object({ userPrivateStationList: z.array(userPrivateStationSchema) });
export const cpfSearchResponseSchema = z.union([
  z.object({ userPrivateStation: userPrivateStationSchema }),
  z.object({ data: z.object({ error: z.string() }) }),
]);

// ---------------------------------------------------------------------------------------------
// Address look-ups

export const cepResponseSchema = z.object({
  addressForm: z.object({
    zipCode: z.string(),
    state: z.string(),
    /** 'N/A' when the zip code covers a whole city (the street is then typed by hand). */
    street: z.string(),
    city: z.string(),
    /** Proof for the save call that these values came from the look-up (valid 24 h). */
    lookupToken: z.string(),
  }),
});
export const geocodeQuerySchema = z.object({
  street: queryText(200),
  number: queryText(20),
  city: queryText(100),
  state: queryText(100),
  country: queryText(60),
  zipCode: queryText(20),
});
export const geocodeResponseSchema = z.object({ latitude: z.number(), longitude: z.number(), lookupToken: z.string() });

// ---------------------------------------------------------------------------------------------
// Address rules (001 §5), shared by the station and group forms

const ADDRESS_LIMITS = { street: 30, houseNumber: 5, city: 25, state: 25 } as const;
const BR_ZIP = /^\d{5}-\d{3}$/;

export interface AddressInput {
  street?: string | null;
  houseNumber?: string | null;
  zipCode?: string | null;
  city?: string | null;
  state?: string | null;
}

/**
 * Field errors of an address (keys prefixed with `prefix`). `required` lists the fields that must
 * be filled; maxima always apply; a Brazilian zip code must read 00000-000 (other countries: up
 * to 10 letters, digits, spaces or dashes).
 */
export function addressFieldErrors(
  a: AddressInput,
  opts: { country: string; required: (keyof AddressInput)[]; prefix?: string },
): Record<string, string> {
  const prefix = opts.prefix ?? 'address.';
  const errors: Record<string, string> = {};
  const blank = (v: string | null | undefined) => v == null || v.trim() === '';
  for (const key of opts.required) if (blank(a[key])) errors[prefix + key] = stationMessages.required;
  for (const [key, max] of Object.entries(ADDRESS_LIMITS) as [keyof typeof ADDRESS_LIMITS, number][]) {
    const v = a[key];
    if (!errors[prefix + key] && v != null && v.trim().length > max) errors[prefix + key] = maxLength(max);
  }
  const zip = a.zipCode?.trim();
  if (!errors[prefix + 'zipCode'] && zip) {
    if (opts.country === 'BR' ? !BR_ZIP.test(zip) : !/^[A-Za-z0-9 -]{1,10}$/.test(zip)) {
      errors[prefix + 'zipCode'] = opts.country === 'BR' ? 'The zip code must read 00000-000.' : 'Invalid zip code.';
    }
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Reports (POST report/xlsx/chargepoints, POST report/assessment/unified|users, GET report/user/permissions)

/** Query of the Excel export: the list filters. */
export const stationXlsxQuerySchema = z.object({
  timeZone: queryTimeZone,
  active: queryBoolean,
  chargeBoxGroupPk: queryId,
  tenantPk: queryId,
  searchInput: queryText(100),
  online: queryBoolean,
});
export type StationXlsxQuery = z.infer<typeof stationXlsxQuerySchema>;

const queryMoney = z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(100_000_000).optional());

/**
 * Assessment reports; accepted in the query string, the JSON body, or both (body wins).
 * Dates: 'YYYY-MM-DD' (whole local days in `timeZone`, to_date included) or ISO 8601 instants;
 * default the last 10 days. cost_kwh / income_kwh: minor units per kWh. logo: true to print the
 * tenant's logo (default), false for the tenant name only, or a data: URL (PNG/JPEG) to print instead.
 */
export const assessmentParamsSchema = z.object({
  from_date: queryText(40),
  to_date: queryText(40),
  timeZone: queryTimeZone,
  logo: z.preprocess(
    emptyToUndefined,
    z.union([z.boolean(), z.enum(['true', 'false']), z.string().startsWith('data:').max(3_000_000)]).optional(),
  ),
  cost_kwh: queryMoney,
  income_kwh: queryMoney,
  charge_box_group_pk: queryId,
  tenant_pk: queryId,
  search_input: queryText(100),
  active: queryBoolean,
  online: queryBoolean,
});
export type AssessmentParams = z.infer<typeof assessmentParamsSchema>;

export const reportPermissionsResponseSchema = z.object({ hasDisableTransactionOption: z.boolean() });
