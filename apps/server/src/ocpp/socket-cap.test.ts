import { describe, expect, it } from 'vitest';
import { openFileLimit, stationSocketCap } from './socket-cap';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            20000                20000                files
Max locked memory         8388608              8388608              bytes
`;

describe('the station socket cap', () => {
  it('reads the soft open-file limit from /proc/self/limits', () => {
    expect(openFileLimit(LIMITS)).toBe(20000);
    expect(openFileLimit(LIMITS.replace('Max open files            20000', 'Max open files            unlimited'))).toBeUndefined();
    expect(openFileLimit('')).toBeUndefined();
  });

  it('keeps 512 descriptors for the rest of the node unless OCPP_MAX_CONNECTIONS says otherwise', () => {
    expect(stationSocketCap(undefined, 20000)).toBe(19488);
    expect(stationSocketCap(5000, 20000)).toBe(5000);
    expect(stationSocketCap(undefined, undefined)).toBeUndefined();
    expect(stationSocketCap(undefined, 100)).toBe(1);
  });
});
