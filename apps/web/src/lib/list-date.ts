import * as MSG from '@mitos/domain/message-texts';

// The date of match lists without dayjs, so the home screen's first load does not bring it
// (docs/decisions/022-js): the same reading of the value as dayjs, the same DD/MM/YYYY HH:mm.

/** dayjs's own pattern: an ISO-like text without a zone is a local time. */
const LOCAL_TEXT =
  /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;

function parse(value: string | Date): Date {
  if (value instanceof Date) return new Date(value);
  if (!/Z$/i.test(value)) {
    const d = LOCAL_TEXT.exec(value);
    if (d) {
      const month = Number(d[2]) - 1 || 0;
      return new Date(
        Number(d[1]),
        month,
        Number(d[3] || 1),
        Number(d[4] || 0),
        Number(d[5] || 0),
        Number(d[6] || 0),
        Number((d[7] || '0').substring(0, 3)),
      );
    }
  }
  return new Date(value);
}

const two = (n: number) => String(n).padStart(2, '0');

/** DD/MM/YYYY HH:mm, as on lists (SPEC §9). */
export function formatListDate(value: string | Date | null | undefined): string {
  if (!value) return MSG.invalidDateText;
  const d = parse(value);
  if (Number.isNaN(d.getTime())) return MSG.invalidDateText;
  const year = String(d.getFullYear()).padStart(4, '0');
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${year} ${two(d.getHours())}:${two(d.getMinutes())}`;
}
