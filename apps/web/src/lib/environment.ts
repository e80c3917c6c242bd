/** SPEC §2: localhost and private-network (192.168.x) hosts are QA environments. */
export function isQaHost(hostname: string): boolean {
  return (
    hostname === 'localhost' || hostname === '127.0.0.1' || /^192\.168\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

export const QA_TITLE_PREFIX = '[QA] ';

/** Marks the page title on QA hosts so a QA tab is never mistaken for production. */
export function applyQaTitle(doc: Document = document): void {
  if (isQaHost(doc.location.hostname) && !doc.title.startsWith(QA_TITLE_PREFIX)) {
    doc.title = `${QA_TITLE_PREFIX}${doc.title}`;
  }
}
