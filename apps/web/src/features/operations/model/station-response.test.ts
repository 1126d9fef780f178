import { describe, expect, it } from 'vitest';
import { isRefusal, isStationResponse } from './station-response';

describe('station responses', () => {
  it('an OCPP status, a file name and a list version: only the status is worded by the screen', () => {
    expect(['Accepted', 'diagnostics-2026.zip', '7'].map(isStationResponse)).toEqual([true, false, false]);
  });

  it('Accepted, Unlocked and Scheduled are not refusals; Rejected, Occupied and UnlockFailed are', () => {
    expect(['Accepted', 'Unlocked', 'Scheduled', 'Rejected', 'Occupied', 'UnlockFailed'].map(isRefusal)).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
  });
});
