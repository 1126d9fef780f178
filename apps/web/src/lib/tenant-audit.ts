/** One changed field of an audited change: its dotted name (`limits.stations`) and the two values. */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Nested objects as dotted leaf names: `{ limits: { stations: 5 } }` → `limits.stations: 5`. */
function flatten(value: Record<string, unknown> | null, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, child] of Object.entries(value ?? {})) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(child) && Object.keys(child).length > 0) flatten(child, name, into);
    else into.set(name, child);
  }
  return into;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields an audited change touched, before → after, in the order the server wrote them (the
 * `after` fields first, then those only `before` has: a removal). A field with the same value on
 * both sides is left out; a side the change has not (a creation, a removal) reads as undefined.
 */
export function auditChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditChange[] {
  const b = flatten(before);
  const a = flatten(after);
  const names = [...a.keys(), ...[...b.keys()].filter((name) => !a.has(name))];
  return names.filter((name) => !same(b.get(name), a.get(name))).map((field) => ({ field, before: b.get(field), after: a.get(field) }));
}

/** How a value is shown: a colour swatch, yes/no, empty, a number or text. */
export type AuditValueKind = 'empty' | 'colour' | 'boolean' | 'number' | 'secret' | 'text';

export function auditValueKind(value: unknown): AuditValueKind {
  if (value === null || value === undefined || value === '') return 'empty';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value)) return 'colour';
  if (typeof value === 'string' && /^•+$/.test(value)) return 'secret';
  return 'text';
}
