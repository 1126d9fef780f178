import { pricingMessageKeyOf, type PricingMessageKey } from './pricing-messages';

/** A server field error placed on a form field, said by its message key (null: a text the screens do not know). */
export interface PlacedError {
  name: (string | number)[];
  key: PricingMessageKey | null;
  text: string;
}

/** The form field of a detail's field: the GMT edges are the local ones' other spelling. */
const formField = (field: string) => field.replace(/GMT$/, '');

/**
 * The server's refusal of a save (400, `fields` keyed `dynamicPricingDetailFormList.<index>.<field>`)
 * placed on the form: `place` gives the form path of a detail's field, or null when the detail is
 * not in this form (another day's row). What cannot be placed comes back in `unplaced`.
 */
export function placeServerErrors(
  fields: Record<string, string> | undefined,
  place: (index: number, field: string) => (string | number)[] | null,
): { placed: PlacedError[]; unplaced: PlacedError[] } {
  const placed: PlacedError[] = [];
  const unplaced: PlacedError[] = [];
  for (const [path, text] of Object.entries(fields ?? {})) {
    const key = pricingMessageKeyOf(text);
    const match = /^dynamicPricingDetailFormList\.(\d+)\.(\w+)$/.exec(path);
    const name = match ? place(Number(match[1]), formField(match[2]!)) : null;
    if (name) placed.push({ name, key, text });
    else unplaced.push({ name: [], key, text });
  }
  return { placed, unplaced };
}
