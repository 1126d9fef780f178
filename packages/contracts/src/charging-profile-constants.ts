/** Charging profile limits and messages, without zod (the screens import them at run time). */

/** 002 §9: text inputs up to 20 characters. */
export const PROFILE_TEXT_MAX = 20;
/** OCPP 1.6 ChargingSchedule: at most this many periods are worth sending (ChargingScheduleMaxPeriods is commonly 24…48). */
export const MAX_SCHEDULE_PERIODS = 48;

export const chargingProfileMessages = {
  required: 'Required field',
  created: 'Charging Profile criado com sucesso!',
  updated: 'Charging Profile alterado com sucesso!',
  failed: 'Não foi possível realizar a operação. Certifique-se de que os campos foram corretamente preenchidos.',
  notFound: 'Nenhum charging profile encontrado com este id.',
  recurrencyRequired: 'A recurring profile needs its recurrence (daily or weekly).',
  recurrencyOnlyRecurring: 'Only a recurring profile has a recurrence.',
  startScheduleRequired: 'An absolute or recurring profile needs the start of its schedule.',
  relativeNoStart: 'A relative profile starts with the recharge: leave the start empty.',
  validOrder: 'The end of validity must come after its start.',
  firstPeriodAtZero: 'The first period starts at 0 seconds.',
  periodsOrder: 'Periods must start in increasing order, each after the one before.',
  periodBeyondDuration: 'A period starts after the end of the schedule.',
  minRateStep: 'A multiple of 0.1.',
  atLeastOnePeriod: 'At least one period.',
} as const;
