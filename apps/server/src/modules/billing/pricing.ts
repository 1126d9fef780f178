/**
 * Pricing of a finished recharge. Pure functions, integer arithmetic in minor units (cents):
 * every line of the composition is rounded half-up to the minor unit once, and the total is the
 * sum of the rounded lines, so the composition always adds up exactly (docs/decisions.md).
 */

export type ChargeType = 'KWH' | 'DURATION';
export type ChargeBy = 'CHARGE_BOX' | 'CONNECTOR';
export type VoucherKind = 'PERCENT_RECHARGE' | 'MONEY_RECHARGE' | 'KWH_RECHARGE';

/** A price rule: per kWh or per minute of charging, plus a fee per recharge. Minor units. */
export interface PriceRule {
  type: ChargeType;
  perKwh: number;
  perMinute: number;
  perTransaction: number;
}

export interface Tariff {
  hasPayment: boolean;
  /** What the driver pays. */
  income: PriceRule;
  /** What the energy costs the operator (estimated cost). */
  cost: PriceRule;
  /** Tax on the income, as a fraction (0.15 = 15 %). */
  taxFraction: number;
  /** Operational fee on the energy and start fee, as a fraction (dynamic pricing). */
  operationFeeFraction: number;
  /** Price per idle minute (connector still occupied after charging ended); null = no idle price. */
  idlePerMinute: number | null;
}

export interface StationPaymentSettings {
  hasPayment: boolean;
  paymentChargeTypeCost: ChargeType;
  paymentChargeTypeIncome: ChargeType;
  paymentChargeByIncome: ChargeBy;
  moneyPerKilowattCost: number;
  moneyPerDurationCost: number;
  moneyPerTransactionCost: number;
  moneyPerKilowattIncome: number;
  moneyPerDurationIncome: number;
  moneyPerTransactionIncome: number;
  taxIncome: number;
}

export interface ConnectorPaymentSettings {
  moneyPerKilowattIncome: number | null;
  moneyPerDurationIncome: number | null;
}

/** The station's payment settings (and, when income is charged by connector, the connector's) as a tariff. */
export function tariffFromStation(station: StationPaymentSettings, connector?: ConnectorPaymentSettings): Tariff {
  const byConnector = station.paymentChargeByIncome === 'CONNECTOR' && connector;
  return {
    hasPayment: station.hasPayment,
    income: {
      type: station.paymentChargeTypeIncome,
      perKwh: byConnector ? (connector.moneyPerKilowattIncome ?? 0) : station.moneyPerKilowattIncome,
      perMinute: byConnector ? (connector.moneyPerDurationIncome ?? 0) : station.moneyPerDurationIncome,
      perTransaction: station.moneyPerTransactionIncome,
    },
    cost: {
      type: station.paymentChargeTypeCost,
      perKwh: station.moneyPerKilowattCost,
      perMinute: station.moneyPerDurationCost,
      perTransaction: station.moneyPerTransactionCost,
    },
    taxFraction: station.taxIncome,
    operationFeeFraction: 0,
    idlePerMinute: null,
  };
}

export interface Voucher {
  kind: VoucherKind;
  /** PERCENT: fraction (0.2 = 20 %); MONEY: minor units available; KWH: Wh available. */
  value: number;
}

export interface Usage {
  energyWh: number;
  durationSec: number;
  idleSec?: number;
}

export interface Composition {
  startFee: number;
  energy: number;
  operationalFee: number;
  voucherDiscount: number;
  tax: number;
  /** What the driver pays for the recharge (income), idle excluded. */
  total: number;
  /** Idle-time amount, charged as its own payment. */
  idle: number;
  /** Estimated cost of the recharge for the operator. */
  cost: number;
  /** Voucher consumed: minor units for MONEY, Wh for KWH, the discount for PERCENT. */
  voucherUsed: number;
  /** No payment configured or nothing to pay: revenue status PRICELESS. */
  priceless: boolean;
}

const PPM = 1_000_000;

/** Half-up rounding of a non-negative rational numerator/denominator to an integer. */
function roundDiv(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** amount × fraction, rounded half-up to the minor unit, with the fraction taken to 6 decimals. */
export function applyFraction(amount: number, fraction: number): number {
  const ppm = Math.round(fraction * PPM);
  return roundDiv(amount * ppm, PPM);
}

/** Amount of a price rule for the usage, before the per-transaction fee. */
export function ruleAmount(rule: PriceRule, usage: Usage): number {
  return rule.type === 'KWH'
    ? roundDiv(Math.max(0, usage.energyWh) * rule.perKwh, 1000)
    : roundDiv(Math.max(0, usage.durationSec) * rule.perMinute, 60);
}

export function priceRecharge(tariff: Tariff, usage: Usage, voucher?: Voucher): Composition {
  const cost = ruleAmount(tariff.cost, usage) + tariff.cost.perTransaction;
  const idle = tariff.idlePerMinute && usage.idleSec ? roundDiv(usage.idleSec * tariff.idlePerMinute, 60) : 0;
  if (!tariff.hasPayment) {
    return {
      startFee: 0,
      energy: 0,
      operationalFee: 0,
      voucherDiscount: 0,
      tax: 0,
      total: 0,
      idle: 0,
      cost,
      voucherUsed: 0,
      priceless: true,
    };
  }
  const startFee = tariff.income.perTransaction;
  const energy = ruleAmount(tariff.income, usage);
  const operationalFee = applyFraction(startFee + energy, tariff.operationFeeFraction);
  const subtotal = startFee + energy + operationalFee;

  let voucherDiscount = 0;
  let voucherUsed = 0;
  if (voucher && subtotal > 0) {
    if (voucher.kind === 'PERCENT_RECHARGE') {
      voucherDiscount = Math.min(subtotal, applyFraction(subtotal, voucher.value));
      voucherUsed = voucherDiscount;
    } else if (voucher.kind === 'MONEY_RECHARGE') {
      voucherDiscount = Math.min(subtotal, Math.max(0, voucher.value));
      voucherUsed = voucherDiscount;
    } else {
      // Free kWh: the energy line for the covered Wh (by the kWh income price) is discounted.
      const coveredWh = Math.min(Math.max(0, usage.energyWh), Math.max(0, voucher.value));
      const perKwh = tariff.income.type === 'KWH' ? tariff.income.perKwh : 0;
      voucherDiscount = Math.min(subtotal, roundDiv(coveredWh * perKwh, 1000));
      voucherUsed = coveredWh;
    }
  }
  const tax = applyFraction(subtotal - voucherDiscount, tariff.taxFraction);
  const total = subtotal - voucherDiscount + tax;
  return { startFee, energy, operationalFee, voucherDiscount, tax, total, idle, cost, voucherUsed, priceless: total === 0 && idle === 0 };
}
