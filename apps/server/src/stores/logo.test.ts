import { describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from '@mitos/domain/community';
import { checkLogo, logoTypeOf, matchesMagic, svgRefusal } from './logo';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const svg = (inner: string, attrs = '') => `<svg xmlns="http://www.w3.org/2000/svg"${attrs}>${inner}</svg>`;

describe('logo types', () => {
  it('reads the media type of a Content-Type header', () => {
    expect(logoTypeOf('image/PNG; charset=binary')).toBe('image/png');
    expect(logoTypeOf('image/svg+xml')).toBe('image/svg+xml');
    expect(logoTypeOf('image/gif')).toBeNull();
    expect(logoTypeOf(undefined)).toBeNull();
  });

  it('checks the magic bytes of each raster type', () => {
    expect(matchesMagic('image/png', PNG)).toBe(true);
    expect(matchesMagic('image/jpeg', JPEG)).toBe(true);
    expect(matchesMagic('image/webp', WEBP)).toBe(true);
    expect(matchesMagic('image/jpeg', PNG)).toBe(false);
    expect(matchesMagic('image/png', Buffer.from('<svg/>'))).toBe(false);
    expect(matchesMagic('image/webp', Buffer.from('RIFF'))).toBe(false);
  });

  it('refuses oversized, empty and mislabelled files in Spanish', () => {
    expect(() => checkLogo('image/png', Buffer.alloc(LOGO_MAX_BYTES + 1, 0x89))).toThrow(
      'El logo no puede superar los 256 KB',
    );
    expect(() => checkLogo('image/png', Buffer.alloc(0))).toThrow('El archivo no es una imagen válida');
    expect(() => checkLogo('image/jpeg', PNG)).toThrow('El archivo no es una imagen válida');
    expect(() => checkLogo('image/png', PNG)).not.toThrow();
  });
});

describe('SVG logos', () => {
  it('accepts a plain drawing with internal references and inline styles', () => {
    const plain = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
        '<style>.a { fill: url(#g); }</style><rect class="a" width="10" height="10" style="fill:url(#g)"/>' +
        '<use href="#g"/><use xlink:href="#g"/>',
      ' xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"',
    );
    expect(svgRefusal(plain)).toBeNull();
    expect(svgRefusal(`<?xml version="1.0" encoding="UTF-8"?>\n${plain}`)).toBeNull();
  });

  it.each([
    ['script', svg('<script>alert(1)</script>')],
    [
      'script in another namespace prefix',
      svg('<x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script>'),
    ],
    ['onload', svg('<rect width="1" height="1"/>', ' onload="alert(1)"')],
    ['onclick on a child', svg('<rect ONCLICK="alert(1)"/>')],
    ['javascript: link', svg('<a href="javascript:alert(1)"><text>x</text></a>')],
    ['javascript: with whitespace', svg('<a href=" java&#x09;script:alert(1)"><text>x</text></a>')],
    [
      'xlink:href to data:',
      svg(
        '<image xlink:href="data:image/svg+xml;base64,AAAA"/>',
        ' xmlns:xlink="http://www.w3.org/1999/xlink"',
      ),
    ],
    ['external image', svg('<image href="https://example.com/x.png"/>')],
    ['style url to outside', svg('<rect style="fill:url(https://example.com/x)"/>')],
    ['style element url', svg('<style>rect { background: url("https://example.com/x") }</style>')],
    ['style element import', svg('<style>@import "https://example.com/x.css";</style>')],
    [
      'foreignObject',
      svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'),
    ],
    ['animate into a link', svg('<a><set attributeName="href" to="javascript:alert(1)"/></a>')],
    ['doctype', `<!DOCTYPE svg>${svg('')}`],
    ['entity', `<!DOCTYPE svg [<!ENTITY x "y">]>${svg('&x;')}`],
    ['xml-stylesheet', `<?xml-stylesheet href="https://example.com/x.css"?>${svg('')}`],
  ])('refuses %s', (_name, text) => {
    expect(svgRefusal(text)).not.toBeNull();
    expect(() => checkLogo('image/svg+xml', Buffer.from(text))).toThrow(/SVG|válida/);
  });

  it('refuses what is not an SVG document', () => {
    expect(svgRefusal('<svg')).not.toBeNull();
    expect(svgRefusal('<html></html>')).not.toBeNull();
    expect(svgRefusal('')).not.toBeNull();
    expect(svgRefusal(svg('&undeclared;'))).not.toBeNull();
    expect(() => checkLogo('image/svg+xml', Buffer.from([0xff, 0xfe, 0x00]))).toThrow(
      'El archivo no es una imagen válida',
    );
  });
});
