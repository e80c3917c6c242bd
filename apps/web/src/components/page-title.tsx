import { isQaHost, QA_TITLE_PREFIX } from '../lib/environment';

export const APP_TITLE = 'Mitos y Leyendas — Partidas';

/** "Mis Partidas · Mitos y Leyendas — Partidas", with the QA prefix on QA hosts (SPEC §2). */
export function pageTitle(title: string, hostname: string = window.location.hostname): string {
  const prefix = isQaHost(hostname) ? QA_TITLE_PREFIX : '';
  return title ? `${prefix}${title} · ${APP_TITLE}` : `${prefix}${APP_TITLE}`;
}

/**
 * The screen's own page title (issue 14 item 10): React 19 hoists a <title> into the document
 * head while the screen is mounted.
 */
export function PageTitle({ title }: { title: string }) {
  return <title>{pageTitle(title)}</title>;
}
