/** @jest-environment node */
import { createHash } from 'node:crypto';
import { inlineScriptHashes } from './inline-scripts';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');
const server = { marker: 'm4rk3r', known: ['start()'] };

describe('inlineScriptHashes', () => {
  it("names each of the server's inline scripts that runs by the SHA-256 of its text, once each", () => {
    const html =
      '<head><script>start()</script><script src="/main.js"></script>' +
      '<script type="application/json" id="site-data">{"a":"\\u003c/script>"}</script></head>' +
      '<body><p>&lt;script&gt;not a script&lt;/script&gt;</p>' +
      '<SCRIPT type="module" nonce="m4rk3r">m("é")</SCRIPT>' +
      "<script type='text/javascript'>start()</script><script async nonce=m4rk3r>$RC()</script>" +
      '</body>';
    expect(inlineScriptHashes(html, server)).toEqual([sha('start()'), sha('m("é")'), sha('$RC()')]);
  });

  it("leaves out a script that is not the server's: no marker, or another, and not a known text", () => {
    const html =
      '<script>steal()</script><script nonce="guess">steal()</script>' +
      '<script nonce="m4rk3r2">steal()</script><script>start()</script>';
    expect(inlineScriptHashes(html, server)).toEqual([sha('start()')]);
  });

  it('finds none in a page without inline scripts, and hashes an unclosed one to the end', () => {
    expect(inlineScriptHashes('<p>text</p>', server)).toEqual([]);
    expect(inlineScriptHashes('<script nonce="m4rk3r">cut', server)).toEqual([sha('cut')]);
  });
});
