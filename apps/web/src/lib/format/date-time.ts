import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/pt-br';

dayjs.extend(utc);
dayjs.locale('pt-br');

export const dateTimeFormat = 'DD/MM/YYYY HH:mm';
export const dateFormat = 'DD/MM/YYYY';

/** A UTC timestamp shown in the browser's time zone as `DD/MM/YYYY HH:mm`; '' when unreadable. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = typeof value === 'string' ? dayjs.utc(value).local() : dayjs(value);
  return parsed.isValid() ? parsed.format(dateTimeFormat) : '';
}

export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = typeof value === 'string' ? dayjs.utc(value).local() : dayjs(value);
  return parsed.isValid() ? parsed.format(dateFormat) : '';
}
