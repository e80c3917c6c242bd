import { COMMUNITY_TIME_ZONE } from '@mitos/domain/constants';
import * as MSG from '@mitos/domain/message-texts';

// A tournament is set in Buenos Aires time (its form's start time, the contract) and happens in a
// store there: its times are shown in that zone too, so that the page says what the form said
// whatever zone the viewer's phone is in. Intl alone, without dayjs, for the screens' first load.

const clock = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

const LONG = new Intl.DateTimeFormat('es-AR', {
  timeZone: COMMUNITY_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  ...clock,
});

const NUMERIC = new Intl.DateTimeFormat('es-AR', {
  timeZone: COMMUNITY_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  ...clock,
});

/**
 * The instant's fields in Buenos Aires as `format` writes them, or null for no date or an
 * unreadable one. The text is put together here rather than taken whole from Intl, whose
 * punctuation between the parts changes with the browser's ICU version.
 */
function partsOf(
  format: Intl.DateTimeFormat,
  value: string | Date | null | undefined,
): Partial<Record<Intl.DateTimeFormatPartTypes, string>> | null {
  if (!value) return null;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return null;
  return Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
}

/** HH:mm in Buenos Aires ("18:00"), as the tournament form takes a start time. */
export function communityTime(value: string | Date): string {
  const p = partsOf(NUMERIC, value);
  return p ? `${p.hour}:${p.minute}` : MSG.invalidDateText;
}

/** Long, in Buenos Aires: "sábado, 28 de noviembre de 2026, 18:00" (formatLongDate's pattern). */
export function formatCommunityLongDate(value: string | Date | null | undefined): string {
  const p = partsOf(LONG, value);
  return p ? `${p.weekday}, ${p.day} de ${p.month} de ${p.year}, ${p.hour}:${p.minute}` : MSG.invalidDateText;
}

/** DD/MM/YYYY HH:mm in Buenos Aires, as on lists (SPEC §9). */
export function formatCommunityListDate(value: string | Date | null | undefined): string {
  const p = partsOf(NUMERIC, value);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : MSG.invalidDateText;
}
