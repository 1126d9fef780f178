import { describe, expect, it } from 'vitest';
import {
  labelFrom,
  labelsOf,
  matchesText,
  rememberLabels,
  selectedPks,
  stationLabel,
  toStationOption,
  unlabelled,
  type StationLabels,
} from './station-labels';

const paulista = { chargeBoxPk: 11, chargeBoxId: 'MOVE-SP-001', label: 'Estação Paulista (MOVE-SP-001)' };
const copacabana = { chargeBoxPk: 12, chargeBoxId: 'MOVE-RJ-001', label: 'Copacabana (MOVE-RJ-001)' };

describe('station labels', () => {
  it('stationLabel, when the station has a name: the name with the ChargeBox ID in brackets', () => {
    expect(stationLabel({ chargeBoxId: 'MOVE-SP-001', description: 'Estação Paulista' })).toBe('Estação Paulista (MOVE-SP-001)');
  });

  it('stationLabel, when the name is missing, blank or only the ID again: the ChargeBox ID alone', () => {
    expect(stationLabel({ chargeBoxId: 'SOL-BH-001', description: null })).toBe('SOL-BH-001');
    expect(stationLabel({ chargeBoxId: 'SOL-BH-001', description: '  ' })).toBe('SOL-BH-001');
    expect(stationLabel({ chargeBoxId: 'SOL-BH-001', description: undefined })).toBe('SOL-BH-001');
    // The voucher's charge_boxes[].name is the ID when the station has no name.
    expect(stationLabel({ chargeBoxId: 'SOL-BH-001', description: 'SOL-BH-001' })).toBe('SOL-BH-001');
  });

  it('toStationOption, when given a list item: its pk, its ID and its label', () => {
    expect(toStationOption({ chargeBoxPk: 11, chargeBoxId: 'MOVE-SP-001', description: 'Estação Paulista' })).toEqual(paulista);
  });

  it('selectedPks, when single, multiple or empty: always a list', () => {
    expect(selectedPks(7)).toEqual([7]);
    expect(selectedPks([7, 9])).toEqual([7, 9]);
    expect(selectedPks(undefined)).toEqual([]);
    expect(selectedPks(null)).toEqual([]);
  });
});

describe('remembering the labels of chosen stations', () => {
  it('rememberLabels, when a chosen station is in the answer: its label is kept', () => {
    const known = rememberLabels(new Map(), [11], [paulista, copacabana]);
    expect([...known]).toEqual([[11, 'Estação Paulista (MOVE-SP-001)']]);
  });

  it('rememberLabels, when the next answer no longer holds the chosen station: the label stays', () => {
    const first = rememberLabels(new Map(), [11], [paulista]);
    const after = rememberLabels(first, [11], [copacabana]);
    expect(after.get(11)).toBe('Estação Paulista (MOVE-SP-001)');
  });

  it('rememberLabels, when nothing new is learnt: the same map comes back (no new render)', () => {
    const known: StationLabels = new Map([[11, 'Estação Paulista (MOVE-SP-001)']]);
    expect(rememberLabels(known, [11], [paulista])).toBe(known);
    expect(rememberLabels(known, [99], [paulista])).toBe(known);
    expect(rememberLabels(known, [], [paulista, copacabana])).toBe(known);
  });

  it('rememberLabels, when a station was renamed: the new label replaces the old one', () => {
    const known: StationLabels = new Map([[11, 'Paulista (MOVE-SP-001)']]);
    expect(rememberLabels(known, [11], [paulista]).get(11)).toBe('Estação Paulista (MOVE-SP-001)');
  });

  it('labelFrom, when several sources know a station: the first one wins', () => {
    const passed: StationLabels = new Map([[11, 'Dada pela tela (MOVE-SP-001)']]);
    expect(labelFrom(11, [passed, labelsOf([paulista])])).toBe('Dada pela tela (MOVE-SP-001)');
    expect(labelFrom(12, [passed, labelsOf([copacabana])])).toBe('Copacabana (MOVE-RJ-001)');
    expect(labelFrom(13, [passed])).toBeUndefined();
  });

  it('unlabelled, when some chosen stations are named nowhere: only those, once each', () => {
    const passed: StationLabels = new Map([[11, 'Estação Paulista (MOVE-SP-001)']]);
    expect(unlabelled([11, 40, 12, 40], [passed, labelsOf([copacabana])])).toEqual([40]);
    expect(unlabelled([], [passed])).toEqual([]);
  });
});

describe('narrowing the previous answer while the server searches', () => {
  it('matchesText, when every typed word is in the label, in any case and accent: true', () => {
    expect(matchesText(paulista, 'estacao')).toBe(true);
    expect(matchesText(paulista, 'move 001')).toBe(true);
    expect(matchesText(paulista, '  PAULISTA   sp ')).toBe(true);
    expect(matchesText(paulista, '')).toBe(true);
  });

  it('matchesText, when a typed word is missing: false', () => {
    expect(matchesText(paulista, 'move rj')).toBe(false);
    expect(matchesText(copacabana, 'estação')).toBe(false);
  });
});
