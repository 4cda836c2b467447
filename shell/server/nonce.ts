// A page's Content-Security-Policy nonce: 128 random bits per response, cut from a pool filled
// by one system call per 256 pages.
import { randomBytes } from 'node:crypto';

const NONCE_BYTES = 16;
let pool = Buffer.alloc(0);
let at = 0;

export function nextNonce(): string {
  if (at >= pool.length) {
    pool = randomBytes(NONCE_BYTES * 256);
    at = 0;
  }
  at += NONCE_BYTES;
  return pool.toString('base64', at - NONCE_BYTES, at);
}
