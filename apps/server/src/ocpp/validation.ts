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

function withOcppErrorCodes(validator: Validator): Validator {
  const validate = validator.validate.bind(validator);
  validator.validate = (schemaId: string, params: unknown) => {
    try {
      return validate(schemaId, params);
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
