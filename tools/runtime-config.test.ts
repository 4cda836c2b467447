/** @jest-environment node */
import { isLoopbackHost, isPublicHost } from './runtime-config.mjs';

describe('host names', () => {
  it('knows the loopback names, with or without a port', () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      expect(isLoopbackHost(host)).toBe(true);
    }
    for (const host of ['example.com', 'localhost.example.com:3000', '', undefined, 'a b']) {
      expect(isLoopbackHost(host)).toBe(false);
    }
  });

  it('answers loopback names and the configured public hosts only', () => {
    const env = { PUBLIC_HOSTS: 'www.example.com' };
    expect(isPublicHost('localhost:3000', env)).toBe(true);
    expect(isPublicHost('www.example.com', env)).toBe(true);
    expect(isPublicHost('evil.example', env)).toBe(false);
    expect(isPublicHost(undefined, env)).toBe(false);
  });
});
