// Uploaded SVG is rewritten through DOMPurify's SVG allow-list (on a jsdom window), so only
// known-harmless SVG elements and attributes are stored: anything else — an XHTML
// <meta http-equiv="refresh">, a script, an event handler, an element a deny-list never heard
// of — is dropped. inspectSvg() still refuses the obviously hostile first, with a clear reason.
import type { DOMPurify } from 'dompurify';

/**
 * SVG's mixed-case names. DOMPurify's lists are lower-case (an HTML parser lower-cases and
 * then adjusts them), but an SVG file is parsed as XML, where names keep their case: without
 * these, `viewBox` or `<linearGradient>` would be dropped. Only names whose lower-case form is
 * on DOMPurify's SVG lists are harmless; animation and `foreignObject` are left out on purpose.
 */
const MIXED_CASE_ELEMENTS = [
  'clipPath',
  'linearGradient',
  'radialGradient',
  'textPath',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
];
const MIXED_CASE_ATTRIBUTES = [
  'viewBox',
  'preserveAspectRatio',
  'baseFrequency',
  'clipPathUnits',
  'diffuseConstant',
  'edgeMode',
  'filterUnits',
  'gradientTransform',
  'gradientUnits',
  'kernelMatrix',
  'kernelUnitLength',
  'lengthAdjust',
  'limitingConeAngle',
  'markerHeight',
  'markerUnits',
  'markerWidth',
  'maskContentUnits',
  'maskUnits',
  'numOctaves',
  'pathLength',
  'patternContentUnits',
  'patternTransform',
  'patternUnits',
  'pointsAtX',
  'pointsAtY',
  'pointsAtZ',
  'preserveAlpha',
  'primitiveUnits',
  'refX',
  'refY',
  'specularConstant',
  'specularExponent',
  'spreadMethod',
  'startOffset',
  'stdDeviation',
  'stitchTiles',
  'surfaceScale',
  'systemLanguage',
  'tableValues',
  'targetX',
  'targetY',
  'textLength',
  'xChannelSelector',
  'yChannelSelector',
];

let purifier: Promise<DOMPurify> | undefined;

/** jsdom is heavy: loaded on the first SVG upload, then reused. */
function getPurifier(): Promise<DOMPurify> {
  purifier ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([
      import('jsdom'),
      import('dompurify'),
    ]);
    // DOMPurify types its window parameter as the DOM's; jsdom's is structurally the same.
    return createDOMPurify(
      new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0],
    );
  })();
  return purifier;
}

/** The XML declaration, which DOMPurify's XHTML parsing would choke on inside its wrapper. */
const XML_DECLARATION = /^\s*<\?xml[^?]*\?>\s*/;

/**
 * `data` (UTF-8 SVG already checked by inspectSvg) with everything off the allow-list
 * removed, or undefined when nothing of an `<svg>` document is left.
 */
export async function sanitizeSvg(data: Buffer): Promise<Buffer | undefined> {
  const purify = await getPurifier();
  const source = data.toString('utf8').replace(XML_DECLARATION, '');
  const clean = purify.sanitize(source, {
    USE_PROFILES: { svg: true, svgFilters: true },
    // Parse as XML, as a browser does an SVG file: an HTML parser would rearrange the tree.
    PARSER_MEDIA_TYPE: 'application/xhtml+xml',
    NAMESPACE: 'http://www.w3.org/2000/svg',
    ADD_TAGS: MIXED_CASE_ELEMENTS,
    ADD_ATTR: MIXED_CASE_ATTRIBUTES,
  });
  if (!/^<svg[\s>]/.test(clean)) return undefined;
  return Buffer.from(clean, 'utf8');
}
