import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * A CSP nonce for this response, made on first use (the HTML shell's state script): the answer's
     * policy then allows the one inline script carrying it. Answers that never ask (the API's JSON,
     * files) allow no inline script at all, and cost no random bytes.
     */
    scriptNonce(): string;
  }
}

export type SecurityHeadersOptions = {
  /** `WS_ALLOWED_ORIGINS`: lower case, no trailing slash (config.ts). */
  wsAllowedOrigins: readonly string[];
};

/** One year (ASVS 3.4.1 wants at least that), for this host and its subdomains. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Powerful browser features the app never uses, switched off for this page and every frame in it, so
 * an injected script or a hostile embedded frame cannot ask for them. Only names Chromium knows: an
 * unknown one costs a console error on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** A Host header we are willing to repeat inside a header: a name or an IP literal, with a port. */
const SAFE_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** `https://a.example` -> `wss://a.example`: the form a WebSocket address takes in `connect-src`. */
const toWebSocketOrigin = (origin: string) => origin.replace(/^http(s?):\/\//, 'ws$1://');

const isTls = (request: FastifyRequest) => (request.protocol as string | undefined) === 'https';

/**
 * The page's Content-Security-Policy (decision 0001, "Page headers"):
 * - scripts only from this origin, plus the one inline script holding this response's nonce (the
 *   shell's initial state); no 'unsafe-inline', no eval;
 * - connections to this origin and to the page's own WebSocket origin (ws:// or wss:// of the host the
 *   request was sent to), plus the `WS_ALLOWED_ORIGINS` entries, instead of any ws:/wss: host;
 * - styles keep 'unsafe-inline': Mantine writes CSS variables into `style` attributes on nearly every
 *   component, which neither a nonce nor a hash can allow.
 */
export function contentSecurityPolicy(options: {
  /** The response's script nonce, or null when it has no inline script. */
  nonce: string | null;
  host: string | undefined;
  tls: boolean;
  wsAllowedOrigins: readonly string[];
}): string {
  const connect = ["'self'"];
  if (options.host && SAFE_HOST.test(options.host)) {
    connect.push(`${options.tls ? 'wss' : 'ws'}://${options.host.toLowerCase()}`);
  }
  for (const origin of options.wsAllowedOrigins) connect.push(origin, toWebSocketOrigin(origin));
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': options.nonce === null ? ["'self'"] : ["'self'", `'nonce-${options.nonce}'`],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [...new Set(connect)],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * CSP (a fresh nonce for each answer that asks for one), Permissions-Policy, and HSTS on every answer sent over TLS
 * (`request.protocol` honours TRUST_PROXY, so a TLS-terminating proxy counts). Helmet keeps the
 * other headers (nosniff, referrer policy, frame options); it is told to leave these three alone.
 */
async function securityHeaders(app: FastifyInstance, { wsAllowedOrigins }: SecurityHeadersOptions) {
  // The policy without a nonce depends only on the host and the scheme: built once per pair.
  const policies = new Map<string, string>();
  const policyOf = (host: string | undefined, tls: boolean) => {
    const key = `${tls ? 's' : ''}:${host ?? ''}`;
    let policy = policies.get(key);
    if (policy === undefined) {
      policy = contentSecurityPolicy({ nonce: null, host, tls, wsAllowedOrigins });
      if (policies.size >= 100) policies.clear();
      policies.set(key, policy);
    }
    return policy;
  };
  const nonces = new WeakMap<FastifyReply, string>();
  app.decorateReply('scriptNonce', function (this: FastifyReply) {
    let nonce = nonces.get(this);
    if (nonce === undefined) {
      nonce = randomBytes(16).toString('base64');
      nonces.set(this, nonce);
      this.header(
        'content-security-policy',
        contentSecurityPolicy({
          nonce,
          host: this.request.host as string | undefined,
          tls: isTls(this.request),
          wsAllowedOrigins,
        }),
      );
    }
    return nonce;
  });
  app.addHook('onRequest', async (request, reply) => {
    const tls = isTls(request);
    reply.header('content-security-policy', policyOf(request.host as string | undefined, tls));
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (tls) reply.header('strict-transport-security', HSTS_VALUE);
  });
}

export const securityHeadersPlugin = fp(securityHeaders, { name: 'security-headers' });
