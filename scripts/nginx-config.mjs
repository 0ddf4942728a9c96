// The shipped deploy/nginx.conf made runnable on this machine for the tests: only the addresses, ports and paths are
// replaced, inside a small main configuration of its own (as Debian's /etc/nginx/nginx.conf would include it), so a
// change to the shipped file is what gets tested. A replacement that no longer finds its text fails loudly.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const shippedConfig = resolve(import.meta.dirname, '../deploy/nginx.conf');

function replaceOnce(text, from, to) {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`deploy/nginx.conf: expected "${from}" exactly once`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** The portal's server block with the two instances at `upstreams` (ports on 127.0.0.1), listening on `port`. */
export function portalSite({ upstreams: [a, b], port }) {
  let site = readFileSync(shippedConfig, 'utf8');
  site = replaceOnce(site, 'portal-a:3000', `127.0.0.1:${a}`);
  site = replaceOnce(site, 'portal-b:3000', `127.0.0.1:${b}`);
  return replaceOnce(site, '    listen 80;', `    listen 127.0.0.1:${port};`);
}

/**
 * The TLS edit as deploy/nginx.conf's comment words it: its `listen 443 …` and `ssl_certificate…` lines in place of
 * `listen 80;`, and the redirecting server block after, with this machine's ports and certificate.
 */
export function portalSiteWithTls({ upstreams, port, redirectPort, certificate, key }) {
  const site = portalSite({ upstreams, port });
  const commented = (pattern) => {
    const line = site.split('\n').find((l) => pattern.test(l));
    if (!line) throw new Error(`deploy/nginx.conf: no comment line matches ${pattern}`);
    return line.replace(/^\s*#\s*/, '    ');
  };
  const tls = [
    commented(/^\s*#\s+listen 443 /),
    commented(/^\s*#\s+ssl_certificate\s/),
    commented(/^\s*#\s+ssl_certificate_key\s/),
  ]
    .join('\n')
    .replace('listen 443 ', `listen 127.0.0.1:${port} `)
    .replace(/ssl_certificate(\s+)\S+;/, `ssl_certificate$1${certificate};`)
    .replace(/ssl_certificate_key(\s+)\S+;/, `ssl_certificate_key$1${key};`);
  const redirect = /add after this block: (server \{.*\})\s*$/m.exec(site)?.[1];
  if (!redirect) throw new Error('deploy/nginx.conf: no redirecting server block in the TLS comment');
  return `${replaceOnce(site, `    listen 127.0.0.1:${port};`, tls)}\n${replaceOnce(redirect, 'listen 80;', `listen 127.0.0.1:${redirectPort};`)}\n`;
}

/** A whole configuration around `site` that runs in the foreground, unprivileged, with every file under `prefix`. */
export function mainConfig(prefix, site) {
  return `daemon off;
worker_processes 2;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
    log_format upstreams '$msec $status $request_method $uri upstream=$upstream_addr statuses=$upstream_status';
    access_log ${prefix}/access.log upstreams;
    client_body_temp_path ${prefix}/client_body;
    proxy_temp_path ${prefix}/proxy;
    fastcgi_temp_path ${prefix}/fastcgi;
    uwsgi_temp_path ${prefix}/uwsgi;
    scgi_temp_path ${prefix}/scgi;
${site}
}
`;
}
