/** Hours to add to UTC to get local time (UTC-3 gives -3). */
export function timezoneOffsetHours(date: Date = new Date()): number {
  const hours = -date.getTimezoneOffset() / 60;
  return hours === 0 ? 0 : hours;
}

/**
 * What `X-Timezone-Offset` carries: minutes with the sign of Date.getTimezoneOffset() (UTC−3 gives
 * 180), as the server reads it (platform/date-range.ts).
 */
export function timezoneOffsetMinutes(date: Date = new Date()): number {
  const minutes = date.getTimezoneOffset();
  return minutes === 0 ? 0 : minutes;
}
