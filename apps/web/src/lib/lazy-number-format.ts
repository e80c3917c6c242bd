/**
 * MUI's locales (`@mui/material/locale`) build their number formatter when their module loads:
 * `new Intl.NumberFormat('es-ES')`, whose first construction loads the ICU data and took 50–110 ms
 * of the entry's first task on a phone's CPU (Lighthouse's 4× slowdown). vite.config.ts puts this
 * module in place of MUI's `buildFormatNumber`: the same formatting, the formatter built on the
 * first number a component formats (a pagination's "1–10 de 40"), which the first screen never
 * does (docs/decisions/029).
 */
export default function buildFormatNumber(locale: string): (value: number) => string {
  let formatter: Intl.NumberFormat | null | undefined;
  return (value) => {
    if (!Number.isFinite(value)) return String(value);
    if (formatter === undefined) {
      try {
        formatter = new Intl.NumberFormat(locale);
      } catch {
        formatter = null;
      }
    }
    return formatter ? formatter.format(value) : String(value);
  };
}
