import { describe, expect, it } from 'vitest';
import * as rules from './tenant-settings-rules';

describe('serverMessageName', () => {
  it('names a message the contract lists, and answers null for any other text', () => {
    expect(rules.serverMessageName('Use a colour as #RRGGBB.')).toBe('colorInvalid');
    expect(rules.serverMessageName('Use between 1 and 3650 days.')).toBe('retentionInvalid');
    expect(rules.serverMessageName('Invalid input: expected number')).toBeNull();
    expect(rules.serverMessageName(undefined)).toBeNull();
  });
});

describe('fieldErrorsOf', () => {
  it('turns dotted field names into form paths and messages into translated texts', () => {
    const errors = rules.fieldErrorsOf(
      { primaryColor: 'Use a colour as #RRGGBB.', 'limits.stations': 'Something else' },
      (name, field) => `${field}:${name ?? 'generic'}`,
    );

    expect(errors).toEqual([
      { name: ['primaryColor'], errors: ['primaryColor:colorInvalid'] },
      { name: ['limits', 'stations'], errors: ['limits.stations:generic'] },
    ]);
  });

  it('answers no errors, when the answer has no fields', () => {
    expect(rules.fieldErrorsOf(undefined, () => 'x')).toEqual([]);
  });
});
