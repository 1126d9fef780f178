import { foldText } from '@recarga/contracts/text';

/** What a station picker needs of a station. */
export interface StationOption {
  chargeBoxPk: number;
  chargeBoxId: string;
  /** 'Name (ChargeBox ID)', or the ChargeBox ID alone for a station without a name. */
  label: string;
}

/** Labels of stations by chargeBoxPk. */
export type StationLabels = ReadonlyMap<number, string>;

/**
 * 'Name (ChargeBox ID)', or the ChargeBox ID alone for a station without a name (a blank
 * description, or one that only repeats the ID, as the voucher's `charge_boxes[].name` does).
 */
export function stationLabel(station: { chargeBoxId: string; description: string | null | undefined }): string {
  const name = station.description?.trim();
  return name && name !== station.chargeBoxId ? `${name} (${station.chargeBoxId})` : station.chargeBoxId;
}

export function toStationOption(station: {
  chargeBoxPk: number;
  chargeBoxId: string;
  description: string | null | undefined;
}): StationOption {
  return { chargeBoxPk: station.chargeBoxPk, chargeBoxId: station.chargeBoxId, label: stationLabel(station) };
}

/** The selected value(s) of a single or multiple picker as a list. */
export function selectedPks(value: number | readonly number[] | null | undefined): number[] {
  if (value === null || value === undefined) return [];
  return typeof value === 'number' ? [value] : [...value];
}

/**
 * `known` plus the labels of the selected stations that `found` holds, so a selection keeps its
 * label once the search answers something else. Answers `known` itself when nothing is new (a
 * state setter can then skip the render).
 */
export function rememberLabels(known: StationLabels, selected: readonly number[], found: readonly StationOption[]): StationLabels {
  let next: Map<number, string> | null = null;
  for (const pk of selected) {
    const option = found.find((s) => s.chargeBoxPk === pk);
    if (!option || known.get(pk) === option.label) continue;
    next ??= new Map(known);
    next.set(pk, option.label);
  }
  return next ?? known;
}

/** The label of a station from the first source that knows it. */
export function labelFrom(pk: number, sources: readonly StationLabels[]): string | undefined {
  for (const source of sources) {
    const label = source.get(pk);
    if (label !== undefined) return label;
  }
  return undefined;
}

/** The selected stations no source names: their labels have to be asked for. */
export function unlabelled(selected: readonly number[], sources: readonly StationLabels[]): number[] {
  return [...new Set(selected)].filter((pk) => labelFrom(pk, sources) === undefined);
}

/** Labels of a list of stations, by chargeBoxPk. */
export function labelsOf(stations: readonly StationOption[]): StationLabels {
  return new Map(stations.map((s) => [s.chargeBoxPk, s.label]));
}

/**
 * Whether a station's label holds every word of `text` (case and accents ignored): what a picker
 * still shows of its previous answer while the server searches the new text.
 */
export function matchesText(station: StationOption, text: string): boolean {
  const label = foldText(station.label);
  return foldText(text)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => label.includes(word));
}
