// CI check of the files in deploy/ with the real tools of the platform docs/operations.md names (Debian 12):
// `nginx -t` of deploy/nginx.conf as shipped and with its TLS edit, `systemd-analyze verify` of the units and the
// backup's timer (no message at all), and each unit's `systemd-analyze security` exposure, printed and held below 4.
// Needs nginx and systemd-analyze (scripts/ensure-deploy-tools.sh). Exits 1 on any failure.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { mainConfig, portalSite, portalSiteWithTls } from './nginx-config.mjs';

const deploy = resolve(import.meta.dirname, '../deploy');
const dir = mkdtempSync(join(tmpdir(), 'portal-deploy-check-'));
const failures = [];
const check = (ok, what, detail = '') => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? `\n${detail}` : ''}`);
  if (!ok) failures.push(what);
};
const run = (command, args) => {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return {
    status: result.status,
    output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`.trim(),
  };
};

/** nginx -t of a whole configuration around `site`; a warning counts as a failure too. */
function nginxTest(name, label, site) {
  const prefix = join(dir, name);
  const conf = join(dir, `${name}.conf`);
  writeFileSync(conf, mainConfig(prefix, site));
  spawnSync('mkdir', ['-p', prefix]);
  const { status, output } = run('nginx', ['-t', '-p', prefix, '-e', 'stderr', '-c', conf]);
  const version = run('nginx', ['-v']).output.replace('nginx version: ', '');
  const clean = status === 0 && !/\[(warn|emerg|alert)\]/.test(output);
  check(clean, `nginx -t (${version}): ${label}`, clean ? '' : output);
}

/**
 * The access-log format docs/operations.md gives in section 6 (its nginx block: the http block's part, then the server
 * block's access_log line), around the shipped site: nginx -t, then a signed video address and a page asked through it
 * (the instances are not there: nginx logs its 502) and its log read: the signature blanked, the rest as asked.
 */
async function documentedAccessLog(label) {
  const docs = readFileSync(resolve(import.meta.dirname, '../docs/operations.md'), 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(docs)?.[1] ?? '';
  const [http = '', server = ''] = block.split(/^# in the server block.*$/m);
  const prefix = join(dir, 'access-log');
  const log = join(prefix, 'portal.access.log');
  const accessLog = server.trim().replace(/^access_log \S+/, `access_log ${log}`);
  if (!http.includes('log_format portal') || !accessLog.startsWith('access_log ')) {
    check(false, `${label}: docs/operations.md has no nginx block with log_format portal and its access_log line`);
    return;
  }
  const port = await new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
  const site = portalSite({ upstreams: [9, 10], port }).replace(
    '    server_name _;',
    `    server_name _;\n    ${accessLog}`,
  );
  const conf = join(dir, 'access-log.conf');
  writeFileSync(conf, mainConfig(prefix, `${http}\n${site}`));
  spawnSync('mkdir', ['-p', prefix]);
  // nginx's workers run as nobody when this runs as root.
  chmodSync(dir, 0o755);
  const tested = run('nginx', ['-t', '-p', prefix, '-e', 'stderr', '-c', conf]);
  if (tested.status !== 0 || /\[(warn|emerg|alert)\]/.test(tested.output)) {
    check(false, `${label}: nginx -t`, tested.output);
    return;
  }
  const nginx = spawn('nginx', ['-p', prefix, '-e', 'stderr', '-c', conf], { stdio: 'ignore' });
  const exited = new Promise((done) => nginx.once('exit', done));
  const signature = 'c2lnbmVk.MTcwMDAwMDAwMA.c2lnbmF0dXJl';
  try {
    const ask = async (path) => {
      for (let tries = 0; tries < 100; tries++) {
        try {
          return (await fetch(`http://127.0.0.1:${port}${path}`)).status;
        } catch {
          await new Promise((done) => setTimeout(done, 100));
        }
      }
      throw new Error(`nginx did not answer ${path}`);
    };
    await ask(`/media/v/${signature}/videos/physics/units.webm`);
    await ask('/topic/3?from=home');
  } finally {
    nginx.kill('SIGQUIT');
    await exited;
  }
  const written = readFileSync(log, 'utf8');
  const blanked =
    written.includes('"GET /media/v/[signed]/videos/physics/units.webm HTTP/1.1"') &&
    written.includes('"GET /topic/3?from=home HTTP/1.1"') &&
    !written.includes(signature);
  check(blanked, `${label}: the signature blanked, other addresses whole`, blanked ? '' : written);
}

try {
  const ports = { upstreams: [3001, 3002], port: 18443 };
  nginxTest('plain', 'deploy/nginx.conf as shipped (VM addresses)', portalSite(ports));
  const certificate = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  const made = run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=portal.test',
    '-keyout',
    key,
    '-out',
    certificate,
  ]);
  check(made.status === 0, 'a self-signed certificate for the TLS edit', made.status === 0 ? '' : made.output);
  nginxTest(
    'tls',
    'deploy/nginx.conf with its TLS edit',
    portalSiteWithTls({ ...ports, redirectPort: 18080, certificate, key }),
  );

  await documentedAccessLog("docs/operations.md's access-log format for signed links");

  // systemd-analyze finds the template beside the instance name it is given.
  for (const name of ['portal@.service', 'portal-backup.service', 'portal-backup.timer'])
    copyFileSync(join(deploy, name), join(dir, name));
  const units = [
    ['deploy/portal@.service', join(dir, 'portal@3001.service')],
    ['deploy/portal-backup.service', join(dir, 'portal-backup.service')],
  ];
  const verify = run('systemd-analyze', ['verify', ...units.map(([, path]) => path), join(dir, 'portal-backup.timer')]);
  check(
    verify.status === 0 && verify.output === '',
    'systemd-analyze verify deploy/portal@.service, portal-backup.service and .timer: no message',
    verify.output,
  );
  for (const [shown, path] of units) {
    const security = run('systemd-analyze', ['security', '--offline=true', path]);
    const exposure = /Overall exposure level for \S+: ([\d.]+) (\w+)/.exec(security.output);
    check(
      !!exposure && Number(exposure[1]) < 4,
      `systemd-analyze security ${shown}: ${exposure ? `${exposure[1]} ${exposure[2]}` : 'no figure'}`,
      exposure ? '' : security.output,
    );
  }
} catch (error) {
  check(false, error instanceof Error ? error.message : String(error));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(failures.length ? `deploy files: ${failures.length} failed` : 'deploy files: passed');
process.exit(failures.length ? 1 : 0);
