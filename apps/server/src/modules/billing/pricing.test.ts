import { describe, expect, it } from 'vitest';
import { applyFraction, priceRecharge, tariffFromStation, type StationPaymentSettings, type Tariff } from './pricing';

const station = (over: Partial<StationPaymentSettings> = {}): StationPaymentSettings => ({
  hasPayment: true,
  paymentChargeTypeCost: 'KWH',
  paymentChargeTypeIncome: 'KWH',
  paymentChargeByIncome: 'CHARGE_BOX',
  moneyPerKilowattCost: 80, // R$ 0,80 / kWh
  moneyPerDurationCost: 0,
  moneyPerTransactionCost: 0,
  moneyPerKilowattIncome: 199, // R$ 1,99 / kWh
  moneyPerDurationIncome: 0,
  moneyPerTransactionIncome: 0,
  taxIncome: 0,
  ...over,
});

describe('pricing a recharge', () => {
  it('by kWh, 12.345 kWh at R$ 1,99, costs R$ 24,57 (2456.655 cents rounded half-up)', () => {
    const c = priceRecharge(tariffFromStation(station()), { energyWh: 12_345, durationSec: 3600 });
    expect(c.energy).toBe(2457);
    expect(c.total).toBe(2457);
    expect(c.cost).toBe(988); // 12.345 × 80 = 987.6 → 988
    expect(c.priceless).toBe(false);
  });

  it('by duration, 95 minutes 30 seconds at R$ 0,50 per minute, plus R$ 3,00 start fee', () => {
    const t = tariffFromStation(
      station({ paymentChargeTypeIncome: 'DURATION', moneyPerDurationIncome: 50, moneyPerTransactionIncome: 300 }),
    );
    const c = priceRecharge(t, { energyWh: 20_000, durationSec: 95 * 60 + 30 });
    expect(c.startFee).toBe(300);
    expect(c.energy).toBe(4775); // 95.5 × 50
    expect(c.total).toBe(5075);
  });

  it('with 15 % tax, the tax is on the subtotal and the lines add up to the total', () => {
    const t = tariffFromStation(station({ moneyPerTransactionIncome: 150, taxIncome: 0.15 }));
    const c = priceRecharge(t, { energyWh: 10_003, durationSec: 1800 });
    // energy 10.003 × 199 = 1990.597 → 1991; subtotal 2141; tax 321.15 → 321
    expect(c.energy).toBe(1991);
    expect(c.tax).toBe(321);
    expect(c.total).toBe(2462);
    expect(c.startFee + c.energy + c.operationalFee - c.voucherDiscount + c.tax).toBe(c.total);
  });

  it('charged by connector, the connector income price replaces the station one', () => {
    const t = tariffFromStation(station({ paymentChargeByIncome: 'CONNECTOR' }), {
      moneyPerKilowattIncome: 249,
      moneyPerDurationIncome: null,
    });
    expect(priceRecharge(t, { energyWh: 2000, durationSec: 600 }).energy).toBe(498);
  });

  it('charged by charge box, a connector price is ignored', () => {
    const t = tariffFromStation(station(), { moneyPerKilowattIncome: 249, moneyPerDurationIncome: null });
    expect(priceRecharge(t, { energyWh: 2000, durationSec: 600 }).energy).toBe(398);
  });

  it('a station without payment is PRICELESS whatever the energy', () => {
    const c = priceRecharge(tariffFromStation(station({ hasPayment: false })), { energyWh: 50_000, durationSec: 7200 });
    expect(c).toMatchObject({ total: 0, priceless: true });
    expect(c.cost).toBe(4000);
  });

  it('a station with payment but zero prices is PRICELESS', () => {
    const c = priceRecharge(tariffFromStation(station({ moneyPerKilowattIncome: 0 })), { energyWh: 50_000, durationSec: 7200 });
    expect(c.priceless).toBe(true);
  });

  it('half a cent rounds up, just under half rounds down', () => {
    expect(applyFraction(1005, 0.1)).toBe(101); // 100.5
    expect(applyFraction(1004, 0.1)).toBe(100); // 100.4
    expect(applyFraction(1000, 0.145)).toBe(145);
    expect(applyFraction(333, 0.15)).toBe(50); // 49.95
  });

  it('an operational fee applies to start fee and energy before tax', () => {
    const t: Tariff = { ...tariffFromStation(station({ moneyPerTransactionIncome: 100, taxIncome: 0.1 })), operationFeeFraction: 0.05 };
    const c = priceRecharge(t, { energyWh: 10_000, durationSec: 600 });
    // energy 1990, start 100, fee 5 % of 2090 = 104.5 → 105, subtotal 2195, tax 219.5 → 220
    expect(c).toMatchObject({ energy: 1990, operationalFee: 105, tax: 220, total: 2415 });
  });

  it('a percent voucher discounts before tax', () => {
    const t = tariffFromStation(station({ taxIncome: 0.1 }));
    const c = priceRecharge(t, { energyWh: 10_000, durationSec: 600 }, { kind: 'PERCENT_RECHARGE', value: 0.2 });
    expect(c).toMatchObject({ energy: 1990, voucherDiscount: 398, tax: 159, total: 1751 });
  });

  it('a money voucher never discounts more than the recharge', () => {
    const c = priceRecharge(tariffFromStation(station()), { energyWh: 1000, durationSec: 60 }, { kind: 'MONEY_RECHARGE', value: 10_000 });
    expect(c).toMatchObject({ voucherDiscount: 199, total: 0, voucherUsed: 199 });
  });

  it('a kWh voucher covers its Wh at the kWh price', () => {
    const c = priceRecharge(tariffFromStation(station()), { energyWh: 15_000, durationSec: 60 }, { kind: 'KWH_RECHARGE', value: 10_000 });
    expect(c).toMatchObject({ energy: 2985, voucherDiscount: 1990, total: 995, voucherUsed: 10_000 });
  });

  it('idle minutes with an idle price give an idle amount apart from the total', () => {
    const t: Tariff = { ...tariffFromStation(station()), idlePerMinute: 100 };
    const c = priceRecharge(t, { energyWh: 1000, durationSec: 600, idleSec: 25 * 60 + 30 });
    expect(c.idle).toBe(2550);
    expect(c.total).toBe(199);
  });
});
