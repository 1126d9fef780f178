import { z } from 'zod';
import { INT4_MAX } from './int4';
import { emptyToUndefined } from './query';
import { groupSmartChargingPartSchema, smartChargingEventKinds } from './smart-charging';

/**
 * Virtual groups — "advanced settings" (002 §2 Virtual groups, §3 Virtual group, §4 Virtual group
 * pricing, §5 Virtual group form, §7 Virtual groups (gateway), §8). Paths under /gateway/, in the
 * gateway's own style: snake_case fields, zero-based pages, answers `{ content, totalElements }`.
 *
 * `charge_box_id` is the station's key (a number); `charge_box_code` its OCPP identity. Pricing
 * profiles are named by their uuid (dynamic-pricing contract).
 */

export const VIRTUAL_GROUP_NAME_MAX = 30;
export const VIRTUAL_GROUP_DESCRIPTION_MAX = 50;
export const VIRTUAL_GROUP_PAGE_SIZE = 10;

/** The spec's messages (002 §5, §8), exact in Portuguese; the screens show them per language. */
export const virtualGroupMessages = {
  nameRequired: 'O nome da configuração é um campo obrigatório',
  editNameRequired: 'O nome do grupo é um campo obrigatório',
  descriptionRequired: 'A descrição é um campo obrigatório',
  profileRequired: 'Selecione um perfil de precificação',
  created: 'Configuração cadastrada com sucesso!',
  createFailed: 'Não foi possível criar a configuração!',
  updated: 'Configuração atualizada com sucesso!',
  updateFailed: 'Não foi possível atualizar a configuração!',
  chargersAdded: 'Carregadores adicionados com sucesso!',
  chargersAddFailed: 'Ocorreu um erro ao adicionar o(s) carregador(es) selecionado(s)!',
  deleted: 'A configuração foi excluído com sucesso!',
  deleteFailed: 'Ocorreu um erro ao excluir a configuração!',
  chargerDeleted: 'O carregador foi excluído com sucesso!',
  chargerDeleteFailed: 'Ocorreu um erro ao excluir o carregador selecionado!',
  pricingSaved: 'Perfil de Precificação atualizado com sucesso!',
  pricingSaveFailed: 'Não foi possível atualizar o Perfil de Precificação!',
  empty: 'Nenhuma configuração cadastrada',
  notFound: 'Configuration not found.',
  chargerInOtherGroup: 'This charger already belongs to another configuration:',
  chargerNotFound: 'Charger not found in your networks:',
  profileNotFound: 'Pricing profile not found in this network.',
  addNeedsPermission: 'Adding chargers to a configuration needs DASH_VIRTUAL_GROUP_EDIT_CHARGEBOXES.',
} as const;

const id = z.coerce.number().int().positive().max(INT4_MAX);
const page = z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(100_000).default(0));
const size = z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).default(VIRTUAL_GROUP_PAGE_SIZE));
const search = z.preprocess(emptyToUndefined, z.string().trim().max(100).optional());
const tenantId = z.preprocess(emptyToUndefined, id.optional());

export const virtualGroupListQuerySchema = z.object({ page, size, tenant_id: tenantId, search });
export const chargeBoxPickerQuerySchema = z.object({
  page,
  size,
  tenant_id: tenantId,
  search,
  /** Leave out the chargers that are members of some group (the pickers offer the free ones first). */
  only_free: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()),
});
export const groupChargersQuerySchema = z.object({ virtual_group_id: id, page, size });
export const groupPagedQuerySchema = z.object({ page, size });
export const virtualGroupIdParams = z.object({ id });
/** 002: GET /virtual-groups/{id} takes tenant_id; a group outside that tenant's tree is not found. */
export const virtualGroupDetailQuerySchema = z.object({ tenant_id: tenantId });

export const chargerRowSchema = z.object({
  charge_box_id: z.number().int(),
  charge_box_code: z.string(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  /** The station's technical settings (system, voltage, rate unit) are filled: it can join smart charging. */
  has_config_tec: z.boolean(),
  /** The group holding it, if any. */
  virtual_group_id: z.number().int().nullable(),
  virtual_group_name: z.string().nullable(),
  /** Its membership, in a group's charger list (for DELETE /virtual-groups/charge-boxs/{id}). */
  virtual_group_charge_box_id: z.number().int().nullable(),
  online: z.boolean(),
});
export type ChargerRow = z.infer<typeof chargerRowSchema>;
export const chargerPageSchema = z.object({ content: z.array(chargerRowSchema), totalElements: z.number().int() });

export const virtualGroupRowSchema = z.object({
  virtual_group_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  tenant_id: z.number().int(),
  charge_box_count: z.number().int(),
  dynamic_price_enabled: z.boolean(),
  /** The profiles its pricing names (one per station, or up to three per connector). */
  pricing_profile_names: z.array(z.string()),
  smart_charging_enabled: z.boolean(),
  meter_device_remote_id: z.string().nullable(),
});
export type VirtualGroupRow = z.infer<typeof virtualGroupRowSchema>;
export const virtualGroupPageSchema = z.object({ content: z.array(virtualGroupRowSchema), totalElements: z.number().int() });

const profileUuid = z.preprocess((v) => (v === '' || v === undefined ? null : v), z.string().uuid().nullable());

export const groupPricingSchema = z.object({
  enabled: z.boolean(),
  connector1_dynamic_pricing_id: profileUuid,
  connector2_dynamic_pricing_id: profileUuid,
  connector3_dynamic_pricing_id: profileUuid,
});
export type GroupPricing = z.infer<typeof groupPricingSchema>;

export const groupPricingAnswerSchema = z.object({
  enabled: z.boolean(),
  connector1_dynamic_pricing_id: z.string().nullable(),
  connector2_dynamic_pricing_id: z.string().nullable(),
  connector3_dynamic_pricing_id: z.string().nullable(),
  virtual_group_id: z.number().int(),
  connector1_dynamic_pricing_name: z.string().nullable(),
  connector2_dynamic_pricing_name: z.string().nullable(),
  connector3_dynamic_pricing_name: z.string().nullable(),
});
export type GroupPricingAnswer = z.infer<typeof groupPricingAnswerSchema>;

export const groupPricingCreateSchema = groupPricingSchema.extend({ virtual_group_id: id });

const name = z.string().trim().min(1, virtualGroupMessages.nameRequired).max(VIRTUAL_GROUP_NAME_MAX);
const description = z.string().trim().min(1, virtualGroupMessages.descriptionRequired).max(VIRTUAL_GROUP_DESCRIPTION_MAX);

export const virtualGroupCreateSchema = z.object({
  name,
  description,
  tenant_id: tenantId,
  charge_boxs: z.array(id).max(1000).default([]),
  dynamic_pricing: groupPricingSchema.optional(),
  /** The group's load manager (DASH_SMART_CHARGING_CREATE), made with the group. */
  smart_charging: groupSmartChargingPartSchema.optional(),
});
export type VirtualGroupCreate = z.infer<typeof virtualGroupCreateSchema>;

export const virtualGroupUpdateSchema = z.object({
  name: z.string().trim().min(1, virtualGroupMessages.editNameRequired).max(VIRTUAL_GROUP_NAME_MAX),
  description,
  tenant_id: tenantId,
});

export const virtualGroupCreatedSchema = z.object({
  virtual_group_id: z.number().int(),
  message: z.string(),
  dynamic_pricing: z.object({ virtual_group_id: z.number().int() }),
});

export const virtualGroupDetailSchema = z.object({
  virtual_group_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  tenant_id: z.number().int(),
  charge_box_count: z.number().int(),
  dynamic_pricing: groupPricingAnswerSchema,
  smart_charging: z.object({ enabled: z.boolean(), smart_charging_id: z.number().int().nullable() }),
  meter_device_remote_id: z.string().nullable(),
  created_at: z.string(),
});
export type VirtualGroupDetail = z.infer<typeof virtualGroupDetailSchema>;

export const addChargersSchema = z
  .array(z.object({ virtual_group_id: id, charge_box_id: id }))
  .min(1)
  .max(1000);

export const groupEventSchema = z.object({
  description: z.string(),
  timestamp: z.string(),
  /** A station event's type, or the load manager's event kind. */
  type: z.string(),
  /** The station concerned; null for a load-manager event about the whole group. */
  charge_box_code: z.string().nullable(),
  connector_id: z.number().int().nullable(),
  /** STATION: a station's notification; SMART_CHARGING: the load manager's (with DASH_SMART_CHARGING_CREATE). */
  source: z.enum(['STATION', 'SMART_CHARGING']),
  kind: z.enum(smartChargingEventKinds).nullable(),
  /** A load-manager event's figures (a plan: who got how many amperes and why). */
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export const groupEventPageSchema = z.object({ content: z.array(groupEventSchema), totalElements: z.number().int() });

export const groupTransactionSchema = z.object({
  description: z.string(),
  timestamp: z.string(),
  transaction_id: z.number().int(),
  charge_box_code: z.string(),
  connector_id: z.number().int(),
  energy_wh: z.number().nullable(),
  stop_timestamp: z.string().nullable(),
  total: z.number().int().nullable(),
  currency: z.string(),
});
export const groupTransactionPageSchema = z.object({ content: z.array(groupTransactionSchema), totalElements: z.number().int() });

export const messageSchema = z.object({ message: z.string() });
