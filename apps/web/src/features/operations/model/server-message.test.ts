import { describe, expect, it } from 'vitest';
import { operationMessageOf, profileMessageOf } from './server-message';

describe('server messages', () => {
  it('a message of the contract, when the server sends it alone: its key and no tail', () => {
    expect(operationMessageOf('The expiry must be in the future.')).toEqual({ key: 'expiryInPast', tail: '' });
  });

  it('a message followed by ids, when the server names the tags it did not find: its key and the ids', () => {
    expect(operationMessageOf('No tag with this id in your networks. ABC, DEF')).toEqual({ key: 'noTag', tail: 'ABC, DEF' });
  });

  it('a text the contract does not hold, such as a schema message: null', () => {
    expect(operationMessageOf('Invalid input: expected number, received string')).toBeNull();
  });

  it('a charging profile refusal, when the first period does not start at 0: its key', () => {
    expect(profileMessageOf('The first period starts at 0 seconds.')).toEqual({ key: 'firstPeriodAtZero', tail: '' });
  });
});
