// The one host-name check of the site's servers and the content API (PUBLIC_HOSTS).
import {
  LOOPBACK_HOST_NAMES,
  bareHost,
  hostAllowed,
  invalidHostEntry,
  isLoopbackHost,
  parseHostList,
  splitHost,
} from '../hosts.mjs';

describe('host names', () => {
  it('splits a Host header or host setting into name and port', () => {
    expect(splitHost('WWW.Example.com:8443')).toEqual({ name: 'www.example.com', port: '8443' });
    expect(splitHost('[::1]:3000')).toEqual({ name: '[::1]', port: '3000' });
    expect(splitHost('::1')).toEqual({ name: '[::1]', port: '' });
    expect(splitHost('')).toBeNull();
    expect(splitHost(undefined)).toBeNull();
  });

  it('knows this machine: localhost, 127.0.0.0/8 and ::1, with or without a port', () => {
    for (const host of [...LOOPBACK_HOST_NAMES, 'localhost:3000', '127.0.0.2', '::1', '[::1]:9']) {
      expect(isLoopbackHost(host)).toBe(true);
    }
    for (const host of ['example.com', 'localhost.example.com:3000', '0.0.0.0', '', ' ', 'a b']) {
      expect(isLoopbackHost(host)).toBe(false);
    }
  });

  it('allows a name on any port, a name:port on that port only, and * for all', () => {
    const allowed = parseHostList(' WWW.example.com , api.example.com:8443,');
    expect(allowed).toEqual(['www.example.com', 'api.example.com:8443']);
    expect(hostAllowed('www.example.com:3000', allowed)).toBe(true);
    expect(hostAllowed('api.example.com:8443', allowed)).toBe(true);
    expect(hostAllowed('api.example.com', allowed)).toBe(false);
    expect(hostAllowed('evil.example', allowed)).toBe(false);
    expect(hostAllowed(undefined, allowed)).toBe(false);
    expect(hostAllowed('anything', ['*'])).toBe(true);
  });

  it('names the first entry that is not a host', () => {
    expect(invalidHostEntry(['www.example.com', '[fd00::2]:80', '*'])).toBeUndefined();
    expect(invalidHostEntry(['ok.example', 'bad_name'])).toBe('bad_name');
  });

  it('writes a bracketed IPv6 name as an address, and leaves every other name as it is', () => {
    expect(bareHost('[::1]')).toBe('::1');
    expect(bareHost('[fd00::2]')).toBe('fd00::2');
    expect(bareHost('127.0.0.1')).toBe('127.0.0.1');
    expect(bareHost('localhost')).toBe('localhost');
    expect(bareHost('[::1')).toBe('[::1');
  });
});
