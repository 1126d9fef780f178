/** Hours to add to UTC to get local time (UTC-3 gives -3), as sent in `X-Timezone-Offset`. */
export function timezoneOffsetHours(date: Date = new Date()): number {
  const hours = -date.getTimezoneOffset() / 60;
  return hours === 0 ? 0 : hours;
}
