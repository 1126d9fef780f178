/**
 * Limits and server texts of the virtual-group screens (002 §5, §9), without zod: the contract
 * (`@recarga/contracts/virtual-groups`) builds its schemas with zod, which the screens keep out of
 * their bundle. limits.test.ts holds these to the contract's values.
 */

/** Name of a configuration: up to 30 characters. */
export const GROUP_NAME_MAX = 30;
/** Description: up to 50 characters. */
export const GROUP_DESCRIPTION_MAX = 50;
/** Lists and charger pickers: 10 a page (pages are zero-based at the gateway). */
export const GROUP_PAGE_SIZE = 10;
/** The overview's latest events and latest recharges: 4 each. */
export const OVERVIEW_ITEMS = 4;

/** Server texts the screens recognise to word them per language. */
export const serverTexts = {
  /** 409 fields.charge_boxs: this prefix, then `CODE (group name)` items joined by ', '. */
  chargerInOtherGroup: 'This charger already belongs to another configuration:',
  /** 400 fields.charge_boxs: this prefix, then charger keys joined by ', '. */
  chargerNotFound: 'Charger not found in your networks:',
  /** 400 fields.name and fields.description (002 §5). */
  nameRequired: 'O nome da configuração é um campo obrigatório',
  editNameRequired: 'O nome do grupo é um campo obrigatório',
  descriptionRequired: 'A descrição é um campo obrigatório',
  /** 400 fields.connectorN_dynamic_pricing_id. */
  profileRequired: 'Selecione um perfil de precificação',
  profileNotFound: 'Pricing profile not found in this network.',
} as const;
