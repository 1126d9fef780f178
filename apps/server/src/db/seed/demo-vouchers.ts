import type { Transaction } from 'kysely';
import type { DB } from '../db';

const DAY = 86_400_000;

interface DemoVoucher {
  tenant: string;
  code: string;
  title: string;
  description: string;
  kind: 'PERCENT_RECHARGE' | 'MONEY_RECHARGE' | 'KWH_RECHARGE';
  /** MONEY minor units, KWH Wh; PERCENT a fraction. */
  value: number;
  units: number;
  /** Days from the seed. */
  startDays: number;
  expireDays: number;
  active?: boolean;
  usesPerUser?: number;
  users: string[];
  stations?: string[];
}

/**
 * Demo vouchers of each kind and of every status but USED (docs/decisions.md "Vouchers"). The
 * seed must not change the price of any recharge the tests make with the demo drivers' tags at
 * the demo stations (they check bills by hand), so: the ACTIVE ones belong to the Andes driver,
 * whose network's station has no payment configured (its recharges are priceless, so nothing is
 * used until the operator sets a price there); the Move ones are not started or expired without
 * users, or inactive. Uses, balances and history come from real billed recharges: give a Move
 * voucher to motorista@move.com.br or julia.santos@move.com.br and the simulated fleet's
 * recharges at MOVE-SP-001/002 consume it.
 */
const vouchers: DemoVoucher[] = [
  {
    tenant: 'andes',
    code: 'BIENVENIDA20',
    title: 'Bienvenida 20 %',
    description: '20 % de descuento en las recargas del primer trimestre',
    kind: 'PERCENT_RECHARGE',
    value: 0.2,
    units: 10,
    startDays: -10,
    expireDays: 80,
    users: ['conductor@andescarga.ec'],
  },
  {
    tenant: 'andes',
    code: 'CREDITO25',
    title: 'Crédito USD 25',
    description: 'Crédito prepago para recargas en Quito',
    kind: 'MONEY_RECHARGE',
    value: 25_00,
    units: 5,
    startDays: -5,
    expireDays: 60,
    users: ['conductor@andescarga.ec'],
    stations: ['ANDES-UIO-001'],
  },
  {
    tenant: 'andes',
    code: 'KWH50',
    title: '50 kWh gratis',
    description: 'Energía gratis para la flota piloto',
    kind: 'KWH_RECHARGE',
    value: 50_000,
    units: 3,
    startDays: -2,
    expireDays: 120,
    users: ['conductor@andescarga.ec'],
  },
  {
    tenant: 'move',
    code: 'VERAO2026',
    title: 'Verão 10 %',
    description: 'Campanha de verão: 10 % em até 3 recargas',
    kind: 'PERCENT_RECHARGE',
    value: 0.1,
    units: 50,
    startDays: 30,
    expireDays: 120,
    usesPerUser: 3,
    // Users chosen when it starts: a not-started campaign never prices a recharge.
    users: [],
  },
  {
    tenant: 'move',
    code: 'FROTA100',
    title: 'Crédito frota R$ 100',
    description: 'Crédito da frota de táxis (campanha encerrada)',
    kind: 'MONEY_RECHARGE',
    value: 100_00,
    units: 20,
    startDays: -90,
    expireDays: -30,
    users: [],
    stations: ['MOVE-SP-001', 'MOVE-SP-002'],
  },
  {
    tenant: 'move',
    code: 'KWH30',
    title: '30 kWh de cortesia',
    description: 'Cortesia suspensa pelo operador',
    kind: 'KWH_RECHARGE',
    value: 30_000,
    units: 5,
    startDays: -15,
    expireDays: 45,
    active: false,
    users: ['julia.santos@move.com.br'],
  },
];

/**
 * The vouchers the demo history uses (apps/server/src/demo-history.ts): its recharges of today use
 * them up — a money credit spent in one recharge, a one-use percentage — so they price no later
 * recharge. Loaded with the history only: the server tests' demo data has none of them.
 */
const historyVouchers: DemoVoucher[] = [
  {
    tenant: 'terpel',
    code: 'BIENVENIDA-TERPEL',
    title: 'Bienvenida COP 20.000',
    description: 'Crédito de bienvenida para la primera recarga',
    kind: 'MONEY_RECHARGE',
    value: 20_000_00,
    units: 1,
    startDays: -30,
    expireDays: 60,
    users: ['conductor@terpel.co'],
  },
  {
    tenant: 'move',
    code: 'BEMVINDA15',
    title: 'Primeira recarga 15 %',
    description: '15 % de desconto na primeira recarga',
    kind: 'PERCENT_RECHARGE',
    value: 0.15,
    units: 1,
    startDays: -20,
    expireDays: 40,
    usesPerUser: 1,
    users: ['julia.santos@move.com.br'],
  },
];

/** Demo vouchers (inside the demo seed transaction; tenants, users and stations exist). */
export async function seedDemoVouchers(trx: Transaction<DB>): Promise<void> {
  await insertDemoVouchers(trx, vouchers);
}

/** The vouchers the demo history's recharges use (inside the history's transaction). */
export async function seedDemoHistoryVouchers(trx: Transaction<DB>): Promise<void> {
  await insertDemoVouchers(trx, historyVouchers);
}

async function insertDemoVouchers(trx: Transaction<DB>, list: DemoVoucher[]): Promise<void> {
  const now = Date.now();
  const creator = await trx.selectFrom('users').select('user_pk').where('email', '=', 'admin@recarga.app').executeTakeFirst();
  for (const v of list) {
    const tenant = await trx.selectFrom('tenants').select('tenant_pk').where('alias', '=', v.tenant).executeTakeFirstOrThrow();
    const percent = v.kind === 'PERCENT_RECHARGE';
    const { voucher_pk } = await trx
      .insertInto('vouchers')
      .values({
        tenant_pk: tenant.tenant_pk,
        code: v.code,
        title: v.title,
        description: v.description,
        kind: v.kind,
        amount: percent ? null : v.value,
        fraction: percent ? v.value : null,
        units: v.units,
        start_at: new Date(now + v.startDays * DAY),
        expire_at: new Date(now + v.expireDays * DAY),
        active: v.active ?? true,
        expire_type: v.usesPerUser ? 'USES_PER_USER' : 'EXPIRATION_DATE',
        uses_per_user: v.usesPerUser ?? 1,
        all_charge_boxes: !v.stations?.length,
        created_by: creator?.user_pk ?? null,
      })
      .returning('voucher_pk')
      .executeTakeFirstOrThrow();
    if (v.stations?.length) {
      const boxes = await trx.selectFrom('charge_boxes').select('charge_box_pk').where('charge_box_id', 'in', v.stations).execute();
      await trx
        .insertInto('voucher_charge_boxes')
        .values(boxes.map((b) => ({ voucher_pk, charge_box_pk: b.charge_box_pk })))
        .execute();
    }
    const users = v.users.length ? await trx.selectFrom('users').select('user_pk').where('email', 'in', v.users).execute() : [];
    if (users.length)
      await trx
        .insertInto('voucher_users')
        .values(users.map((u) => ({ voucher_pk, user_pk: u.user_pk })))
        .execute();
  }
}
