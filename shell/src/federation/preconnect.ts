// The browser learns the remotes' and the API's origins only from the runtime config; telling it
// to connect to them at once saves a connection set-up (DNS, TCP, TLS) on each first request.
export function preconnectTo(urls: readonly string[]): void {
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      const { origin } = new URL(url, window.location.href);
      if (origin !== window.location.origin) origins.add(origin);
    } catch {
      // Not a URL: nothing to connect to.
    }
  }
  for (const origin of origins) {
    const link = document.createElement('link');
    link.rel = 'preconnect';
    link.href = origin;
    // Remote scripts and API calls are CORS requests: the connection must be one for CORS.
    link.crossOrigin = 'anonymous';
    document.head.append(link);
  }
}
