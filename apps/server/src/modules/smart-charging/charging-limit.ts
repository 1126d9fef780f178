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

/** The load manager's TxDefaultProfile on a station's connector 0 (SMART_PROFILE_ID_BASE + 0: no TxProfile of it uses connector 0). */
export const SMART_DEFAULT_PROFILE_ID = SMART_PROFILE_ID_BASE;
export const SMART_DEFAULT_STACK_LEVEL = 0;

/**
 * The station's default limit for a recharge the load manager has not limited yet (OCPP 1.6 §3.13.2
 * TxDefaultProfile on connector 0, Relative: from each transaction's start): the group's guaranteed
 * minimum per charger. A car plugged in draws no more than that until its own TxProfile arrives.
 */
export function defaultLimit(limitA: number) {
  return {
    connectorId: 0,
    csChargingProfiles: {
      chargingProfileId: SMART_DEFAULT_PROFILE_ID,
      stackLevel: SMART_DEFAULT_STACK_LEVEL,
      chargingProfilePurpose: 'TxDefaultProfile' as const,
      chargingProfileKind: 'Relative' as const,
      chargingSchedule: {
        chargingRateUnit: 'A' as const,
        chargingSchedulePeriod: [{ startPeriod: 0, limit: limitA }],
      },
    },
  };
}
