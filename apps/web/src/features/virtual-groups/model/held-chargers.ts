import { serverTexts } from './limits';

export interface HeldCharger {
  charger: string;
  group: string;
}

/**
 * Which charger another configuration holds, from a 409's `fields.charge_boxs`
 * ('This charger already belongs to another configuration: VG-03 (Centro), VG-04 (Sul)').
 * Null when the text is not that one; an empty list when it names none (a charger taken meanwhile).
 */
export function heldChargers(text: string | undefined): HeldCharger[] | null {
  if (!text?.startsWith(serverTexts.chargerInOtherGroup)) return null;
  const rest = text.slice(serverTexts.chargerInOtherGroup.length).trim();
  if (!rest) return [];
  const out: HeldCharger[] = [];
  // Items are `CODE (group)` joined by ', '; a group's name may itself hold commas or parentheses,
  // so a name ends only at a ')' followed by the next `CODE (` or the end.
  const item = /([^\s(),]+) \((.*?)\)(?=, [^\s(),]+ \(|$)(?:, )?/gy;
  for (let m = item.exec(rest); m !== null; m = item.exec(rest)) out.push({ charger: m[1]!, group: m[2]! });
  return out;
}

/** The charger keys a 400 names as not found in the caller's networks, or null for another text. */
export function missingChargers(text: string | undefined): string[] | null {
  if (!text?.startsWith(serverTexts.chargerNotFound)) return null;
  return text
    .slice(serverTexts.chargerNotFound.length)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
