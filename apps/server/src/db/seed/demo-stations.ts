import type { Transaction } from 'kysely';
import type { DB } from '../db';
import { seedDemoIdlePricing, seedDemoWallets } from './demo-billing';

/**
 * Demo stations, connectors, groups and tags. Ids are stable: the simulator fleet started by
 * `npm start` connects as the first N of `demoStationIds()` and presents `demoIdTags(id)`.
 */

type ConnectorType = 'Type 1' | 'Type 2' | 'Tesla' | 'CCS Type 1' | 'CCS Type 2' | 'CHAdeMO' | 'GB/T' | 'Plug NBR';

interface DemoStation {
  id: string;
  tenant: 'sol' | 'move' | 'terpel' | 'andes';
  description: string;
  group?: string;
  typeOf?: 'PUBLIC' | 'PRIVATE';
  address: { street: string; houseNumber: string; zipCode: string; city: string; state: string; country: string };
  lat: number;
  lon: number;
  connectors: { type: ConnectorType; powerMax: number }[];
  /** Money in minor units: per kWh / per minute / per recharge; tax as a fraction. */
  payment?: {
    chargeTypeIncome: 'KWH' | 'DURATION';
    perKwhIncome?: number;
    perMinuteIncome?: number;
    perRechargeIncome?: number;
    perKwhCost?: number;
    taxIncome?: number;
    byConnector?: boolean;
  };
  openHours?: { open: string; close: string };
  /** A private station's access list (e-mails): owners, and users whose access is accepted. */
  access?: { owners: string[]; users: string[] };
}

const stations: DemoStation[] = [
  {
    id: 'MOVE-SP-001',
    tenant: 'move',
    description: 'Move Paulista - Conjunto Nacional',
    group: 'Move São Paulo',
    address: { street: 'Avenida Paulista', houseNumber: '2073', zipCode: '01311-300', city: 'São Paulo', state: 'SP', country: 'BR' },
    lat: -23.557745,
    lon: -46.660962,
    connectors: [
      { type: 'Type 2', powerMax: 22000 },
      { type: 'Type 2', powerMax: 22000 },
    ],
    payment: { chargeTypeIncome: 'KWH', perKwhIncome: 199, perRechargeIncome: 300, perKwhCost: 89, taxIncome: 0.05 },
  },
  {
    id: 'MOVE-SP-002',
    tenant: 'move',
    description: 'Move Shopping Eldorado',
    group: 'Move São Paulo',
    address: { street: 'Avenida Rebouças', houseNumber: '3970', zipCode: '05402-600', city: 'São Paulo', state: 'SP', country: 'BR' },
    lat: -23.572621,
    lon: -46.696355,
    connectors: [
      { type: 'CCS Type 2', powerMax: 60000 },
      { type: 'CHAdeMO', powerMax: 50000 },
      { type: 'Type 2', powerMax: 22000 },
    ],
    payment: { chargeTypeIncome: 'KWH', perKwhIncome: 249, perKwhCost: 95, taxIncome: 0.05, byConnector: true },
    openHours: { open: '10:00:00', close: '22:00:00' },
  },
  {
    id: 'MOVE-RJ-001',
    tenant: 'move',
    description: 'Move Copacabana - Avenida Atlântica',
    address: { street: 'Avenida Atlântica', houseNumber: '1702', zipCode: '22021-001', city: 'Rio de Janeiro', state: 'RJ', country: 'BR' },
    lat: -22.967972,
    lon: -43.180161,
    connectors: [
      { type: 'Type 2', powerMax: 7400 },
      { type: 'Type 2', powerMax: 7400 },
    ],
    payment: { chargeTypeIncome: 'DURATION', perMinuteIncome: 50, perRechargeIncome: 200, taxIncome: 0.05 },
  },
  {
    id: 'SOL-BH-001',
    tenant: 'sol',
    description: 'Sol Praça da Liberdade',
    address: { street: 'Praça da Liberdade', houseNumber: '450', zipCode: '30140-010', city: 'Belo Horizonte', state: 'MG', country: 'BR' },
    lat: -19.932043,
    lon: -43.938035,
    connectors: [
      { type: 'CCS Type 2', powerMax: 120000 },
      { type: 'Type 2', powerMax: 22000 },
    ],
    payment: { chargeTypeIncome: 'KWH', perKwhIncome: 229, taxIncome: 0.05 },
  },
  {
    id: 'TERPEL-BOG-001',
    tenant: 'terpel',
    description: 'Terpel Voltex Calle 100',
    group: 'Terpel Bogotá',
    address: { street: 'Calle 100', houseNumber: '19-61', zipCode: '110111', city: 'Bogotá', state: 'Cundinamarca', country: 'CO' },
    lat: 4.684876,
    lon: -74.046826,
    connectors: [
      { type: 'CCS Type 1', powerMax: 60000 },
      { type: 'Type 2', powerMax: 22000 },
    ],
    payment: { chargeTypeIncome: 'KWH', perKwhIncome: 1_350_00, taxIncome: 0.19 },
  },
  {
    id: 'ANDES-UIO-001',
    tenant: 'andes',
    description: 'Andes Carga La Carolina',
    address: { street: 'Avenida Amazonas N34', houseNumber: '311', zipCode: '170135', city: 'Quito', state: 'Pichincha', country: 'EC' },
    lat: -0.180653,
    lon: -78.484711,
    connectors: [
      { type: 'Type 1', powerMax: 7400 },
      { type: 'CCS Type 1', powerMax: 50000 },
    ],
  },
  {
    id: 'MOVE-CWB-001',
    tenant: 'move',
    description: 'Move Curitiba - Rua XV de Novembro',
    address: { street: 'Rua XV de Novembro', houseNumber: '700', zipCode: '80020-310', city: 'Curitiba', state: 'PR', country: 'BR' },
    lat: -25.430054,
    lon: -49.269287,
    connectors: [{ type: 'Type 2', powerMax: 11000 }],
  },
  {
    id: 'MOVE-SP-003',
    tenant: 'move',
    description: 'Garagem Residencial Jardins (privada)',
    typeOf: 'PRIVATE',
    access: { owners: ['dono@move.com.br'], users: ['motorista@move.com.br', 'julia.santos@move.com.br'] },
    address: { street: 'Rua Oscar Freire', houseNumber: '900', zipCode: '01426-001', city: 'São Paulo', state: 'SP', country: 'BR' },
    lat: -23.563461,
    lon: -46.670523,
    connectors: [{ type: 'Type 2', powerMax: 7400 }],
  },
  {
    id: 'TERPEL-BOG-002',
    tenant: 'terpel',
    description: 'Terpel Autopista Norte Calle 127',
    group: 'Terpel Bogotá',
    address: {
      street: 'Autopista Norte # 127',
      houseNumber: '50',
      zipCode: '110121',
      city: 'Bogotá',
      state: 'Cundinamarca',
      country: 'CO',
    },
    lat: 4.703998,
    lon: -74.053472,
    connectors: [
      { type: 'CCS Type 1', powerMax: 150000 },
      { type: 'CHAdeMO', powerMax: 50000 },
      { type: 'Type 2', powerMax: 22000 },
    ],
    payment: { chargeTypeIncome: 'KWH', perKwhIncome: 1_450_00, taxIncome: 0.19 },
  },
  {
    id: 'TERPEL-MDE-001',
    tenant: 'terpel',
    description: 'Terpel El Poblado',
    address: { street: 'Carrera 43A', houseNumber: '1-50', zipCode: '050021', city: 'Medellín', state: 'Antioquia', country: 'CO' },
    lat: 6.208532,
    lon: -75.567852,
    connectors: [
      { type: 'Type 2', powerMax: 22000 },
      { type: 'CCS Type 2', powerMax: 60000 },
    ],
  },
  {
    id: 'SOL-RJ-001',
    tenant: 'sol',
    description: 'Sol Barra da Tijuca',
    address: {
      street: 'Avenida das Américas',
      houseNumber: '4666',
      zipCode: '22640-102',
      city: 'Rio de Janeiro',
      state: 'RJ',
      country: 'BR',
    },
    lat: -23.000312,
    lon: -43.354778,
    connectors: [
      { type: 'Type 2', powerMax: 22000 },
      { type: 'Plug NBR', powerMax: 3500 },
    ],
  },
];

const groups: {
  name: string;
  tenant: DemoStation['tenant'];
  externalId: string;
  address: DemoStation['address'];
  lat: number;
  lon: number;
}[] = [
  {
    name: 'Move São Paulo',
    tenant: 'move',
    externalId: 'MOVE-SP',
    address: { street: 'Avenida Paulista', houseNumber: '1000', zipCode: '01310-100', city: 'São Paulo', state: 'SP', country: 'BR' },
    lat: -23.563987,
    lon: -46.652976,
  },
  {
    name: 'Terpel Bogotá',
    tenant: 'terpel',
    externalId: 'TERPEL-BOG',
    address: { street: 'Carrera 7', houseNumber: '71-21', zipCode: '110231', city: 'Bogotá', state: 'Cundinamarca', country: 'CO' },
    lat: 4.655863,
    lon: -74.055756,
  },
];

/** Driver tags (type USER), one per demo driver, and a few cards (CARD). */
const driverTags: { email: string; idTag: string }[] = [
  { email: 'motorista@move.com.br', idTag: '04A1B2C3D4' },
  { email: 'julia.santos@move.com.br', idTag: '04B2C3D4E5' },
  { email: 'pedro.lima@sol.com.br', idTag: '04C3D4E5F6' },
  { email: 'conductor@terpel.co', idTag: '04D4E5F6A7' },
  { email: 'conductor@andescarga.ec', idTag: '04E5F6A7B8' },
];

const cardTags: {
  tenant: DemoStation['tenant'];
  idTag: string;
  note: string;
  inactive?: boolean;
  expired?: boolean;
  parent?: string;
  free?: boolean;
}[] = [
  { tenant: 'move', idTag: '1A2B3C4D', note: 'Cartão frota Move (táxis)' },
  { tenant: 'move', idTag: '1A2B3C4E', note: 'Cartão frota Move - motorista 2', parent: '1A2B3C4D' },
  { tenant: 'move', idTag: '5E6F7A8B', note: 'Cartão de cortesia (recarga gratuita)', free: true },
  { tenant: 'sol', idTag: '9C0D1E2F', note: 'Cartão bloqueado (perdido)', inactive: true },
  { tenant: 'terpel', idTag: '3A4B5C6D', note: 'Tarjeta flota Terpel' },
  { tenant: 'andes', idTag: '7E8F9A0B', note: 'Tarjeta vencida', expired: true },
];

/** Stable ids of the demo stations, in the order the simulator fleet takes them. */
export function demoStationIds(): string[] {
  return stations.map((s) => s.id);
}

/** What the demo history needs of a station: its network, connectors' power, opening hours and privacy. */
export interface DemoStationProfile {
  id: string;
  tenant: DemoStation['tenant'];
  /** Watts, by connector id (1-based: index + 1). */
  connectorPowers: number[];
  openHours?: { open: string; close: string };
  private: boolean;
  priced: boolean;
}

/** Every demo station as the demo history sees it (db/seed/demo-history-plan.ts). */
export function demoStationProfiles(): DemoStationProfile[] {
  return stations.map((s) => ({
    id: s.id,
    tenant: s.tenant,
    connectorPowers: s.connectors.map((c) => c.powerMax),
    openHours: s.openHours,
    private: s.typeOf === 'PRIVATE',
    priced: Boolean(s.payment),
  }));
}

/** Connector count of a demo station (for the simulator fleet). */
export function demoConnectorCount(chargeBoxId: string): number {
  return stations.find((s) => s.id === chargeBoxId)?.connectors.length ?? 2;
}

const tenantTree: Record<DemoStation['tenant'], DemoStation['tenant'][]> = {
  // Tags work at stations of their tenant, its ancestors and descendants (ocpp/authorization.ts).
  sol: ['sol', 'move'],
  move: ['move', 'sol'],
  terpel: ['terpel'],
  andes: ['andes'],
};

/**
 * Usable demo tag ids (not blocked or expired). With a station id: only the tags accepted at that
 * station (same tenant line), so a simulated driver is never refused for belonging elsewhere.
 */
export function demoIdTags(chargeBoxId?: string): string[] {
  const station = chargeBoxId ? stations.find((s) => s.id === chargeBoxId) : undefined;
  const fits = (tenant: DemoStation['tenant']) => !station || tenantTree[station.tenant].includes(tenant);
  // A private station charges only for the users on its access list (cards without a user never).
  if (station?.access) {
    const allowed = new Set([...station.access.owners, ...station.access.users]);
    return driverTags.filter((d) => allowed.has(d.email)).map((d) => d.idTag);
  }
  const driverTenant: Record<string, DemoStation['tenant']> = {
    'motorista@move.com.br': 'move',
    'julia.santos@move.com.br': 'move',
    'pedro.lima@sol.com.br': 'sol',
    'conductor@terpel.co': 'terpel',
    'conductor@andescarga.ec': 'andes',
  };
  return [
    ...driverTags.filter((d) => fits(driverTenant[d.email]!)).map((d) => d.idTag),
    ...cardTags.filter((c) => !c.inactive && !c.expired && fits(c.tenant)).map((c) => c.idTag),
  ];
}

/** Demo stations, connectors, groups and tags (inside the demo seed transaction; tenants and users exist). */
export async function seedDemoStations(trx: Transaction<DB>): Promise<void> {
  const tenantRows = await trx
    .selectFrom('tenants')
    .select(['tenant_pk', 'alias'])
    .where('alias', 'in', ['sol', 'move', 'terpel', 'andes'])
    .execute();
  const tenantPk = new Map(tenantRows.map((t) => [t.alias, t.tenant_pk]));
  const tenantOf = (alias: string) => {
    const pk = tenantPk.get(alias);
    if (pk === undefined) throw new Error(`demo tenant ${alias} is missing`);
    return pk;
  };
  const typeRows = await trx.selectFrom('connector_types').select(['connector_type_pk', 'name']).execute();
  const typePk = new Map(typeRows.map((t) => [t.name, t.connector_type_pk]));

  const groupPk = new Map<string, number>();
  for (const g of groups) {
    const row = await trx
      .insertInto('station_groups')
      .values({
        tenant_pk: tenantOf(g.tenant),
        name: g.name,
        external_id: g.externalId,
        street: g.address.street,
        house_number: g.address.houseNumber,
        zip_code: g.address.zipCode,
        city: g.address.city,
        state: g.address.state,
        country: g.address.country,
        location_latitude: g.lat,
        location_longitude: g.lon,
      })
      .returning('charge_box_group_pk')
      .executeTakeFirstOrThrow();
    groupPk.set(g.name, row.charge_box_group_pk);
  }

  for (const s of stations) {
    const p = s.payment;
    const row = await trx
      .insertInto('charge_boxes')
      .values({
        charge_box_id: s.id,
        tenant_pk: tenantOf(s.tenant),
        description: s.description,
        external_id: null,
        endpoint_address: null,
        type_of: s.typeOf ?? 'PUBLIC',
        street: s.address.street,
        house_number: s.address.houseNumber,
        zip_code: s.address.zipCode,
        city: s.address.city,
        state: s.address.state,
        country: s.address.country,
        location_latitude: s.lat,
        location_longitude: s.lon,
        charge_box_group_pk: s.group ? groupPk.get(s.group)! : null,
        is_open_24h: !s.openHours,
        open_time: s.openHours?.open ?? null,
        close_time: s.openHours?.close ?? null,
        device_reader_mac: null,
        ocpp_protocol: null,
        registration_status: null,
        ocpp_password_hash: null,
        has_payment: Boolean(p),
        payment_charge_type_income: p?.chargeTypeIncome ?? 'KWH',
        payment_charge_by_income: p?.byConnector ? 'CONNECTOR' : 'CHARGE_BOX',
        money_per_kilowatt_income: p?.perKwhIncome ?? 0,
        money_per_duration_income: p?.perMinuteIncome ?? 0,
        money_per_transaction_income: p?.perRechargeIncome ?? 0,
        money_per_kilowatt_cost: p?.perKwhCost ?? 0,
        tax_income: p?.taxIncome ?? 0,
        system: s.connectors.some((c) => c.powerMax >= 11000) ? 'THREE_PHASE' : 'SINGLE_PHASE',
        phase: s.connectors.some((c) => c.powerMax >= 11000) ? 'ABC' : 'A',
        voltage: s.connectors.some((c) => c.powerMax >= 11000) ? 380 : 220,
        charging_rate_unit: 'W',
        charge_point_vendor: null,
        charge_point_model: null,
        charge_point_serial_number: null,
        charge_box_serial_number: null,
        fw_version: null,
        iccid: null,
        imsi: null,
        meter_type: null,
        meter_serial_number: null,
        last_heartbeat_timestamp: null,
        last_boot_timestamp: null,
        diagnostics_status: null,
        diagnostics_timestamp: null,
        firmware_status: null,
        firmware_timestamp: null,
        deleted_at: null,
      })
      .returning('charge_box_pk')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('connectors')
      .values(
        s.connectors.map((c, i) => ({
          charge_box_pk: row.charge_box_pk,
          connector_id: i + 1,
          connector_type_pk: typePk.get(c.type)!,
          power_max: c.powerMax,
          // Per-connector income (stations charging by CONNECTOR): DC connectors cost more.
          money_per_kilowatt_income: p?.byConnector ? (c.powerMax >= 50000 ? 279 : 219) : null,
          money_per_duration_income: null,
          unusual_status: null,
        })),
      )
      .execute();
  }

  const drivers = await trx
    .selectFrom('users')
    .select(['user_pk', 'email', 'tenant_pk'])
    .where('role_label', '=', 'driver')
    .where(
      'email',
      'in',
      driverTags.map((d) => d.email),
    )
    .execute();
  for (const d of driverTags) {
    const user = drivers.find((u) => u.email === d.email);
    if (!user) continue;
    await trx
      .insertInto('ocpp_tags')
      .values({
        tenant_pk: user.tenant_pk,
        id_tag: d.idTag,
        type: 'USER',
        note: null,
        parent_id_tag: null,
        owner_user_pk: user.user_pk,
        expiry_date: null,
      })
      .execute();
  }
  for (const c of cardTags) {
    await trx
      .insertInto('ocpp_tags')
      .values({
        tenant_pk: tenantOf(c.tenant),
        id_tag: c.idTag,
        type: 'CARD',
        note: c.note,
        parent_id_tag: c.parent ?? null,
        owner_user_pk: null,
        expiry_date: c.expired ? new Date('2025-12-31T23:59:59Z') : null,
        inactive: c.inactive ?? false,
        is_free_recharge: c.free ?? false,
        // A fleet card may run two charges at once.
        max_active_transaction_count: c.parent === undefined && c.note.includes('frota') ? 2 : 1,
      })
      .execute();
  }
  for (const s of stations) {
    if (!s.access) continue;
    const station = await trx
      .selectFrom('charge_boxes')
      .select('charge_box_pk')
      .where('charge_box_id', '=', s.id)
      .executeTakeFirstOrThrow();
    const members = [
      ...s.access.owners.map((email) => ({ email, owner: true })),
      ...s.access.users.map((email) => ({ email, owner: false })),
    ];
    for (const m of members) {
      const user = await trx.selectFrom('users').select('user_pk').where('email', '=', m.email).executeTakeFirstOrThrow();
      await trx
        .insertInto('station_user_bindings')
        .values({ charge_box_pk: station.charge_box_pk, user_pk: user.user_pk, owner: m.owner, bind_status: 'ACCEPTED' })
        .execute();
    }
  }
  await seedDemoWallets(trx);
  await seedDemoIdlePricing(trx);
}
