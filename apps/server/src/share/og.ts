import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { communityLongDay } from '@mitos/domain/community-rules';
import { summaryHeadline, type TPublicMatchSummary } from '@mitos/domain/sharing';
import type { AppContext } from '../context';
import { findPublicSummary } from './service';

/**
 * The page of a shared match link (/match/:id) with the Open Graph tags a link preview reads
 * (WhatsApp, Telegram…), which run no script: the match's own title and description when it is
 * public (docs/decisions/021), the app's generic ones otherwise, so a preview never tells a
 * private match from a missing one. Everything injected is escaped.
 */

export const SITE_NAME = 'Mitos y Leyendas';
const GENERIC_TITLE = 'Mitos y Leyendas — Partidas';
const GENERIC_DESCRIPTION = 'Registra tus partidas de Mitos y Leyendas, apruébalas y sigue tus estadísticas.';
/** The PWA's large icon, written to the web build's root. */
const IMAGE_PATH = '/icon-512.png';
const MAX_ID = 2_147_483_647;

/** The id of a match page's address, or null for any other address. */
export function matchPageId(url: string): number | null {
  const found = /^\/match\/(\d{1,10})\/?(?:[?#].*)?$/.exec(url);
  if (!found) return null;
  const id = Number(found[1]);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** Text for HTML: element content and double- or single-quoted attribute values alike. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const HOST_PATTERN = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The origin absolute links start with: PUBLIC_URL when set; otherwise the request's scheme and
 * host, which Fastify reads from X-Forwarded-Proto / X-Forwarded-Host only with TRUST_PROXY. A
 * host that is not a plain host name falls back to localhost rather than reaching the page.
 */
export function publicOrigin(
  request: Pick<FastifyRequest, 'protocol' | 'host'>,
  publicUrl: string | undefined,
): string {
  if (publicUrl) return publicUrl;
  const host = HOST_PATTERN.test(request.host) ? request.host : 'localhost';
  return `${request.protocol === 'https' ? 'https' : 'http'}://${host}`;
}

export interface PageTags {
  title: string;
  description: string;
  url: string;
  image: string;
}

/** "mateo 2–1 lucas · Mitos y Leyendas" and "23 de noviembre de 2026 · Dragón Dorado · Amistoso". */
export function matchTags(summary: TPublicMatchSummary, origin: string): PageTags {
  const when = communityLongDay(new Date(summary.matchDate), true);
  return {
    title: `${summaryHeadline(summary)} · ${SITE_NAME}`,
    description: [when, summary.store, summary.tier].filter((part) => part).join(' · '),
    url: `${origin}/match/${summary.id}`,
    image: `${origin}${IMAGE_PATH}`,
  };
}

export function genericTags(origin: string, pathname: string): PageTags {
  return {
    title: GENERIC_TITLE,
    description: GENERIC_DESCRIPTION,
    url: `${origin}${pathname}`,
    image: `${origin}${IMAGE_PATH}`,
  };
}

/** The tags for <head>, every value escaped. */
export function headTags(tags: PageTags): string {
  const meta = (attribute: 'property' | 'name', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(tags.title)}</title>`,
    meta('name', 'description', tags.description),
    meta('property', 'og:title', tags.title),
    meta('property', 'og:description', tags.description),
    meta('property', 'og:url', tags.url),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'es_AR'),
    meta('property', 'og:image', tags.image),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', tags.title),
    meta('name', 'twitter:description', tags.description),
  ].join('\n    ');
}

/** The page with its title, description and any earlier preview tags replaced by these. */
export function withHeadTags(page: string, tags: PageTags): string {
  const stripped = page
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/gi, '')
    .replace(/<meta\s+(?:property|name)="(?:og|twitter):[^"]*"[^>]*>\s*/gi, '');
  // A function, so that `$&` and the like in a username are not read as replacement patterns.
  return stripped.replace(/<\/head>/i, () => `  ${headTags(tags)}\n  </head>`);
}

/** Answers a /match/:id page: the built index.html with the match's preview tags, never cached. */
export async function sendMatchPage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  webDist: string,
  matchId: number,
): Promise<FastifyReply> {
  const origin = publicOrigin(request, ctx.config.publicUrl);
  const [page, summary] = await Promise.all([
    readFile(path.join(webDist, 'index.html'), 'utf8'),
    findPublicSummary(ctx, matchId),
  ]);
  const tags = summary ? matchTags(summary, origin) : genericTags(origin, `/match/${matchId}`);
  return reply
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(withHeadTags(page, tags));
}
