import { z } from 'zod';

/** The OpenAPI tags: one per business area; every documented route carries exactly one. */
export const apiTags = [
  { name: 'Auth', description: 'Sign-in, sign-out, password recovery and the captcha challenge' },
  { name: 'Tenants', description: 'The tenants in the caller’s scope' },
  { name: 'Users', description: 'The user form: profile, address, tags, user groups and limits' },
  { name: 'Notifications', description: 'Station alerts' },
  { name: 'Address lookup', description: 'Postal-code (CEP) lookup and geocoding for address forms' },
  { name: 'Stations', description: 'Charge points: list, map, form, connectors, photos and QR codes' },
  { name: 'Station reports', description: 'Station spreadsheets and assessment reports' },
  { name: 'Station groups', description: 'Groups of charge points' },
  { name: 'Tags', description: 'RFID tags and the unknown tags stations presented' },
  { name: 'Station graphs', description: 'Charts of the station dashboard' },
  { name: 'Plug share', description: 'Third-party charge points imported from PlugShare' },
  { name: 'Transactions', description: 'Recharges: list, detail, payment confirmation, checkout and spreadsheets' },
  { name: 'Payments', description: 'Payment methods and payment providers’ notifications' },
  { name: 'Financial', description: 'Financial movements: recharges and deposits, summary, refunds, invoice resends (gateway)' },
  { name: 'Invoices', description: 'Electronic invoices (NF-e) of recharges' },
  { name: 'Stats', description: 'Home dashboard totals' },
  { name: 'Operations', description: 'Remote OCPP commands as tasks, the task history and charging profiles' },
  { name: 'Dynamic pricing', description: 'Pricing profiles: weekday rules, time windows, exceptions and their versions' },
  { name: 'Virtual groups', description: 'Advanced settings: chargers under one pricing setting (gateway)' },
  { name: 'Smart charging', description: 'Load management of a virtual group: the record, its meter and link, the control loop’s plan' },
  { name: 'Meters', description: 'Smart charging meters: registration, device readings (HTTP, MQTT), latest reading, series' },
  { name: 'Vouchers', description: 'Prepaid recharge credits: list, detail, activity history, create and update' },
  { name: 'Logs', description: 'The per-tenant operational log: a day’s lines as text or a .txt download' },
  { name: 'Support', description: 'Support mail and the public contact form' },
  { name: 'Push notifications', description: 'Push notifications to the network’s app users' },
  {
    name: 'Tenant settings',
    description: 'A network’s own settings (/config): brand, logo, contact, QR token, push account, CO₂, operation; audited',
  },
  {
    name: 'Tenant administration',
    description: 'Networks below the caller’s (/admin): hierarchy, plan limits, modules, host names; audited',
  },
] as const;
export type ApiTag = (typeof apiTags)[number]['name'];

/**
 * The success answer of a route that sends a file (a stream or a buffer), for its
 * `schema.response`: documents the media type without a serializer touching the bytes.
 */
export function fileAnswer(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: z.unknown().meta({ type: 'string', format: 'binary' }) } } };
}
