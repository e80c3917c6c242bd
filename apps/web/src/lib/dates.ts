import dayjs from 'dayjs';
import 'dayjs/locale/es';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { LIMITS } from '@mitos/domain/constants';
import * as MSG from '@mitos/domain/message-texts';

dayjs.extend(localizedFormat);
dayjs.locale('es');

export { dayjs };

// A list's DD/MM/YYYY HH:mm is lib/list-date's formatListDate, without dayjs: a screen that
// shows only that does not load dayjs and its locale.

/** Long Spanish format, as on the match detail: "sábado, 21 de noviembre de 2026, 18:30". */
export function formatLongDate(value: string | Date | null | undefined): string {
  const d = dayjs(value ?? undefined);
  return value && d.isValid() ? d.format('dddd, D [de] MMMM [de] YYYY, HH:mm') : MSG.invalidDateText;
}

/** Month and year, as in Miembro desde: "noviembre de 2026". */
export function formatMonthYear(value: string | Date | null | undefined): string {
  const d = dayjs(value ?? undefined);
  return value && d.isValid() ? d.format('MMMM [de] YYYY') : MSG.invalidDateText;
}

/** A real calendar day written YYYY-MM-DD (as date inputs give it), within the picker bounds of SPEC §9. */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < LIMITS.minDate || value > LIMITS.maxDate) return false;
  // dayjs rolls 2026-02-30 over to March; a day that does not format back to itself is not real.
  return dayjs(value).format('YYYY-MM-DD') === value;
}

/** DD/MM/YYYY for a YYYY-MM-DD day. */
export function formatDay(value: string): string {
  return isIsoDay(value) ? dayjs(value).format('DD/MM/YYYY') : MSG.invalidDateText;
}

/**
 * A statistics period (the YYYY-MM-DD of its first day) in words: long for tables ("marzo de 2026",
 * "semana del 02/03/2026"), short for a chart's axis ("mar 2026", "02/03").
 */
export function formatStatPeriod(
  first: string,
  period: 'week' | 'month',
  style: 'long' | 'short' = 'long',
): string {
  const d = dayjs(first);
  if (!d.isValid()) return first;
  if (period === 'month')
    return style === 'long' ? d.format('MMMM [de] YYYY') : d.format('MMM YYYY').replace('.', '');
  return style === 'long' ? `semana del ${d.format('DD/MM/YYYY')}` : d.format('DD/MM');
}
