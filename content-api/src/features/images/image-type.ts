// Decides what an uploaded file really is from its bytes, never from its name or the client's
// Content-Type. Raster formats by magic bytes; SVG by parsing it as XML and refusing anything
// that could run script when the file is opened directly.
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export interface ImageType {
  contentType: string;
  extension: string;
}

export type ImageInspection = { ok: true; type: ImageType } | { ok: false; reason: string };

const PNG: ImageType = { contentType: 'image/png', extension: 'png' };
const JPEG: ImageType = { contentType: 'image/jpeg', extension: 'jpg' };
const GIF: ImageType = { contentType: 'image/gif', extension: 'gif' };
const WEBP: ImageType = { contentType: 'image/webp', extension: 'webp' };
const AVIF: ImageType = { contentType: 'image/avif', extension: 'avif' };
export const SVG: ImageType = { contentType: 'image/svg+xml', extension: 'svg' };

export const CONTENT_TYPE_BY_EXTENSION: Record<string, string> = Object.fromEntries(
  [PNG, JPEG, GIF, WEBP, AVIF, SVG].map((type) => [type.extension, type.contentType]),
);

const UNSUPPORTED = 'Unsupported image type: upload a PNG, JPEG, WebP, AVIF, GIF or SVG image.';

function startsWith(data: Buffer, bytes: number[], offset = 0): boolean {
  return bytes.every((byte, index) => data[offset + index] === byte);
}

/**
 * An ISO base media file (`ftyp` box first) whose major or a compatible brand is AVIF: `avif`
 * (a still image) or `avis` (a sequence). HEIC (`heic`, `mif1` alone) is not AVIF.
 */
function isAvif(data: Buffer): boolean {
  if (data.subarray(4, 8).toString('latin1') !== 'ftyp') return false;
  const boxSize = Math.min(data.readUInt32BE(0), data.length, 256);
  for (let offset = 8; offset + 4 <= boxSize; offset += offset === 8 ? 8 : 4) {
    const brand = data.subarray(offset, offset + 4).toString('latin1');
    if (brand === 'avif' || brand === 'avis') return true;
  }
  return false;
}

/** A raster image's type by its magic bytes; undefined for anything else. */
export function rasterType(data: Buffer): ImageType | undefined {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (startsWith(data, [0xff, 0xd8, 0xff])) return JPEG;
  const header = data.subarray(0, 12).toString('latin1');
  if (header.startsWith('GIF87a') || header.startsWith('GIF89a')) return GIF;
  if (header.startsWith('RIFF') && header.slice(8, 12) === 'WEBP') return WEBP;
  if (data.length >= 16 && isAvif(data)) return AVIF;
  return undefined;
}

/** Elements that run script or embed another document. */
const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
]);

type XmlNode = Record<string, unknown>;

function localName(name: string): string {
  return (name.includes(':') ? name.slice(name.indexOf(':') + 1) : name).toLowerCase();
}

function decodeNumericEntities(text: string): string {
  return text.replace(/&#(x[0-9a-f]+|[0-9]+);?/gi, (match, code: string) => {
    const value = code[0] === 'x' || code[0] === 'X' ? parseInt(code.slice(1), 16) : Number(code);
    return value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : match;
  });
}

/** `java\tscript:`, `JaVaScRiPt:` and `&#106;avascript:` all count. */
function containsJavascriptUrl(text: string): boolean {
  return (
    decodeNumericEntities(text)
      // eslint-disable-next-line no-control-regex -- browsers ignore control characters in URLs
      .replace(/[\s\u0000-\u001f]+/g, '')
      .toLowerCase()
      .includes('javascript:')
  );
}

/**
 * What a reference (`href`, `xlink:href`, `src`) may point at: an element of the same image, a
 * web page (a link), or an embedded raster image. Not another SVG or HTML document (a `data:`
 * URL can carry one), nor a file beside it.
 */
function isSafeReference(value: string): boolean {
  const url = decodeNumericEntities(value).trim();
  return /^#|^https?:\/\/|^data:image\/(png|jpeg|gif|webp)[;,]/i.test(url);
}

const REFERENCE_ATTRIBUTES = new Set(['href', 'src']);

/** Walks parser output (preserveOrder form); returns why the tree is unsafe, if it is. */
function findUnsafeNode(nodes: XmlNode[]): string | undefined {
  for (const node of nodes) {
    const names = Object.keys(node).filter((key) => key !== ':@' && !key.startsWith('#'));
    for (const key of names) {
      if (key.startsWith('?') && key !== '?xml')
        return 'SVG images must not contain processing instructions.';
      if (FORBIDDEN_ELEMENTS.has(localName(key)))
        return `SVG images must not contain <${key}> elements.`;
    }
    const attributes = (node[':@'] ?? {}) as Record<string, unknown>;
    for (const [name, value] of Object.entries(attributes)) {
      if (localName(name).startsWith('on'))
        return `SVG images must not contain event handlers (${name}).`;
      if (REFERENCE_ATTRIBUTES.has(localName(name)) && !isSafeReference(String(value))) {
        return containsJavascriptUrl(String(value))
          ? 'SVG images must not contain javascript: URLs.'
          : `SVG images must not reference other documents (${name}).`;
      }
    }
    for (const key of names) {
      const value = node[key];
      if (Array.isArray(value)) {
        const reason = findUnsafeNode(value as XmlNode[]);
        if (reason) return reason;
      }
    }
  }
  return undefined;
}

/**
 * How deep an SVG's elements may nest (the XML parser's own limit, set here so it is ours) and
 * how many it may have: beyond either, checking and sanitising it is work no image needs
 * (issue 23, findings 3 and 4).
 */
export const MAX_SVG_DEPTH = 100;
export const MAX_SVG_ELEMENTS = 10_000;
export const SVG_TOO_DEEP = `SVG images must not nest elements more than ${MAX_SVG_DEPTH} deep.`;
export const SVG_TOO_MANY_ELEMENTS = `SVG images must not have more than ${MAX_SVG_ELEMENTS.toLocaleString('en')} elements.`;

/** Start tags, counted without parsing (comments and text that look like tags count too). */
function countStartTags(text: string): number {
  let count = 0;
  for (let at = text.indexOf('<'); at >= 0; at = text.indexOf('<', at + 1)) {
    if (/[A-Za-z_:]/.test(text[at + 1] ?? '')) count += 1;
  }
  return count;
}

export function inspectSvg(data: Buffer): ImageInspection {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    return { ok: false, reason: UNSUPPORTED };
  }
  // DTDs allow entity expansion tricks and are never needed for an image.
  if (/<svg[\s/>]/i.test(text) && /<!DOCTYPE|<!ENTITY/i.test(text)) {
    return { ok: false, reason: 'SVG images must not contain a DOCTYPE.' };
  }
  if (!/^\s*(<\?xml[\s\S]*?\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s/>]/i.test(text)) {
    return { ok: false, reason: UNSUPPORTED };
  }
  if (countStartTags(text) > MAX_SVG_ELEMENTS) return { ok: false, reason: SVG_TOO_MANY_ELEMENTS };
  if (XMLValidator.validate(text) !== true) {
    return { ok: false, reason: 'The SVG image is not well-formed XML.' };
  }
  let nodes: XmlNode[];
  try {
    nodes = new XMLParser({
      preserveOrder: true,
      ignoreAttributes: false,
      attributeNamePrefix: '',
      allowBooleanAttributes: true,
      processEntities: false,
      commentPropName: '#comment',
      cdataPropName: '#cdata',
      // The parser allows one level past its limit.
      maxNestedTags: MAX_SVG_DEPTH - 1,
    }).parse(text) as XmlNode[];
  } catch (error) {
    // The parser throws past its depth limit (that was a 500); anything else it cannot parse
    // after the validator passed it is no image either.
    const tooDeep = /nested tags/i.test((error as Error).message);
    return { ok: false, reason: tooDeep ? SVG_TOO_DEEP : 'The SVG image is not well-formed XML.' };
  }
  const elements = nodes.filter((node) =>
    Object.keys(node).some((key) => key !== ':@' && !key.startsWith('#') && !key.startsWith('?')),
  );
  const root = elements[0] && Object.keys(elements[0]).find((key) => key !== ':@');
  if (elements.length !== 1 || root !== 'svg') {
    return { ok: false, reason: 'An SVG image must have a single <svg> root element.' };
  }
  const unsafe = findUnsafeNode(nodes);
  if (unsafe) return { ok: false, reason: unsafe };
  if (containsJavascriptUrl(text)) {
    return { ok: false, reason: 'SVG images must not contain javascript: URLs.' };
  }
  return { ok: true, type: SVG };
}

export function inspectImage(data: Buffer): ImageInspection {
  const raster = rasterType(data);
  if (raster) return { ok: true, type: raster };
  return inspectSvg(data);
}
