import type { FastifyInstance } from 'fastify';
import { BlockList, isIP } from 'node:net';
import type { Config } from '../config.ts';

/** The ranges TRUST_PROXY's names stand for (as Fastify's proxy-addr reads them). */
const NAMED_RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.1', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};
const PRIVATE = blockOf(['linklocal', 'uniquelocal']);
const LOCAL = blockOf(['loopback', 'linklocal', 'uniquelocal']);
/** Requests looked at for the "everyone comes from one address" warning. */
const SAMPLE = 100;

function blockOf(entries: string[]) {
  const block = new BlockList();
  for (const entry of entries) {
    for (const [address, bits, family] of NAMED_RANGES[entry] ?? []) block.addSubnet(address, bits, family);
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (!isIP(address)) continue;
    if (bits === undefined) block.addAddress(address, family);
    else block.addSubnet(address, Number(bits), family);
  }
  return block;
}

const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.)/i, '');
const has = (block: BlockList, address: string) => block.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** Whether the connection's own peer is a proxy TRUST_PROXY believes (a hop count believes local addresses only). */
function trustedPeer(trust: Config['TRUST_PROXY']): (peer: string) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return (peer) => has(LOCAL, peer);
  const named = blockOf(trust);
  return (peer) => has(named, peer);
}

/**
 * Says, in the log and in /readyz, when the proxy settings and the traffic disagree (docs/decisions/042): a request
 * carries X-Forwarded-For from a peer that TRUST_PROXY does not name (so it is ignored, or a client is writing it),
 * or TRUST_PROXY is off while every request comes from one private address (a proxy in front: every student would
 * share one address's sign-in limits).
 */
export function watchProxies(app: FastifyInstance): { warnings: () => string[] } {
  const isTrusted = trustedPeer(app.config.TRUST_PROXY);
  const warnings = new Map<string, string>();
  const warn = (key: string, message: string) => {
    if (warnings.has(key) || warnings.size >= 10) return;
    warnings.set(key, message);
    app.log.warn(message);
  };
  const peers = new Set<string>();
  let seen = 0;

  const look = (peer: string, forwarded: boolean) => {
    if (!peer) return;
    if (forwarded && !isTrusted(peer)) {
      warn(
        `untrusted:${peer}`,
        app.config.TRUST_PROXY === false
          ? `Requests from ${peer} carry X-Forwarded-For, but TRUST_PROXY is off: if a reverse proxy is in front, set TRUST_PROXY to it, or every student shares its address's sign-in limits.`
          : `Requests from ${peer} carry X-Forwarded-For, but TRUST_PROXY does not name ${peer}: the header is ignored (a client may be writing it); name your proxies in TRUST_PROXY.`,
      );
    }
    if (app.config.TRUST_PROXY !== false || seen >= SAMPLE) return;
    seen++;
    peers.add(peer);
    if (seen === SAMPLE && peers.size === 1 && has(PRIVATE, peer)) {
      warn(
        'one-address',
        `Every request so far came from ${peer}, a private address, and TRUST_PROXY is off: behind a reverse proxy, set TRUST_PROXY, or all students share one address's sign-in limits (20 codes an hour for everyone together).`,
      );
    }
  };
  // A plain hook, not an async one: it runs on every request and has nothing to wait for.
  app.addHook('onRequest', (request, _reply, done) => {
    look(plain(request.socket.remoteAddress ?? ''), request.headers['x-forwarded-for'] !== undefined);
    done();
  });
  return { warnings: () => [...warnings.values()] };
}
