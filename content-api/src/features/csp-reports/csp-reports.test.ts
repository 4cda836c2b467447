import { Writable } from 'node:stream';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const REPORTING_API = [
  {
    type: 'csp-violation',
    age: 10,
    url: 'https://www.example.com/blog?q=secret',
    user_agent: 'Mozilla/5.0',
    body: {
      documentURL: 'https://www.example.com/blog?q=secret',
      blockedURL: 'https://evil.example/x.js?token=abc',
      effectiveDirective: 'script-src-elem',
      disposition: 'enforce',
    },
  },
];
const LEGACY = {
  'csp-report': {
    'document-uri': 'https://www.example.com/contact#form',
    'blocked-uri': 'inline',
    'violated-directive': 'style-src-attr',
    'effective-directive': 'style-src-attr',
  },
};

describe('POST /api/csp-reports', () => {
  let t: TestApp;
  const lines: string[] = [];
  const post = (payload: unknown, contentType: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/csp-reports',
      headers: { 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      remoteAddress,
    });

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    t = await createTestApp('pglite', {
      seed: false,
      logger: { level: 'info', stream },
      cspReportRateLimit: 3,
    });
  });
  afterAll(() => t.close());

  it('takes a Reporting API batch: 204, one compact log line, no query strings', async () => {
    lines.length = 0;
    const response = await post(REPORTING_API, 'application/reports+json');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const logged = lines.map((line) => JSON.parse(line) as { msg: string }).map((l) => l.msg);
    const report = logged.find((msg) => msg.startsWith('CSP violation'));
    expect(report).toBe(
      'CSP violation: script-src-elem blocked https://evil.example/x.js on https://www.example.com/blog (enforce)',
    );
  });

  it('takes a report-uri report (application/csp-report)', async () => {
    lines.length = 0;
    const response = await post(LEGACY, 'application/csp-report', '10.0.0.2');
    expect(response.statusCode).toBe(204);
    expect(lines.join('')).toContain(
      'CSP violation: style-src-attr blocked inline on https://www.example.com/contact',
    );
  });

  it.each([
    ['not JSON', '{', 'application/reports+json', 400],
    ['another shape', { hello: 'world' }, 'application/csp-report', 400],
    ['too many reports', Array(101).fill({ type: 'x' }), 'application/reports+json', 400],
    ['text/plain', 'x', 'text/plain', 415],
    [
      'over 16 KiB',
      [{ type: 'x', body: { a: 'x'.repeat(17_000) } }],
      'application/reports+json',
      413,
    ],
  ])('refuses %s', async (label, payload, type, status) => {
    // One client per case, so the rate limit stays out of it.
    const response = await post(payload, type, `10.0.1.${label.length}`);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('is rate limited per client', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await post(LEGACY, 'application/csp-report', '10.0.0.9')).statusCode);
    }
    expect(statuses).toEqual([204, 204, 204, 429, 429]);
  });
});
