/**
 * The charging profile the load manager sends (OCPP 1.6 §5.16 SetChargingProfile): a TxProfile on
 * the running transaction, in amperes, one period from now on. Its id is reserved per connector
 * (SMART_PROFILE_ID_BASE + connector id, above any stored profile's key) and its stack level fixed,
 * so each new limit replaces the previous one on that connector (§3.13.2: same id replaces).
 */
export const SMART_PROFILE_ID_BASE = 2_000_000_000;
export const SMART_PROFILE_STACK_LEVEL = 1;

export function chargingLimit(req: { connectorId: number; transactionId: number; limitA: number; now: Date }) {
  return {
    connectorId: req.connectorId,
    csChargingProfiles: {
      chargingProfileId: SMART_PROFILE_ID_BASE + req.connectorId,
      transactionId: req.transactionId,
      stackLevel: SMART_PROFILE_STACK_LEVEL,
      chargingProfilePurpose: 'TxProfile' as const,
      chargingProfileKind: 'Absolute' as const,
      chargingSchedule: {
        startSchedule: req.now.toISOString(),
        chargingRateUnit: 'A' as const,
        chargingSchedulePeriod: [{ startPeriod: 0, limit: req.limitA }],
      },
    },
  };
}
