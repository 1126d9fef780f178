import { describe, expect, it } from 'vitest';
import { formatPower, kwToW, powerOptionsFor, wToKw } from './power';

const normalise = (text: string) => text.replace(/\s/g, ' ');

describe('power options by system and voltage', () => {
  it('offers only 3500 and 7400 W, when the station is single or two phase', () => {
    expect(powerOptionsFor('SINGLE_PHASE', 220)).toEqual([3500, 7400]);
    expect(powerOptionsFor('TWO_PHASE', 220)).toEqual([3500, 7400]);
  });

  it('offers 11000 W or more, when three phase at 380 V, and only 11000 W at 220 V', () => {
    expect(powerOptionsFor('THREE_PHASE', 380)).toEqual([11000, 22000, 30000, 40000, 60000, 90000, 120000, 150000, 180000]);
    expect(powerOptionsFor('THREE_PHASE', 220)).toEqual([11000]);
  });

  it('offers the whole rated list, when no system is set', () => {
    expect(powerOptionsFor(null, null)).toHaveLength(11);
  });
});

describe('kW and W', () => {
  it('sends a free kW entry in W, and shows W back in kW', () => {
    expect(kwToW(7.4)).toBe(7400);
    expect(kwToW(22)).toBe(22000);
    expect(kwToW(0.0015)).toBe(2);
    expect(wToKw(7400)).toBe(7.4);
    expect(wToKw(150000)).toBe(150);
  });

  it('shows Power Max over 1000 W in kW and smaller values in W', () => {
    expect(normalise(formatPower(22000, 'pt-BR'))).toBe('22 kW');
    expect(normalise(formatPower(7400, 'pt-BR'))).toBe('7,4 kW');
    expect(normalise(formatPower(1000, 'pt-BR'))).toBe('1.000 W');
    expect(normalise(formatPower(800, 'pt-BR'))).toBe('800 W');
    expect(formatPower(null, 'pt-BR')).toBe('');
  });
});
