import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { liveChargeBoxMessageSchema, liveConnectorStatusSchema, liveNotificationSchema, liveStatsSchema } from '@recarga/contracts/live';
import { readLiveChargeBox, readLiveConnectorStatus, readLiveNotification, readLiveStats } from './live-data';

/*
 * The readers stand in for the contract's zod schemas in the browser, so they must agree with
 * them. Valid messages and their variants are generated from each schema's JSON Schema: every
 * enum value, and every field (at any depth) left out, null, or of each other type; the reader
 * must accept exactly what the schema accepts, and return what the schema's parse returns.
 */

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  maximum?: number;
};

/** The schema without its null option (`anyOf: [x, null]`, `type: [x, 'null']`). */
function nonNull(schema: JsonSchema): JsonSchema {
  if (schema.anyOf) return nonNull(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]!);
  if (Array.isArray(schema.type)) return { ...schema, type: schema.type.find((t) => t !== 'null') };
  return schema;
}

/** A valid value of the schema: not null, every property present. */
function sample(schema: JsonSchema): unknown {
  if (schema.anyOf || Array.isArray(schema.type)) return sample(nonNull(schema));
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'string':
      return 'CB-1';
    case 'integer':
      return 7;
    case 'number':
      return 12.5;
    case 'boolean':
      return true;
    case 'array':
      return [sample(schema.items!)];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, s]) => [key, sample(s)]));
    default:
      throw new Error(`No sample for ${JSON.stringify(schema)}`);
  }
}

/** Paths to every value of the sample, with the schema at each. */
function paths(schema: JsonSchema, path: (string | number)[] = []): { path: (string | number)[]; schema: JsonSchema }[] {
  const own = { path, schema };
  const branch = nonNull(schema);
  if (branch.type === 'object') {
    return [own, ...Object.entries(branch.properties ?? {}).flatMap(([key, s]) => paths(s, [...path, key]))];
  }
  if (branch.type === 'array') return [own, ...paths(branch.items!, [...path, 0])];
  return [own];
}

const REMOVE = Symbol('remove');

function withValue(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  const [head, ...rest] = path;
  if (rest.length === 0 && replacement === REMOVE) delete copy[head!];
  else copy[head!] = withValue(copy[head!], rest, replacement);
  return copy;
}

/** The message and its variants: each field removed or replaced by a value of every other kind. */
function variants(schema: JsonSchema): { name: string; value: unknown }[] {
  const valid = sample(schema);
  const out = [{ name: 'valid', value: valid }];
  for (const { path, schema: at } of paths(schema)) {
    const name = path.join('.') || '(message)';
    const replacements: [string, unknown][] = [
      ['removed', REMOVE],
      ['null', null],
      ['a string', 'text'],
      ['an integer', 3],
      ['a fraction', 2.5],
      ['an integer above int4', 2_147_483_648],
      ['an unsafe integer', 2 ** 60],
      ['not finite', Number.POSITIVE_INFINITY],
      ['a boolean', false],
      ['an object', {}],
      ['an array', []],
    ];
    for (const option of nonNull(at).enum ?? []) replacements.push([`enum value ${String(option)}`, option]);
    for (const [label, replacement] of replacements) {
      if (path.length === 0 && replacement === REMOVE) continue;
      out.push({ name: `${name}: ${label}`, value: withValue(valid, path, replacement) });
    }
  }
  out.push({ name: 'an extra field', value: { ...(valid as object), extra: 'dropped' } });
  return out;
}

const cases = [
  { name: 'chargeBox', schema: liveChargeBoxMessageSchema, read: readLiveChargeBox },
  { name: 'connector status', schema: liveConnectorStatusSchema, read: readLiveConnectorStatus },
  { name: 'notification', schema: liveNotificationSchema, read: readLiveNotification },
  { name: 'stats', schema: liveStatsSchema, read: readLiveStats },
] as const;

describe('live-data', () => {
  describe.each(cases)('$name reader', ({ schema, read }) => {
    const json = z.toJSONSchema(schema as z.ZodType, { io: 'input' }) as JsonSchema;

    it.each(variants(json))('$name: when the data is checked, then the reader agrees with the contract schema', ({ value }) => {
      const parsed = (schema as z.ZodType).safeParse(value);
      const read_ = read(value);
      expect(read_ !== null).toBe(parsed.success);
      if (parsed.success) expect(read_).toEqual(parsed.data);
    });
  });

  it('chargeBox reader: when a message comes, then it returns its fields', () => {
    const message = {
      type: 'update',
      chargePoint: {
        chargeBoxPk: 12,
        chargeBoxId: 'CB-12',
        description: null,
        active: true,
        locationLatitude: -23.55,
        locationLongitude: -46.63,
        origin: 'MOVE',
        ocppProtocol: 'ocpp1.6',
        chargePointVendor: null,
        online: false,
        lastHeartbeatTimestamp: '2026-11-20T10:00:00Z',
        firmwareStatus: 'Installing',
        firmwareStatusTimestamp: '2026-11-20T10:01:00Z',
        diagnosticsStatus: null,
        diagnosticsStatusTimestamp: null,
        connectors: [{ connectorId: 1, connectorType: 'Type 2', lastStatus: { status: 'Charging' } }],
      },
    };
    expect(readLiveChargeBox(message)).toEqual(message);
  });

  it('connector status reader: when a connector id is a text, then the message is refused', () => {
    expect(
      readLiveConnectorStatus({ chargeBoxId: 'CB-1', connectorId: '1', status: 'Available', errorCode: 'NoError', timestamp: 'x' }),
    ).toBeNull();
  });
});
