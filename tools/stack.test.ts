/** @jest-environment node */
import { readableLogLine } from './stack.mjs';

describe('readableLogLine', () => {
  it("shows a server's message, and what went wrong for a warning or an error", () => {
    expect(readableLogLine('{"level":30,"msg":"Server listening"}')).toBe('Server listening');
    expect(
      readableLogLine(
        '{"level":40,"source":"content-api","failure":"unreachable","error":"fetch failed (ECONNREFUSED)","msg":"content-api: unreachable"}',
      ),
    ).toBe('content-api: unreachable: fetch failed (ECONNREFUSED)');
    expect(
      readableLogLine('{"level":50,"err":{"type":"Error","message":"boom","stack":"…"},"msg":"x"}'),
    ).toBe('x: boom');
    // Requests are shown only when they are warnings; anything else as it is.
    expect(readableLogLine('{"level":30,"req":{},"msg":"incoming request"}')).toBeNull();
    expect(readableLogLine('plain text')).toBe('plain text');
  });
});
