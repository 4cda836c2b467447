/** @jest-environment node */
// A request a server could not read is answered with the project's `{ message }`, and with no
// body to a HEAD request (its client would read one as the next answer): both servers, over a
// real socket, since inject() cannot send what Node refuses to parse.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { answerClientError, clientErrorAnswer } from '../client-errors.mjs';

describe('clientErrorAnswer', () => {
  it.each([
    ['HPE_HEADER_OVERFLOW', 431, 'The request head is too large.'],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408, 'The request took too long to arrive.'],
    ['HPE_INVALID_METHOD', 400, 'Malformed request.'],
  ])('answers %s with %i and { message } to a GET', (code, status, message) => {
    const { raw } = clientErrorAnswer({ code, rawPacket: Buffer.from('GET /x HTTP/1.1\r\n') });
    expect(raw).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(raw.split('\r\n\r\n')[1]).toBe(JSON.stringify({ message }));
  });

  it('answers { message } to a request whose body was being read, by its method', () => {
    const { raw } = clientErrorAnswer({ code: 'ERR_HTTP_REQUEST_TIMEOUT' }, 'POST');
    expect(raw.split('\r\n\r\n')[1]).toBe(
      JSON.stringify({ message: 'The request took too long to arrive.' }),
    );
    expect(clientErrorAnswer({ code: 'ERR_HTTP_REQUEST_TIMEOUT' }, 'HEAD').raw).toMatch(
      /Content-Length: 0\r\n\r\n$/,
    );
  });

  it.each([
    ['a HEAD request', Buffer.from('HEAD /x HTTP/1.1\r\n')],
    ['a request whose method it cannot see', Buffer.from('\r\n\r\n')],
    ['no request bytes at all', undefined],
  ])('sends nothing after the head to %s', (_what, rawPacket) => {
    const { raw } = clientErrorAnswer({ code: 'HPE_HEADER_OVERFLOW', rawPacket });
    expect(raw).toMatch(/Content-Length: 0\r\n\r\n$/);
  });
});

describe('a Fastify server with answerClientError', () => {
  let app: ReturnType<typeof Fastify>;
  let port = 0;
  beforeAll(async () => {
    app = Fastify({ clientErrorHandler: answerClientError });
    app.get('/*', async () => 'page');
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  /** Sends `method` on a path too long for Node's 16 KiB head, as a client library does. */
  const tooLong = (method: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port, method, path: `/${'A'.repeat(17_000)}`, agent: false },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      request.end();
    });

  it('answers a GET with 431 and { message }', async () => {
    await expect(tooLong('GET')).resolves.toEqual({
      status: 431,
      body: JSON.stringify({ message: 'The request head is too large.' }),
    });
  });

  it('answers a HEAD with 431 that its client can read (no body after the head)', async () => {
    await expect(tooLong('HEAD')).resolves.toEqual({ status: 431, body: '' });
  });

  it('answers a request line that is not HTTP with 400, never echoing it', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end('<script>x</script>\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).not.toContain('script');
  });
});
