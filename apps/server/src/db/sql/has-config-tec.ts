import { sql } from 'kysely';

/**
 * `has_config_tec` (002 §3 Charger row): the station's technical settings — system, voltage and
 * charging rate unit — are filled, so the load manager knows its phases and rating. Over the
 * `charge_boxes` row aliased `cb`. One definition for the group pickers and smart charging's rule.
 */
export const hasConfigTec = sql<boolean>`(cb.system is not null and cb.voltage is not null and cb.charging_rate_unit is not null)`;
