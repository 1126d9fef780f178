import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/es';
import 'dayjs/locale/pt-br';
import { followDateLanguage } from './date-language';

/*
 * dayjs for every screen with dates (the signed-in shell imports this module before any screen):
 * the UTC plugin, and month and weekday names and the first day of the week in the interface
 * language (a BCP-47 tag: pt-BR → pt-br, es-CO → es, en → en). The date pickers read them from
 * dayjs' locale data, so a Spanish screen shows 'ene.', not 'jan.'.
 */
dayjs.extend(utc);
followDateLanguage((tag) => dayjs.locale(tag.toLowerCase()));

export const dateTimeFormat = 'DD/MM/YYYY HH:mm';
export const dateFormat = 'DD/MM/YYYY';

/** A UTC timestamp shown in the browser's time zone as `DD/MM/YYYY HH:mm`; '' when unreadable. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = typeof value === 'string' ? dayjs.utc(value).local() : dayjs(value);
  return parsed.isValid() ? parsed.format(dateTimeFormat) : '';
}
