import {
  MAX_SVG_DEPTH,
  MAX_SVG_ELEMENTS,
  SVG_TOO_DEEP,
  SVG_TOO_MANY_ELEMENTS,
  inspectImage,
  inspectSvg,
} from './image-type.js';

const svg = (body: string) => Buffer.from(body);

describe('inspectImage', () => {
  it.each([
    ['png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'image/png'],
    ['jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xdb]), 'image/jpeg'],
    ['gif87a', Buffer.from('GIF87a....'), 'image/gif'],
    ['webp', Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 '), 'image/webp'],
  ])('recognises %s by its magic bytes', (_kind, bytes, contentType) => {
    expect(inspectImage(bytes)).toEqual({
      ok: true,
      type: expect.objectContaining({ contentType }),
    });
  });

  it('ignores what the bytes claim to be by name: text is not an image', () => {
    expect(inspectImage(Buffer.from('PNG but not really'))).toMatchObject({ ok: false });
    expect(inspectImage(Buffer.from([0xff, 0xfe, 0x00]))).toMatchObject({ ok: false });
  });
});

describe('inspectSvg', () => {
  it.each([
    '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
    '<?xml version="1.0" encoding="UTF-8"?>\n<!-- art --><svg><style>rect{fill:red}</style></svg>',
    '\uFEFF<svg viewBox="0 0 1 1"><a href="https://example.com"><text>hi</text></a></svg>',
    '<svg xmlns:xlink="http://www.w3.org/1999/xlink"><defs><g id="i"/></defs><use xlink:href="#i"/></svg>',
    '<svg><image href="data:image/png;base64,iVBORw0KGgo="/></svg>',
  ])('accepts a harmless SVG %#', (source) => {
    expect(inspectSvg(svg(source))).toMatchObject({
      ok: true,
      type: { contentType: 'image/svg+xml' },
    });
  });

  it.each([
    ['a script element', '<svg><script>alert(1)</script></svg>', /<script>/],
    [
      'a namespaced script',
      '<svg xmlns:s="http://www.w3.org/2000/svg"><s:script/></svg>',
      /<s:script>/,
    ],
    ['an upper-case script', '<svg><g><SCRIPT>x</SCRIPT></g></svg>', /<SCRIPT>/],
    ['foreignObject', '<svg><foreignObject><p>x</p></foreignObject></svg>', /foreignObject/],
    ['an event handler', '<svg><rect onclick="x()"/></svg>', /event handlers \(onclick\)/],
    ['an upper-case handler', '<svg ONLOAD="x()"/>', /event handlers/],
    ['a javascript: URL', '<svg><a href="javascript:alert(1)">x</a></svg>', /javascript:/],
    ['an encoded javascript: URL', '<svg><a href="jav&#x61;script:x">x</a></svg>', /javascript:/],
    [
      'a javascript: URL in CSS',
      '<svg><style>a{background:url( JavaScript :x)}</style></svg>',
      /javascript:/,
    ],
    [
      'an embedded SVG document',
      '<svg><use href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="/></svg>',
      /reference other documents \(href\)/,
    ],
    [
      'an embedded HTML document',
      '<svg><image xlink:href="data:text/html,&lt;script&gt;"/></svg>',
      /reference other documents \(xlink:href\)/,
    ],
    ['a file beside it', '<svg><use href="sprite.svg#icon"/></svg>', /reference other documents/],
    ['a file URL', '<svg><image href="file:///etc/passwd"/></svg>', /reference other documents/],
    ['a DOCTYPE', '<!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>', /DOCTYPE/],
    [
      'a processing instruction',
      '<svg><?xml-stylesheet href="x.css"?></svg>',
      /processing instructions/,
    ],
    ['malformed XML', '<svg><g></svg>', /well-formed/],
    ['two roots', '<svg/><svg/>', /well-formed|single <svg> root/],
    ['another root', '<html><svg/></html>', /Unsupported image type/],
    ['invalid UTF-8', '\xff\xfe<svg/>', /Unsupported image type/],
  ])('rejects %s', (_label, source, reason) => {
    const bytes = source.startsWith('\xff') ? Buffer.from(source, 'latin1') : svg(source);
    const inspection = inspectSvg(bytes);
    expect(inspection.ok).toBe(false);
    expect(inspection.ok ? '' : inspection.reason).toMatch(reason);
  });

  /** An <svg> with `levels` nested <g> inside it. */
  const nested = (levels: number) => `<svg>${'<g>'.repeat(levels)}${'</g>'.repeat(levels)}</svg>`;

  it('accepts elements nested to the limit, and refuses one level more with a reason', () => {
    expect(inspectSvg(svg(nested(MAX_SVG_DEPTH - 1)))).toMatchObject({ ok: true });
    for (const levels of [MAX_SVG_DEPTH, 5000]) {
      expect(inspectSvg(svg(nested(levels)))).toEqual({ ok: false, reason: SVG_TOO_DEEP });
    }
  });

  it('refuses more elements than the limit, before parsing them', () => {
    const many = (count: number) => `<svg>${'<rect/>'.repeat(count - 1)}</svg>`;
    expect(inspectSvg(svg(many(MAX_SVG_ELEMENTS)))).toMatchObject({ ok: true });
    expect(inspectSvg(svg(many(MAX_SVG_ELEMENTS + 1)))).toEqual({
      ok: false,
      reason: SVG_TOO_MANY_ELEMENTS,
    });
  });
});
