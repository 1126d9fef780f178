import { z } from 'zod';
import { queryId, INT4_MAX } from './query';
import { addressSchema } from './stations';

/**
 * User form (001 §2 User form, §3 User form, §4, §5 User create / User edit, §7 Users, §8 Users).
 * Paths under /api/, trailing slash tolerated:
 * - GET users_data/{id}/          → { userForm }
 * - GET users_data/{id}/address/  → { addressForm }
 * - GET users_data/check/?tenantPk → 200 { allowed } or 403 USER_LIMIT (the probe before create)
 * - POST users_data/              → create (body: userCreateSchema)
 * - PUT users_data/{id}/          → update (body: userUpdateSchema)
 * - GET users_data/doc_types/?tenantPk, GET user-groups/?tenantPk&userPk,
 *   GET users_data/available_tags/?tenantPk&userPk: the form's pickers.
 * Field errors carry the spec's texts; keys are the body's field names.
 */

export const USER_LIMITS = {
  firstName: 20,
  lastName: 40,
  emailCreate: 55,
  emailEdit: 80,
  password: 20,
  passwordMin: 6,
  phone: 40,
  /** A CPF as typed (000.000.000-00). */
  cpf: 14,
  docNumber: 20,
  externalId: 50,
} as const;

/** Texts the specification gives (001 §5, §8). */
export const userMessages = {
  nameRequired: 'The Name field is mandatory.',
  passwordRequired: 'The Password field is mandatory.',
  emailRequired: 'The E-mail field is mandatory.',
  emailInvalid: 'Invalid E-mail',
  phoneRequired: 'The Phone field is mandatory.',
  saveFailed: 'Não foi possível realizar a operação. Certifique-se de que os campos foram corretamente preenchidos.',
  created: 'Usuário criado com sucesso!',
  updated: 'Usuário alterado com sucesso!',
  notFound: 'Nenhum usuário encontrada com este id.',
  userLimit: 'Limite de usuários atingido!',
} as const;

export const userMaxLength = (n: number) => `Maximum of ${n} characters.`;

/** A standard e-mail pattern: something@domain.tld, no blanks. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const userSexes = ['MALE', 'FEMALE', 'OTHER'] as const;
export type UserSexValue = (typeof userSexes)[number];

/** Document types offered per tenant country (the first is the default). */
const docTypesByCountry: Record<string, readonly string[]> = {
  BR: ['CPF', 'CNPJ', 'PASSPORT'],
  CO: ['CC', 'CE', 'NIT', 'PASSPORT'],
  EC: ['CI', 'RUC', 'PASSPORT'],
  UY: ['CI', 'RUT', 'PASSPORT'],
};
export const docTypesFor = (country: string): readonly string[] => docTypesByCountry[country] ?? ['PASSPORT'];

const onlyDigits = (v: string) => v.replace(/\D/g, '');

/** True for a CPF whose two check digits are right (masks allowed). */
export function isValidCpf(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(d[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(d[9]) && check(10) === Number(d[10]);
}

/** 'YYYY-MM-DD' of a real calendar day. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

// ---------------------------------------------------------------------------------------------
// Answers

/** The user's hidden address: the shared address shape with its key. */
const addressFormSchema = z.object({ addressPk: z.number().int().nullable(), ...addressSchema.shape });
export type AddressForm = z.infer<typeof addressFormSchema>;
export const addressFormResponseSchema = z.object({ addressForm: addressFormSchema });

const userFormSchema = z.object({
  userPk: z.number().int().max(INT4_MAX),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  docType: z.string().nullable(),
  docNumber: z.string().nullable(),
  externalId: z.string().nullable(),
  /** The user's own (USER type) tag; read-only. */
  ocppIdTag: z.string().nullable(),
  tenant_pk: z.number().int().max(INT4_MAX),
  tenantName: z.string(),
  userGroupPk: z.number().int().max(INT4_MAX).nullable(),
  userGroupName: z.string().nullable(),
  /** Keys of the CARD tags bound to the user. */
  ocppTags: z.array(z.string()),
  activeUser: z.boolean(),
  notificationOfflineCp: z.boolean(),
  sex: z.enum(userSexes).nullable(),
  /** 'YYYY-MM-DD'. */
  dateBirthDay: z.string().nullable(),
  // Hidden address fields, kept with the form.
  addressPk: z.number().int().max(INT4_MAX).nullable(),
  street: z.string().nullable(),
  houseNumber: z.string().nullable(),
  zipCode: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string(),
});
export type UserForm = z.infer<typeof userFormSchema>;
export const userFormResponseSchema = z.object({ userForm: userFormSchema });
export type UserFormResponse = z.infer<typeof userFormResponseSchema>;
export const userSaveResponseSchema = z.object({ message: z.string(), userForm: userFormSchema });
export type UserSaveResponse = z.infer<typeof userSaveResponseSchema>;

export const userLimitQuerySchema = z.object({ tenantPk: queryId });
export const userLimitResponseSchema = z.object({
  allowed: z.literal(true),
  tenantPk: z.number().int().max(INT4_MAX),
  count: z.number().int(),
  limit: z.number().int().nullable(),
});
export type UserLimitResponse = z.infer<typeof userLimitResponseSchema>;

export const docTypesQuerySchema = z.object({ tenantPk: queryId });
export const docTypesResponseSchema = z.object({ docTypeList: z.array(z.string()) });
export type DocTypesResponse = z.infer<typeof docTypesResponseSchema>;

export const userGroupsQuerySchema = z.object({ tenantPk: queryId, userPk: queryId });
const userGroupSchema = z.object({ userGroupPk: z.number().int(), name: z.string(), tenantPk: z.number().int() });
export type UserGroup = z.infer<typeof userGroupSchema>;
export const userGroupsResponseSchema = z.object({ userGroupList: z.array(userGroupSchema) });
export type UserGroupsResponse = z.infer<typeof userGroupsResponseSchema>;

/** CARD tags of a tenant that a user may hold: unbound ones, and (with userPk) the user's own. */
export const availableTagsQuerySchema = z.object({ tenantPk: queryId, userPk: queryId });
const availableTagSchema = z.object({
  ocppTagPk: z.number().int().max(INT4_MAX),
  idTag: z.string(),
  note: z.string().nullable(),
  inactive: z.boolean(),
  boundToUser: z.boolean(),
});
export type AvailableTag = z.infer<typeof availableTagSchema>;
export const availableTagsResponseSchema = z.object({ ocppTagList: z.array(availableTagSchema) });
export type AvailableTagsResponse = z.infer<typeof availableTagsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Bodies: types only; every rule (with the spec's texts) is checked by the service.

/** Every text has a ceiling, even those the service ignores (country) or checks only with another field (docType). */
export const USER_TEXT_CEILING = 500;
const optText = z.string().max(USER_TEXT_CEILING, userMaxLength(USER_TEXT_CEILING)).nullish();
const optId = z.number().int().positive().max(INT4_MAX).nullish();

const commonFields = {
  firstName: optText,
  lastName: optText,
  email: optText,
  phone: optText,
  docType: optText,
  docNumber: optText,
  externalId: optText,
  /** Read-only: ignored when it matches, a field error when it differs. */
  ocppIdTag: optText,
  tenant_pk: optId,
  ocppTags: z.array(z.string().max(100)).max(200).nullish(),
  activeUser: z.boolean().nullish(),
  notificationOfflineCp: z.boolean().nullish(),
  sex: optText,
  dateBirthDay: optText,
  addressPk: optId,
  street: optText,
  houseNumber: optText,
  zipCode: optText,
  city: optText,
  state: optText,
  /** Ignored: follows the tenant's country. */
  country: optText,
};

export const userCreateSchema = z.object({ ...commonFields, password: optText, user_group_pk: optId });
export type UserCreate = z.infer<typeof userCreateSchema>;

export const userUpdateSchema = z.object({
  ...commonFields,
  userGroupPk: optId,
  /** Not on the edit form: a non-empty value is a field error (passwords change through recovery). */
  password: optText,
});
export type UserUpdate = z.infer<typeof userUpdateSchema>;
