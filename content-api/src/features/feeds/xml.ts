import { escapeHtml } from '@portfolio/contract';

/** Characters XML 1.0 forbids even when escaped, including unpaired surrogates. */
const INVALID_XML_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text safe to place in XML content or a quoted attribute. */
export function xmlText(text: string): string {
  return escapeHtml(text.replace(INVALID_XML_CHARACTERS, ''));
}

/** `<name>text</name>`, escaped. */
export function element(name: string, text: string): string {
  return `<${name}>${xmlText(text)}</${name}>`;
}

/** `text` as one or more CDATA sections: markup kept as it is, without escaping. */
export function cdata(text: string): string {
  const safe = text.replace(INVALID_XML_CHARACTERS, '').replaceAll(']]>', ']]]]><![CDATA[>');
  return `<![CDATA[${safe}]]>`;
}
