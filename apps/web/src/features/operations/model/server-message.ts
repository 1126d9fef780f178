import { chargingProfileMessages } from '@recarga/contracts/charging-profile-constants';
import { operationMessages } from '@recarga/contracts/operation-commands';

export type OperationMessageKey = keyof typeof operationMessages;
export type ProfileMessageKey = keyof typeof chargingProfileMessages;

/**
 * Which message of `table` a server text is, and what follows it: the server words its refusals in
 * English, sometimes followed by the ids concerned ('No tag with this id in your networks. ABC, DEF'),
 * and the screen says them in the user's language. Null for a text the table does not hold.
 */
export function messageKeyOf<K extends string>(table: Record<K, string>, text: string): { key: K; tail: string } | null {
  const trimmed = text.trim();
  // Longest texts first, so a text that starts another one is not taken for it.
  const known = (Object.entries(table) as [K, string][]).sort((a, b) => b[1].length - a[1].length);
  for (const [key, value] of known) {
    if (trimmed === value) return { key, tail: '' };
    if (trimmed.startsWith(`${value} `)) return { key, tail: trimmed.slice(value.length + 1).trim() };
  }
  return null;
}

/** A refusal of the operations API (operationMessages). */
export function operationMessageOf(text: string) {
  return messageKeyOf(operationMessages, text);
}

/** A refusal of the charging profile API (chargingProfileMessages). */
export function profileMessageOf(text: string) {
  return messageKeyOf(chargingProfileMessages, text);
}
