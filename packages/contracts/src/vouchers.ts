import { whenMissing } from './required';
import { z } from 'zod';
import { INT4_MAX } from './int4';
import { emptyToUndefined, queryTimeZone } from './query';

/**
 * Vouchers — prepaid recharge credits given to chosen users, optionally limited to some charge
 * points (002 §2 Vouchers, §3 Voucher, §4 Voucher, §5 Voucher create form / edit, §6, §7 Vouchers,
 * §8, §9 Vouchers). Operator backend: paths under /api/ with a trailing slash, bearer session,
 * snake_case fields as the spec names them, list pages counted from 1.
 *
 * Permission: every call needs the route key '/vouchers' and the role DASH_CVE_PRO_CREATE_VOUCHER
 * (or a Terpel theme) — the same filter as the menu (permissions.ts `permittedRoutes`); without it
 * 403. A voucher belongs to one tenant of the caller's scope; another tenant's voucher (or a
 * tenantPk outside the scope) is 404 VOUCHER_NOT_FOUND.
 *
 * Meaning of the figures (see docs/decisions.md, "Vouchers"):
 * - `units` is the number of voucher copies; each selected user holds one copy, so units ≥ users.
 * - `kind_value` is the value of one copy: PERCENT_RECHARGE a percentage 0–100 (up to 2 decimals)
 *   taken off every covered recharge; MONEY_RECHARGE an amount in the tenant's currency, as a
 *   decimal in major units (25.5 = R$ 25,50) spent over as many recharges as needed;
 *   KWH_RECHARGE kWh made free (up to 3 decimals) over as many recharges as needed.
 * - expire_type EXPIRATION_DATE (every kind): a copy is usable between start and expire — for
 *   PERCENT_RECHARGE on every recharge in that window, for MONEY/KWH until its balance is spent.
 *   USES_PER_USER (PERCENT_RECHARGE only): at most `uses_per_user` recharges per user, still
 *   inside start..expire.
 * - Per-user status: NOT_USED (never used), SUSPEND (partly used: used at least once, value or
 *   uses left — it can no longer be taken away from the user), USED (fully consumed). SUSPEND and
 *   USED users cannot be removed from the selection (a PUT leaving them out is a field error).
 * - Voucher status, derived from the clock on every read (never stored): INACTIVE when not
 *   active, else NOT_STARTED before start, EXPIRED from expire on, USED when every unit is USED,
 *   else ACTIVE.
 */

// ---------------------------------------------------------------------------------------------
// Limits and enumerations (002 §9)

export const VOUCHER_PAGE_SIZE = 10;
export const VOUCHER_MAX_PAGE_SIZE = 100;
export const VOUCHER_CODE_MAX = 30;
export const VOUCHER_TITLE_MAX = 50;
export const VOUCHER_DESCRIPTION_MAX = 100;
export const VOUCHER_UNITS_MAX = 1000;
/** R$ 1.000,00 in minor units (money is typed as cents in the form). */
export const VOUCHER_MONEY_MAX_MINOR = 100_000;
/** A peso network's cap: COP 1.000.000,00 (about the spec's R$ 1.000,00; COP 1.000 would buy nothing). */
export const VOUCHER_MONEY_MAX_MINOR_COP = 100_000_000;

/** The largest MONEY voucher in minor units of the network's currency (002 §5, §9). */
export function voucherMoneyMaxMinor(currency: string): number {
  return currency.trim().toUpperCase() === 'COP' ? VOUCHER_MONEY_MAX_MINOR_COP : VOUCHER_MONEY_MAX_MINOR;
}
export const VOUCHER_KWH_MAX = 1000;
export const VOUCHER_PERCENT_MAX = 100;
export const VOUCHER_USES_PER_USER_MAX = 1000;
export const VOUCHER_HISTORY_PAGE_SIZE = 50;

export const voucherKinds = ['PERCENT_RECHARGE', 'MONEY_RECHARGE', 'KWH_RECHARGE'] as const;
export type VoucherKind = (typeof voucherKinds)[number];
export const voucherStatuses = ['NOT_STARTED', 'ACTIVE', 'EXPIRED', 'INACTIVE', 'USED'] as const;
export type VoucherStatus = (typeof voucherStatuses)[number];
export const voucherUserStatuses = ['NOT_USED', 'SUSPEND', 'USED'] as const;
export type VoucherUserStatus = (typeof voucherUserStatuses)[number];
export const voucherExpireTypes = ['EXPIRATION_DATE', 'USES_PER_USER'] as const;
export type VoucherExpireType = (typeof voucherExpireTypes)[number];

/** pt-BR labels of §4 (the screens translate them per language). */
export const voucherKindLabels: Record<VoucherKind, string> = {
  PERCENT_RECHARGE: 'Porcentagem',
  MONEY_RECHARGE: 'Reais',
  KWH_RECHARGE: 'Quilowatt-hora',
};
export const voucherStatusLabels: Record<VoucherStatus, string> = {
  NOT_STARTED: 'Não iniciado',
  ACTIVE: 'Ativo',
  EXPIRED: 'Expirado',
  INACTIVE: 'Inativo',
  USED: 'Usado',
};

// ---------------------------------------------------------------------------------------------
// Paths (operator backend)

export const voucherPaths = {
  /** GET: the list (voucherListQuerySchema → voucherListAnswerSchema); POST: create (voucherCreateSchema → voucherSavedSchema, 201). */
  list: '/api/vouchers/',
  create: '/api/vouchers/',
  /** GET ?code&tenantPk: the most recent voucher with that code (voucherListItemSchema) or 404 VOUCHER_NOT_FOUND. */
  last: '/api/vouchers/last/',
  /** GET ?timeZone: one voucher (voucherSchema). */
  detail: (voucherPk: number) => `/api/vouchers/${voucherPk}/`,
  /** PUT: update (voucherUpdateSchema → voucherSavedSchema, 200). */
  update: (voucherPk: number) => `/api/vouchers/${voucherPk}/`,
  /** GET ?userPk&page&size: the activity history (voucherHistoryAnswerSchema). */
  history: (voucherPk: number) => `/api/vouchers/${voucherPk}/history/`,
} as const;

/** Route templates the server registers (Fastify syntax). */
export const voucherRoutes = {
  list: '/api/vouchers/',
  last: '/api/vouchers/last/',
  one: '/api/vouchers/:id/',
  history: '/api/vouchers/:id/history/',
} as const;

/** The permission key every voucher call needs (plus the role, see permissions.ts). */
export const VOUCHER_ROUTE_KEY = '/vouchers';

// ---------------------------------------------------------------------------------------------
// Messages

/**
 * Error codes of the voucher calls:
 * - 400 VALIDATION: `fields.<name>` holds a message KEY of `voucherMessageKeys` (the values below),
 *   e.g. `{ fields: { code: 'vouchers.codeTaken' } }`; show `voucherMessages[name]` (pt-BR, exact
 *   as the spec quotes it) or the screen's own translation of the same name. A field error whose
 *   text is not a key (a wrong type, a malformed id) is a plain English message.
 *   The field names are the body's: code, title, description, kind, kind_value, units, start,
 *   expire, charge_box_pks, tenant_pk, user_pks, uses_per_user, expire_type, active.
 * - 404 VOUCHER_NOT_FOUND (message key vouchers.notFound): no such voucher in the caller's scope.
 * - 403 FORBIDDEN: no '/vouchers' route or no DASH_CVE_PRO_CREATE_VOUCHER role (and not Terpel).
 */
export const voucherMessages = {
  // §5 create form
  codeRequired: 'O código é um campo obrigatório',
  codeTooLong: 'O código deve ter no máximo 30 caracteres',
  codeInvalid: 'O código deve conter apenas letras, números, hífen e sublinhado',
  codeTaken: 'O código já está sendo utilizado',
  titleRequired: 'O nome é um campo obrigatório',
  titleTooLong: 'O nome deve ter no máximo 50 caracteres',
  descriptionRequired: 'A descrição é um campo obrigatório',
  descriptionTooLong: 'A descrição deve ter no máximo 100 caracteres',
  kindRequired: 'O tipo do voucher é um campo obrigatório',
  kindLocked: 'O tipo do voucher não pode ser alterado depois que o voucher foi utilizado',
  valueRequired: 'O valor do voucher é um campo obrigatório',
  valueZero: 'O valor do voucher não pode ser zero',
  valueInvalid: 'O valor do voucher é inválido',
  valueMoneyMax: 'O valor máximo do voucher é R$ 1.000,00',
  valueKwhMax: 'O valor máximo do voucher é 1000 kWh',
  valuePercentMax: 'O valor máximo do voucher é 100%',
  valueBelowUsed: 'O valor do voucher não pode ser inferior ao valor já utilizado por um usuário',
  unitsRequired: 'A quantidade de vouchers é um campo obrigatório',
  unitsZero: 'A quantidade de vouchers não pode ser zero',
  unitsBelowOriginal: 'A quantidade de vouchers não pode ser inferior à quantidade cadastrada originalmente',
  unitsBelowUsers: 'A quantidade de vouchers não pode ser inferior ao número de usuários selecionados',
  unitsMax: 'A quantidade máxima de vouchers é 1000',
  unitsFirst: 'Preencha a quantidade do voucher',
  chargeBoxRequired: 'O valor aplicável em é um campo obrigatório',
  chargeBoxNotFound: 'Carregador não encontrado nesta rede',
  usesPerUserRequired: 'O total de usos é um campo obrigatório',
  usesPerUserMin: 'O total de usos deve ser de pelo menos 1',
  usesPerUserMax: 'O total de usos deve ser no máximo 1000',
  usesPerUserPercentOnly: 'A expiração por número de usos só está disponível para vouchers de porcentagem',
  startRequired: 'A data de início é um campo obrigatório',
  expireRequired: 'A data de validade é um campo obrigatório',
  dateInvalid: 'Data inválida (use AAAA-MM-DD HH:mm:ss)',
  startAfterExpire: 'A data de início deve ser anterior à data de validade',
  userNotRelated: 'Usuário não relacionado a esta rede',
  userLocked: 'Usuários que já utilizaram o voucher não podem ser removidos',
  tenantNotFound: 'Rede não encontrada',
  allMandatory: 'Todos os campos são obrigatórios',
  // §8
  created: 'Voucher cadastrado com sucesso!',
  createFailed: 'Não foi possível criar o Voucher!',
  updated: 'Voucher atualizado com sucesso!',
  updateFailed: 'Não foi possível atualizar o Voucher!',
  listFailed: 'Não foi possível listar os vouchers!',
  historyEmpty: 'Não há histórico disponível para este voucher',
  notFound: 'Voucher não encontrado',
  allChargeBoxes: 'Todos',
} as const;
export type VoucherMessage = keyof typeof voucherMessages;

/** The key each message has in the server's locales (apps/server/src/locales/*.json) and in field errors. */
export const voucherMessageKeys = Object.fromEntries(Object.keys(voucherMessages).map((k) => [k, `vouchers.${k}`])) as {
  [K in VoucherMessage]: `vouchers.${K}`;
};

/** The message name of a field-error key ('vouchers.codeTaken' → 'codeTaken'), or null for a plain text. */
export function voucherMessageOf(fieldError: string): VoucherMessage | null {
  const name = fieldError.startsWith('vouchers.') ? fieldError.slice('vouchers.'.length) : '';
  return name in voucherMessages ? (name as VoucherMessage) : null;
}

const K = voucherMessageKeys;

// ---------------------------------------------------------------------------------------------
// Queries

const id = z.coerce.number().int().positive().max(INT4_MAX);
const queryId = z.preprocess(emptyToUndefined, id.optional());
const queryText = (max: number) => z.preprocess(emptyToUndefined, z.string().trim().max(max).optional());

export const voucherListQuerySchema = z.object({
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
  size: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(VOUCHER_MAX_PAGE_SIZE).default(VOUCHER_PAGE_SIZE)),
  /** Part of the code (case-insensitive). */
  code: queryText(VOUCHER_CODE_MAX),
  /** Part of the name, accents ignored. */
  title: queryText(VOUCHER_TITLE_MAX),
  /** Part of the description, accents ignored. */
  description: queryText(VOUCHER_DESCRIPTION_MAX),
  kind: z.preprocess(emptyToUndefined, z.enum(voucherKinds).optional()),
  status: z.preprocess(emptyToUndefined, z.enum(voucherStatuses).optional()),
  /** One tenant of the scope; absent = every tenant of the scope. */
  tenantPk: queryId,
  /** Accepted for the spec; every instant is answered in UTC ISO 8601 and the screen formats it in its zone. */
  timeZone: queryTimeZone,
});
export type VoucherListQuery = z.infer<typeof voucherListQuerySchema>;

export const voucherLastQuerySchema = z.object({
  code: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string(whenMissing(K.codeRequired)).min(1, K.codeRequired).max(VOUCHER_CODE_MAX, K.codeTooLong),
  ),
  tenantPk: queryId,
});
export const voucherIdParams = z.object({ id });
export const voucherDetailQuerySchema = z.object({ timeZone: queryTimeZone });
export const voucherHistoryQuerySchema = z.object({
  /** Only this user's uses. */
  userPk: queryId,
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
  size: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(VOUCHER_MAX_PAGE_SIZE).default(VOUCHER_HISTORY_PAGE_SIZE)),
});

// ---------------------------------------------------------------------------------------------
// Answers

const instant = z.string().describe('ISO 8601 instant, UTC');

export const voucherListItemSchema = z.object({
  voucher_pk: z.number().int(),
  code: z.string(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(voucherKinds),
  /** PERCENT: 0–100; MONEY: major units of `currency` (25.5); KWH: kWh. */
  kind_value: z.number(),
  units: z.number().int(),
  /** Units whose user consumed the copy completely (per-user USED). */
  used_total: z.number().int(),
  /** units − used_total. */
  not_used_total: z.number().int(),
  /** = units. */
  total: z.number().int(),
  start: instant,
  expire: instant,
  status: z.enum(voucherStatuses),
  active: z.boolean(),
  tenant_pk: z.number().int(),
  /** ISO currency of the tenant (the MONEY value and every discount are in it). */
  currency: z.string(),
  uses_per_user: z.number().int(),
  expire_type: z.enum(voucherExpireTypes),
});
export type VoucherListItem = z.infer<typeof voucherListItemSchema>;
export const voucherListAnswerSchema = z.object({ results: z.array(voucherListItemSchema), count: z.number().int() });
export type VoucherListAnswer = z.infer<typeof voucherListAnswerSchema>;

export const voucherUserStatusSchema = z.object({
  user_pk: z.number().int(),
  status: z.enum(voucherUserStatuses),
  source: z.literal('ACTIVATION'),
  email: z.string(),
  name: z.string(),
  /** Recharges that used this copy (refunded ones excluded). */
  uses: z.number().int(),
  /** This user's balance in the kind's unit (PERCENT: the rate while uses remain, else 0). */
  kind_value_balance: z.number(),
});
export type VoucherUserStatusItem = z.infer<typeof voucherUserStatusSchema>;

export const voucherChargeBoxSchema = z.object({ charge_box_pk: z.number().int(), charge_box_id: z.string(), name: z.string() });

export const voucherSchema = voucherListItemSchema.extend({
  /**
   * MONEY/KWH: value used by every user together (refunds excluded), in the kind's unit; PERCENT:
   * 0 (a rate is not a stock — see discount_total).
   */
  kind_value_used: z.number(),
  /** MONEY/KWH: kind_value × units − kind_value_used; PERCENT: kind_value. */
  kind_value_balance: z.number(),
  /** Money taken off recharges by this voucher, minor units of `currency` (every kind). */
  discount_total: z.number().int(),
  created_user_name: z.string(),
  /** [] = every charge point of the tenant. */
  charge_box_pks: z.array(z.number().int()),
  charge_boxes: z.array(voucherChargeBoxSchema),
  user_pks: z.array(z.number().int()),
  voucher_users_pks_with_voucher_status: z.array(voucherUserStatusSchema),
  created_at: instant,
});
export type Voucher = z.infer<typeof voucherSchema>;

export const voucherHistoryItemSchema = z.object({
  transaction_pk: z.number().int(),
  transaction_start_timestamp: instant,
  charge_box_name: z.string(),
  voucher: z.object({
    kind: z.enum(voucherKinds),
    /** What this recharge used, in the kind's unit (PERCENT: the rate applied). */
    kind_value_used: z.number(),
    kind_value: z.number(),
    /** The user's balance after this recharge (PERCENT: the rate while uses remain, else 0). */
    kind_value_balance: z.number(),
  }),
  user: z.object({ userPk: z.number().int(), name: z.string(), email: z.string() }),
  address: z.object({ street: z.string(), houseNumber: z.string(), district: z.string() }),
  /** Money taken off the recharge, minor units of `currency`. */
  amount_discounted: z.number().int(),
  /** The recharge's total before the voucher, minor units. */
  recharge_amount: z.number().int(),
  currency: z.string(),
  used_at: instant,
  /** Set when the recharge was refunded and the value went back to the voucher. */
  refunded_at: instant.nullable(),
});
export type VoucherHistoryItem = z.infer<typeof voucherHistoryItemSchema>;
export const voucherHistoryAnswerSchema = z.object({ results: z.array(voucherHistoryItemSchema), count: z.number().int() });

export const voucherSavedSchema = z.object({
  type: z.enum(['success', 'error']),
  voucher_pk: z.number().int(),
  message: z.string().optional(),
});
export type VoucherSaved = z.infer<typeof voucherSavedSchema>;

// ---------------------------------------------------------------------------------------------
// Bodies

/** 'YYYY-MM-DD HH:mm:ss' in UTC (also accepted: 'T' separator, no seconds, a trailing Z). */
export const VOUCHER_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d{1,3})?Z?$/;

/** The instant of a body date, or null when it is not a real date. */
export function parseVoucherDate(text: string): Date | null {
  const m = VOUCHER_DATE_PATTERN.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  if (y < 2000 || y > 9999) return null;
  return date;
}

/** Absent, null and '' are "not filled" for every field of the form. */
const blank = (v: unknown) => (v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const requiredText = (required: string, tooLong: string, max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : (v ?? '')), z.string().min(1, required).max(max, tooLong));
const date = (required: string) =>
  z.preprocess(
    blank,
    z
      .string({ error: required })
      .max(40, K.dateInvalid)
      .refine((v) => parseVoucherDate(v) !== null, K.dateInvalid),
  );
const numberish = (required: string) =>
  z.preprocess(
    (v) => {
      const b = blank(v);
      return typeof b === 'string' && /^-?\d+(\.\d+)?$/.test(b.trim()) ? Number(b) : b;
    },
    z.number({ error: required }).finite(),
  );

/** Decimals of a number as typed (25.5 → 1). */
function decimals(n: number): number {
  const s = String(n);
  if (s.includes('e')) return 99;
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

const voucherFields = {
  title: requiredText(K.titleRequired, K.titleTooLong, VOUCHER_TITLE_MAX),
  description: requiredText(K.descriptionRequired, K.descriptionTooLong, VOUCHER_DESCRIPTION_MAX),
  kind: z.preprocess(blank, z.enum(voucherKinds, { error: K.kindRequired })),
  /** MONEY: a decimal in major units (≤ 1000, 2 decimals); KWH ≤ 1000 (3 decimals); PERCENT ≤ 100 (2 decimals). */
  kind_value: numberish(K.valueRequired),
  units: z.preprocess(blank, numberish(K.unitsRequired).pipe(z.number().int(K.valueInvalid).max(INT4_MAX, K.unitsMax))),
  start: date(K.startRequired),
  expire: date(K.expireRequired),
  /** null or [] = every charge point of the tenant; otherwise the tenant's charge points. */
  charge_box_pks: z
    .array(z.number().int().positive().max(INT4_MAX))
    .max(10_000)
    .nullable()
    .optional()
    .transform((v) => [...new Set(v ?? [])]),
  /** Absent = the caller's own tenant. */
  tenant_pk: z.preprocess(blank, id.optional()),
  /** Form default true. */
  active: z.boolean().default(true),
  user_pks: z
    .array(z.number().int().positive().max(INT4_MAX))
    .max(VOUCHER_UNITS_MAX, K.unitsMax)
    .nullable()
    .optional()
    .transform((v) => [...new Set(v ?? [])]),
  uses_per_user: z.preprocess(blank, z.number().int(K.usesPerUserMin).max(INT4_MAX, K.usesPerUserMax).default(1)),
  expire_type: z.preprocess(blank, z.enum(voucherExpireTypes).default('EXPIRATION_DATE')),
};

type VoucherBodyShape = {
  kind: VoucherKind;
  kind_value: number;
  units: number;
  start: string;
  expire: string;
  user_pks: number[];
  uses_per_user: number;
  expire_type: VoucherExpireType;
};

/** The §5 rules that need several fields (the database ones — code taken, original units, tenant's stations and users — are the server's). */
function crossFieldRules(v: VoucherBodyShape, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const value = v.kind_value;
  if (typeof value !== 'number' || !voucherKinds.includes(v.kind)) {
    // reported by the field itself
  } else if (value === 0) issue('kind_value', K.valueZero);
  else if (value < 0) issue('kind_value', K.valueInvalid);
  else if (v.kind === 'MONEY_RECHARGE') {
    if (decimals(value) > 2) issue('kind_value', K.valueInvalid);
    // Above every currency's cap here; the network's own cap (voucherMoneyMaxMinor) is the server's check.
    else if (Math.round(value * 100) > VOUCHER_MONEY_MAX_MINOR_COP) issue('kind_value', K.valueMoneyMax);
  } else if (v.kind === 'KWH_RECHARGE') {
    if (decimals(value) > 3) issue('kind_value', K.valueInvalid);
    else if (value > VOUCHER_KWH_MAX) issue('kind_value', K.valueKwhMax);
  } else if (decimals(value) > 2) issue('kind_value', K.valueInvalid);
  else if (value > VOUCHER_PERCENT_MAX) issue('kind_value', K.valuePercentMax);

  if (typeof v.units !== 'number') {
    // reported by the field itself
  } else if (v.units === 0) issue('units', K.unitsZero);
  else if (v.units < 0) issue('units', K.valueInvalid);
  else if (v.units > VOUCHER_UNITS_MAX) issue('units', K.unitsMax);
  else if (Array.isArray(v.user_pks) && v.user_pks.length > v.units) issue('units', K.unitsBelowUsers);

  const start = typeof v.start === 'string' ? parseVoucherDate(v.start) : null;
  const expire = typeof v.expire === 'string' ? parseVoucherDate(v.expire) : null;
  if (start && expire && start.getTime() >= expire.getTime()) issue('expire', K.startAfterExpire);

  if (v.expire_type === 'USES_PER_USER' && v.kind !== 'PERCENT_RECHARGE') issue('expire_type', K.usesPerUserPercentOnly);
  if (typeof v.uses_per_user !== 'number') {
    // reported by the field itself
  } else if (v.uses_per_user < 1) issue('uses_per_user', K.usesPerUserMin);
  else if (v.uses_per_user > VOUCHER_USES_PER_USER_MAX) issue('uses_per_user', K.usesPerUserMax);
}

const code = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : (v ?? '')),
  z
    .string()
    .min(1, K.codeRequired)
    .max(VOUCHER_CODE_MAX, K.codeTooLong)
    .regex(/^[A-Z0-9_-]+$/, K.codeInvalid),
);

/** POST /api/vouchers/ (§7). `code` is uppercased. */
export const voucherCreateSchema = z.object({ code, ...voucherFields }).superRefine(crossFieldRules);
export type VoucherCreate = z.infer<typeof voucherCreateSchema>;
export type VoucherCreateInput = z.input<typeof voucherCreateSchema>;

/** PUT /api/vouchers/{id}/ (§7): the same minus code (a code sent is ignored). */
export const voucherUpdateSchema = z.object(voucherFields).superRefine(crossFieldRules);
export type VoucherUpdate = z.infer<typeof voucherUpdateSchema>;
export type VoucherUpdateInput = z.input<typeof voucherUpdateSchema>;

/** Minor units of a MONEY kind_value (25.5 → 2550). */
export const moneyToMinor = (major: number) => Math.round(major * 100);
/** Wh of a KWH kind_value (12.5 → 12500). */
export const kwhToWh = (kwh: number) => Math.round(kwh * 1000);
