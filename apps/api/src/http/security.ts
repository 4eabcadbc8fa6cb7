import fastifyHelmet from '@fastify/helmet';
import { SUPPORTED_CHAINS } from '@sgx/chain';
import type { Config } from '../config';
import type { App } from '../deps';

/** HSTS for a year, subdomains included; sent only on answers to HTTPS requests. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Where the video player of the watch dialog embeds from (apps/web/src/modules/watch/components/embed.ts). */
const VIDEO_PLAYERS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/**
 * What WalletConnect's pairing and QR window (Reown AppKit) reach, after Reown's published CSP guidance
 * and the hosts in the built bundle. Allowed only when WALLETCONNECT_PROJECT_ID is set.
 */
const WALLETCONNECT = {
  connect: [
    'https://rpc.walletconnect.org',
    'https://rpc.walletconnect.com',
    'https://relay.walletconnect.org',
    'https://relay.walletconnect.com',
    'wss://relay.walletconnect.org',
    'wss://relay.walletconnect.com',
    'https://pulse.walletconnect.org',
    'https://pulse.walletconnect.com',
    'https://verify.walletconnect.org',
    'https://verify.walletconnect.com',
    'https://keys.walletconnect.org',
    'https://keys.walletconnect.com',
    'https://api.web3modal.org',
    'https://api.web3modal.com',
  ],
  frame: [
    'https://verify.walletconnect.org',
    'https://verify.walletconnect.com',
    'https://secure.walletconnect.org',
    'https://secure.walletconnect.com',
  ],
  font: ['https://fonts.reown.com'],
  // Wallet logos come from the wallets' own hosts.
  img: ['https:'],
};

/** The origin of each chain endpoint the browser is told to use (GET /chains), invalid ones left out. */
export function browserRpcOrigins(config: Pick<Config, 'publicRpcUrls'>): string[] {
  const origins = new Set<string>();
  for (const chain of SUPPORTED_CHAINS) {
    for (const url of config.publicRpcUrls[chain.id] ?? chain.publicRpcUrls) {
      try {
        origins.add(new URL(url).origin);
      } catch {
        // Not a URL: the browser cannot use it either.
      }
    }
  }
  return [...origins];
}

type Directives = Record<string, string[]>;

/**
 * The Permissions-Policy of every answer (decision 0032): the browser features the app never uses are
 * off for it and anything it embeds; what it does use stays: clipboard-write for its copy buttons (the
 * secret key, recovery codes, addresses) and, for the video players of the watch dialog only, autoplay,
 * encrypted-media, picture-in-picture and fullscreen (its iframe's `allow`). Wallets (injected or
 * WalletConnect) need none of these features. Only features Chromium knows (it warns of others).
 */
export function permissionsPolicy(): string {
  const players = VIDEO_PLAYERS.map((origin) => `"${origin}"`).join(' ');
  const allowed: Record<string, string> = {
    'clipboard-write': 'self',
    autoplay: `self ${players}`,
    'encrypted-media': `self ${players}`,
    'picture-in-picture': `self ${players}`,
    fullscreen: `self ${players}`,
  };
  const denied = [
    'accelerometer',
    'camera',
    'clipboard-read',
    'display-capture',
    'gamepad',
    'geolocation',
    'gyroscope',
    'hid',
    'idle-detection',
    'local-fonts',
    'magnetometer',
    'microphone',
    'midi',
    'payment',
    'publickey-credentials-get',
    'screen-wake-lock',
    'serial',
    'usb',
    'xr-spatial-tracking',
  ];
  return [
    ...Object.entries(allowed).map(([feature, list]) => `${feature}=(${list})`),
    ...denied.map((feature) => `${feature}=()`),
  ].join(', ');
}

/** The Content-Security-Policy of every answer: the web app, the API docs, the API and uploaded images. */
export function cspDirectives(config: Pick<Config, 'publicRpcUrls' | 'walletConnectProjectId'>) {
  const wc = config.walletConnectProjectId ? WALLETCONNECT : { connect: [], frame: [], font: [], img: [] };
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    // Scripts from the app's files only: the web build writes no inline script (vite-plugins/firstScreen.ts).
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // Mantine and the toasts set style attributes and write <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    // data:/blob: for wallet icons (EIP-6963 announces them as data: URLs) and generated images.
    'img-src': ["'self'", 'data:', 'blob:', ...wc.img],
    'font-src': ["'self'", 'data:', ...wc.font],
    'media-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", ...browserRpcOrigins(config), ...wc.connect],
    'frame-src': [...VIDEO_PLAYERS, ...wc.frame],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
  } satisfies Directives;
}

/**
 * Browser security headers on every answer, through @fastify/helmet: the CSP above, X-Frame-Options DENY,
 * nosniff, Referrer-Policy strict-origin-when-cross-origin (YouTube's player needs the origin), the
 * Permissions-Policy above, and HSTS only when the request came over HTTPS (directly, or through a
 * proxy's X-Forwarded-Proto when TRUST_PROXY is set): a plain-HTTP answer must not pin a host that may
 * not serve HTTPS. Decisions 0014, 0032.
 */
export async function registerSecurityHeaders(app: App, config: Config): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Set per request below: helmet's options are the same for every request.
    strictTransportSecurity: false,
  });
  const permissions = permissionsPolicy();
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', permissions);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
