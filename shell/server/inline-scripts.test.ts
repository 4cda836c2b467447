/** @jest-environment node */
import { createHash } from 'node:crypto';
import { inlineScriptHashes } from './inline-scripts';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

describe('inlineScriptHashes', () => {
  it('names each inline script that runs by the SHA-256 of its text, once each, in order', () => {
    const html =
      '<head><script>start()</script><script src="/main.js"></script>' +
      '<script type="application/json" id="site-data">{"a":"\\u003c/script>"}</script></head>' +
      '<body><p>&lt;script&gt;not a script&lt;/script&gt;</p><SCRIPT type="module">m("é")</SCRIPT>' +
      "<script type='text/javascript'>start()</script><script async>$RC()</script></body>";
    expect(inlineScriptHashes(html)).toEqual([sha('start()'), sha('m("é")'), sha('$RC()')]);
  });

  it('finds none in a page without inline scripts, and hashes an unclosed one to the end', () => {
    expect(inlineScriptHashes('<p>text</p>')).toEqual([]);
    expect(inlineScriptHashes('<script>cut')).toEqual([sha('cut')]);
  });
});
