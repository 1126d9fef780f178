import { describe, expect, it } from 'vitest';
import { CODE_PATTERN, digitsValue, fieldMessageName, kindValueError, normaliseCode, unitsError } from './voucher-rules';

describe('kindValueError', () => {
  it('asks for a value, when none is typed', () => {
    expect(kindValueError('MONEY_RECHARGE', null, 'BRL')).toBe('valueRequired');
    expect(kindValueError(undefined, undefined, 'BRL')).toBe('valueRequired');
  });
  it('refuses zero, whatever the kind', () => {
    expect(kindValueError('PERCENT_RECHARGE', 0, 'BRL')).toBe('valueZero');
  });
  it('caps money at R$ 1.000,00 (100000 cents), kWh at 1000 and percent at 100', () => {
    expect(kindValueError('MONEY_RECHARGE', 100_000, 'BRL')).toBeNull();
    expect(kindValueError('MONEY_RECHARGE', 100_001, 'BRL')).toBe('valueMoneyMax');
    expect(kindValueError('KWH_RECHARGE', 1000, 'BRL')).toBeNull();
    expect(kindValueError('KWH_RECHARGE', 1001, 'BRL')).toBe('valueKwhMax');
    expect(kindValueError('PERCENT_RECHARGE', 100, 'BRL')).toBeNull();
    expect(kindValueError('PERCENT_RECHARGE', 101, 'BRL')).toBe('valuePercentMax');
  });
  it('caps a peso network’s money at COP 1.000.000,00 (100000000 cents)', () => {
    expect(kindValueError('MONEY_RECHARGE', 100_000_000, 'COP')).toBeNull();
    expect(kindValueError('MONEY_RECHARGE', 100_000_001, 'COP')).toBe('valueMoneyMax');
  });
});

describe('unitsError', () => {
  it('asks for units, refuses zero and more than 1000', () => {
    expect(unitsError(null, 0, null)).toBe('unitsRequired');
    expect(unitsError(0, 0, null)).toBe('unitsZero');
    expect(unitsError(1001, 0, null)).toBe('unitsMax');
    expect(unitsError(1000, 0, null)).toBeNull();
  });
  it('refuses fewer units than users chosen, when users were chosen', () => {
    expect(unitsError(1, 2, null)).toBe('unitsBelowUsers');
    expect(unitsError(2, 2, null)).toBeNull();
  });
  it('refuses fewer units than registered, when editing', () => {
    expect(unitsError(4, 0, 5)).toBe('unitsBelowOriginal');
    expect(unitsError(5, 0, 5)).toBeNull();
  });
});

describe('typed values', () => {
  it('keeps only digits, up to the field length', () => {
    expect(digitsValue('R$ 1,505', 7)).toBe(1505);
    expect(digitsValue('12a3', 4)).toBe(123);
    expect(digitsValue('12345', 4)).toBe(1234);
    expect(digitsValue('', 4)).toBeNull();
  });
  it('uppercases the code as it is typed and accepts letters, digits, hyphen and underscore', () => {
    expect(normaliseCode('bem-vindo_10')).toBe('BEM-VINDO_10');
    expect(CODE_PATTERN.test('BEM-VINDO_10')).toBe(true);
    expect(CODE_PATTERN.test('BEM VINDO')).toBe(false);
  });
  it('reads the contract’s message keys and leaves plain texts alone', () => {
    expect(fieldMessageName('vouchers.codeTaken')).toBe('codeTaken');
    expect(fieldMessageName('Expected number')).toBeNull();
  });
});
