/**
 * The statuses OCPP 1.5/1.6 stations answer commands with; the screen words each in the user's
 * language (`responses.<status>`). Anything else a station answers (a diagnostics file name, a
 * local list version) is shown as it came.
 */
export const stationResponses = [
  'Accepted',
  'Rejected',
  'Unlocked',
  'UnlockFailed',
  'NotSupported',
  'RebootRequired',
  'Scheduled',
  'NoFile',
  'Occupied',
  'Faulted',
  'Unavailable',
  'VersionMismatch',
  'Failed',
  'Unknown',
  'NotImplemented',
  'UnknownMessageId',
  'UnknownVendorId',
] as const;
export type StationResponse = (typeof stationResponses)[number];

const known = new Set<string>(stationResponses);

/** Answers that mean the station did not do what it was asked. */
const refusals = new Set<string>([
  'Rejected',
  'UnlockFailed',
  'NotSupported',
  'Occupied',
  'Faulted',
  'Unavailable',
  'VersionMismatch',
  'Failed',
  'Unknown',
  'NotImplemented',
  'UnknownMessageId',
  'UnknownVendorId',
]);

export function isStationResponse(value: string): value is StationResponse {
  return known.has(value);
}

/** True when the station answered but refused (Rejected, Occupied…): shown as a warning, not a success. */
export function isRefusal(value: string | null): boolean {
  return value !== null && refusals.has(value);
}
