import { createRequire } from 'node:module';
import { createRPCError, createValidator } from 'ocpp-rpc';
import type { OcppProtocol } from '@recarga/contracts/ocpp';
import { ocpp15Schemas } from '@recarga/contracts/ocpp15-schemas';

const require = createRequire(import.meta.url);
const ocpp16Schemas = require('ocpp-rpc/lib/schemas/ocpp1_6.json') as object[];

export type Validator = ReturnType<typeof createValidator>;

interface AjvError {
  keyword: string;
  instancePath?: string;
  message?: string;
}

/**
 * OCPP-J error code for the first schema violation (OCPP-J 1.6 §4.2.3, with the errata spelling
 * of OccurrenceConstraintViolation). ocpp-rpc's own table uses 2.0.1 names and files enum and
 * length violations under FormatViolation; for 1.x a value outside its allowed set is a
 * PropertyConstraintViolation, and a payload of the wrong shape a FormationViolation.
 */
export function ocppErrorCode(error: AjvError): string {
  switch (error.keyword) {
    case 'type':
      // The payload itself is not an object: not the PDU structure at all.
      return error.instancePath ? 'TypeConstraintViolation' : 'FormationViolation';
    case 'required':
    case 'minItems':
    case 'maxItems':
    case 'minProperties':
    case 'maxProperties':
      return 'OccurrenceConstraintViolation';
    case 'enum':
    case 'const':
    case 'pattern':
    case 'format':
    case 'maxLength':
    case 'minLength':
    case 'maximum':
    case 'minimum':
    case 'exclusiveMaximum':
    case 'exclusiveMinimum':
    case 'multipleOf':
      return 'PropertyConstraintViolation';
    default:
      // additionalProperties, anyOf, ...: not the structure the action defines.
      return 'FormationViolation';
  }
}

/** OCPP 1.x integers are 32-bit signed (OCPP 1.6 §"Data types"); the store holds them as int4. */
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/**
 * What the official schemas allow but a message may not carry: a NUL character in a string (no
 * OCPP string type admits control characters, and the store refuses them), an integer beyond 32
 * bits (not an OCPP integer at all: TypeConstraintViolation) and a negative connector id (0 is
 * the station, above 0 its connectors: PropertyConstraintViolation). Returns the first violation.
 */
export function storeViolation(value: unknown, path = ''): { code: string; message: string } | null {
  if (typeof value === 'string') {
    return value.includes('\u0000')
      ? { code: 'PropertyConstraintViolation', message: `${path || 'payload'} contains a NUL character` }
      : null;
  }
  if (typeof value === 'number') {
    if (Number.isInteger(value) && (value < INT32_MIN || value > INT32_MAX)) {
      return { code: 'TypeConstraintViolation', message: `${path || 'payload'} is not a 32-bit integer` };
    }
    if (path.endsWith('/connectorId') && value < 0) return { code: 'PropertyConstraintViolation', message: `${path} must not be negative` };
    return null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = storeViolation(value[i], `${path}/${i}`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000'))
        return { code: 'PropertyConstraintViolation', message: `${path}/${key.replaceAll('\u0000', '\\0')} contains a NUL character` };
      const found = storeViolation(item, `${path}/${key}`);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The OCPP-J 1.6 error codes (§4.2.3, errata spelling). OCPP 1.5 uses the same set. ocpp-rpc
 * answers some failures with 2.0.1 codes; a 1.x station gets the 1.x code instead.
 */
const OCPP1_CODES = new Set([
  'NotImplemented',
  'NotSupported',
  'InternalError',
  'ProtocolError',
  'SecurityError',
  'FormationViolation',
  'PropertyConstraintViolation',
  'OccurrenceConstraintViolation',
  'TypeConstraintViolation',
  'GenericError',
]);

/**
 * The 1.x code for an error code ocpp-rpc produced: a frame it cannot read (RpcFrameworkError,
 * MessageTypeNotSupported, FormatViolation) is a FormationViolation; a second call with the id of
 * one still being handled is a GenericError (1.6 has no code for it; the description says why).
 */
export function ocpp1ErrorCode(code: string, description: string): string {
  if (OCPP1_CODES.has(code)) return code;
  if (code === 'OccurenceConstraintViolation') return 'OccurrenceConstraintViolation';
  if (code === 'RpcFrameworkError' && description.startsWith('Already processing a call')) return 'GenericError';
  if (code === 'RpcFrameworkError' || code === 'MessageTypeNotSupported' || code === 'FormatViolation') return 'FormationViolation';
  return 'GenericError';
}

function withOcppErrorCodes(validator: Validator): Validator {
  const validate = validator.validate.bind(validator);
  validator.validate = (schemaId: string, params: unknown) => {
    try {
      validate(schemaId, params);
      const violation = storeViolation(params);
      if (violation) throw createRPCError(violation.code, violation.message, {});
      return true;
    } catch (err) {
      const details = (err as { details?: { errors?: AjvError[] } }).details;
      const first = details?.errors?.[0];
      if (!first) throw err;
      const where = first.instancePath ? `${first.instancePath} ` : '';
      throw createRPCError(ocppErrorCode(first), `${where}${first.message ?? 'is invalid'}`.trim(), details);
    }
  };
  return validator;
}

/** Strict-mode validators for both subprotocols (replacing ocpp-rpc's 1.6 one for its error codes). */
export const strictValidators: Validator[] = [
  withOcppErrorCodes(createValidator('ocpp1.6', ocpp16Schemas)),
  withOcppErrorCodes(createValidator('ocpp1.5', ocpp15Schemas)),
];

const byProtocol = new Map(strictValidators.map((v) => [v.subprotocol, v]));

/** Validates a payload against `urn:<action>.req|conf` of a protocol; throws the OCPP error. */
export function validateMessage(protocol: OcppProtocol, schemaId: string, payload: unknown) {
  byProtocol.get(protocol)!.validate(schemaId, payload);
}

/** True when the protocol's schema set has the action's request. */
export function hasSchema(protocol: OcppProtocol, action: string): boolean {
  return Boolean(byProtocol.get(protocol)!._ajv.getSchema(`urn:${action}.req`));
}
