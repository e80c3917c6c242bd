import { SaxesParser } from 'saxes';
import { LOGO_MAX_BYTES, LOGO_TYPES } from '@mitos/domain/community';
import { MSG } from '@mitos/domain/messages';
import { AppError, badRequest } from '../errors';

/**
 * The checks a store logo passes before it is stored (docs/decisions/014, docs/security.md): a
 * declared type among LOGO_TYPES, at most LOGO_MAX_BYTES, bytes that are what the type says, and
 * for SVG a well-formed document with nothing that runs or fetches. The logo is served from our
 * own origin, so an SVG that ran script there would run as the app; it is also served with a
 * sandboxing CSP, but refusing such files keeps the stored logos clean to begin with.
 */

export type LogoType = (typeof LOGO_TYPES)[number];

export const logoTooLarge = () => new AppError(413, MSG.logoTooLarge(LOGO_MAX_BYTES / 1024));
export const logoWrongType = () => new AppError(415, MSG.logoWrongType);

/** The media type of a Content-Type header, if it is one of the logo types. */
export function logoTypeOf(contentType: string | undefined): LogoType | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return (LOGO_TYPES as readonly string[]).includes(type) ? (type as LogoType) : null;
}

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Whether the bytes begin as a file of that type does (its magic number). */
export function matchesMagic(type: Exclude<LogoType, 'image/svg+xml'>, bytes: Buffer): boolean {
  switch (type) {
    case 'image/png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'image/jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case 'image/webp':
      return startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8);
  }
}

/** Elements that run script, embed other documents or animate attributes into links. */
const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
  'set',
  'animate',
  'animatemotion',
  'animatetransform',
]);

/** Attributes holding a link: only fragment references (#id) inside the document are kept. */
const LINK_ATTRIBUTES = new Set(['href', 'src']);

/** What a value may not name once whitespace and control characters are gone. */
const DANGEROUS_SCHEME = /(javascript|vbscript|data):/i;

/** `url(…)` references in CSS or presentation attributes; only url(#id) stays inside the file. */
function hasOutsideUrl(value: string): boolean {
  for (const match of value.matchAll(/url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/gi)) {
    if (!match[2]!.trim().startsWith('#')) return true;
  }
  // `@import` fetches; `expression(` ran script in old browsers.
  return /@import|expression\s*\(/i.test(value);
}

const squeeze = (value: string) => value.replace(/[\s\u0000-\u001f]+/g, '');

/**
 * Why an SVG document is refused, or null when it is a plain image: not well-formed XML, not an
 * <svg> root, a DOCTYPE or entity declaration, a processing instruction (xml-stylesheet),
 * script-bearing or embedding elements, on* event handler attributes, links other than #id,
 * javascript:/data: URLs anywhere, or CSS that fetches outside the file.
 */
export function svgRefusal(text: string): string | null {
  const parser = new SaxesParser({ xmlns: true, position: false });
  let refusal: string | null = null;
  let depth = 0;
  let inStyle = 0;
  const refuse = (reason: string) => {
    refusal ??= reason;
  };
  parser.on('doctype', () => refuse('doctype'));
  parser.on('processinginstruction', (pi) => refuse(`processing instruction ${pi.target}`));
  parser.on('opentag', (tag) => {
    const name = tag.local.toLowerCase();
    if (depth === 0 && name !== 'svg') refuse('root is not svg');
    depth += 1;
    if (FORBIDDEN_ELEMENTS.has(name)) refuse(`element ${name}`);
    if (name === 'style') inStyle += 1;
    for (const attribute of Object.values(tag.attributes)) {
      const local = attribute.local.toLowerCase();
      const value = attribute.value;
      if (local.startsWith('on')) refuse(`event handler ${attribute.name}`);
      if (LINK_ATTRIBUTES.has(local) && !value.trim().startsWith('#')) refuse(`link ${attribute.name}`);
      if (DANGEROUS_SCHEME.test(squeeze(value))) refuse(`url in ${attribute.name}`);
      if (hasOutsideUrl(value)) refuse(`outside url in ${attribute.name}`);
    }
  });
  parser.on('closetag', (tag) => {
    if (tag.local.toLowerCase() === 'style') inStyle -= 1;
  });
  const checkText = (text: string) => {
    if (inStyle > 0 && (hasOutsideUrl(text) || DANGEROUS_SCHEME.test(squeeze(text)))) refuse('style url');
  };
  parser.on('text', checkText);
  parser.on('cdata', checkText);
  try {
    // saxes refuses undeclared entities and malformed documents by throwing.
    parser.write(text).close();
  } catch {
    // A DOCTYPE seen before its entities broke the parse is the better reason.
    return refusal ?? 'not well-formed';
  }
  if (depth === 0) return 'no root element';
  return refusal;
}

/** Checks an uploaded logo; throws the Spanish error to answer with when it is refused. */
export function checkLogo(type: LogoType, bytes: Buffer): void {
  if (bytes.length > LOGO_MAX_BYTES) throw logoTooLarge();
  if (bytes.length === 0) throw badRequest(MSG.logoUnreadable);
  if (type === 'image/svg+xml') {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
    let decoded: string;
    try {
      decoded = text.decode(bytes);
    } catch {
      throw badRequest(MSG.logoUnreadable);
    }
    const refusal = svgRefusal(decoded);
    if (refusal === 'not well-formed' || refusal === 'no root element' || refusal === 'root is not svg')
      throw badRequest(MSG.logoUnreadable);
    if (refusal !== null) throw badRequest(MSG.logoUnsafe);
    return;
  }
  if (!matchesMagic(type, bytes)) throw badRequest(MSG.logoUnreadable);
}

/**
 * Reads a logo body as it streams in, refusing it (413) as soon as it passes LOGO_MAX_BYTES
 * rather than after holding all of it.
 */
export async function readLogoBody(
  stream: AsyncIterable<Buffer | string>,
  declaredLength?: string,
): Promise<Buffer> {
  if (declaredLength !== undefined && Number(declaredLength) > LOGO_MAX_BYTES) throw logoTooLarge();
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    total += buffer.length;
    if (total > LOGO_MAX_BYTES) throw logoTooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
