// CI test of the production layout: the BUILT server (no tsx), run as two instances started at the same
// moment on a fresh, empty PostgreSQL database, sharing MEDIA_DIR and MATERIALS_DIR; the second with WORKERS=2,
// so three processes migrate and seed at once. A student signs in
// through one instance; the token, a signed video link and a study-material PDF then work on the other,
// and both give the same content ETags. Prints what it measured; exits 1 on any failure.
//
//   node scripts/two-instances.mjs [tree]   tree: where the built server is (default: this repository;
//                                           scripts/make-release.mjs makes a pruned one)
// Needs PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

const tree = resolve(process.argv[2] ?? resolve(import.meta.dirname, '..'));
const serverJs = join(tree, 'apps/server/dist/server.js');
if (!existsSync(serverJs)) {
  console.error(`No built server at ${serverJs}: run npm run build first.`);
  process.exit(1);
}
const serverUrl = new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
const database = `portal_two_${randomBytes(4).toString('hex')}`;
const adminUrl = Object.assign(new URL(serverUrl), { pathname: '/postgres' }).toString();
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();
const dir = mkdtempSync(join(tmpdir(), 'portal-two-'));
const children = [];
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => (port ? done(port) : fail(new Error('no port'))));
    });
  });
}

function startInstance(name, port, env = {}) {
  const outbox = join(dir, `${name}-outbox.jsonl`);
  const child = spawn(process.execPath, [serverJs], {
    cwd: tree,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: 'two-instances-share-this-secret-0123456789',
      SMS_PROVIDER: 'log',
      SMS_OUTBOX: outbox,
      SEED_DEMO: 'true',
      MEDIA_DIR: join(dir, 'media'),
      MATERIALS_DIR: join(dir, 'materials'),
      DATA_DIR: join(dir, `${name}-data`),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  children.push(child);
  return { name, base: `http://127.0.0.1:${port}`, outbox, child, log: () => log };
}

/** The code of the newest SMS in an instance's outbox; the text goes out just after the login call's answer. */
async function codeFromOutbox(outbox) {
  for (let tries = 0; tries < 100; tries++) {
    const last = existsSync(outbox) ? readFileSync(outbox, 'utf8').trim().split('\n').at(-1) : '';
    const code = last ? /\b(\d{4,8})\b/.exec(JSON.parse(last).text)?.[1] : undefined;
    if (code) return code;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`no code in ${outbox}`);
}

async function waitReady(instance, started) {
  while (Date.now() - started < 120_000) {
    if (instance.child.exitCode !== null)
      throw new Error(`${instance.name} exited with ${instance.child.exitCode}:\n${instance.log()}`);
    try {
      if ((await fetch(`${instance.base}/readyz`)).ok) return Date.now() - started;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${instance.name} not ready within 120 s:\n${instance.log()}`);
}

const api = async (instance, path, body, token) => {
  const response = await fetch(`${instance.base}/console/micros/Api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Token: token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
};

const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
try {
  await admin.unsafe(`CREATE DATABASE ${database}`);
  const [a, b] = [startInstance('a', await freePort()), startInstance('b', await freePort(), { WORKERS: '2' })];
  const started = Date.now();
  const [readyA, readyB] = await Promise.all([waitReady(a, started), waitReady(b, started)]);
  console.log(`both instances ready on the empty database ${database}: a after ${readyA} ms, b after ${readyB} ms`);
  check(a.child.exitCode === null && b.child.exitCode === null, 'both instances came up');
  const workersOfB = () =>
    existsSync(`/proc/${b.child.pid}`)
      ? readFileSync(`/proc/${b.child.pid}/task/${b.child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)
      : [];
  for (let tries = 0; tries < 600 && !/2 workers/.test(b.log()); tries++) await new Promise((r) => setTimeout(r, 100));
  check(
    workersOfB().length === 2 && /portal on http.*2 workers/.test(b.log()),
    `instance b serves its port with two worker processes (${workersOfB().join(', ')})`,
  );

  const login = await api(a, '/Auth/login', { phone_code: '91', mobile: '9876543210' });
  const code = await codeFromOutbox(a.outbox);
  const signedIn = await api(a, '/Auth/verifyOTP', { otp_ref: login.body.data.otp_ref, otp: code });
  const token = signedIn.body.token;
  check(signedIn.body.status === true && typeof token === 'string', 'signed in through instance a');
  const me = signedIn.body.data.stud_id;

  const profile = await api(b, '/Student/get_profile', { stud_id: me }, token);
  check(profile.status === 200 && profile.body.data?.stud_id === me, "instance b accepts a's token (get_profile)");

  const subjects = (await api(b, '/Student/subjects', { stud_id: me }, token)).body.data.data;
  let video;
  let material;
  for (const subject of subjects) {
    const chapters = (await api(b, '/Student/chapters', { stud_id: me, sub_id: subject.subject_id }, token)).body.data;
    for (const chapter of chapters) {
      const topics = (await api(a, '/Student/topics', { stud_id: me, chapter_id: chapter.chapter_id }, token)).body
        .data;
      video ??= topics.find((t) => t.video_link.startsWith('/media/v/'))?.video_link;
      const materials = (
        await api(
          a,
          '/Student/study_materials',
          { stud_id: me, sub_id: subject.subject_id, chapter_id: chapter.chapter_id },
          token,
        )
      ).body.data;
      material ??= materials[0]?.path;
    }
  }
  const videoOnB = await fetch(b.base + video, { headers: { Range: 'bytes=0-99' } });
  check(
    videoOnB.status === 206 && (await videoOnB.arrayBuffer()).byteLength === 100,
    `instance b serves the signed video link a gave (${video?.replace(/\/v\/[^/]+/, '/v/…')})`,
  );

  const pdfA = await fetch(a.base + material, { headers: { Token: token } });
  const pdfB = await fetch(b.base + material, { headers: { Token: token } });
  const bytesA = Buffer.from(await pdfA.arrayBuffer());
  const bytesB = Buffer.from(await pdfB.arrayBuffer());
  check(
    pdfB.status === 200 && bytesA.equals(bytesB) && bytesB.subarray(0, 5).toString() === '%PDF-',
    'both instances serve the same study-material PDF',
  );
  check(
    pdfA.headers.get('etag') === pdfB.headers.get('etag') && !!pdfA.headers.get('etag'),
    `the PDF's ETag is the same on both (${pdfA.headers.get('etag')})`,
  );
  const picture = '/media/subjects/physics.svg';
  const [pictureA, pictureB] = await Promise.all([fetch(a.base + picture), fetch(b.base + picture)]);
  check(
    pictureA.headers.get('etag') === pictureB.headers.get('etag') && !!pictureA.headers.get('etag'),
    "a picture's ETag is the same on both",
  );
  const revalidated = await fetch(b.base + picture, { headers: { 'If-None-Match': pictureA.headers.get('etag') } });
  check(revalidated.status === 304, "b answers 304 to a's ETag");

  const db = postgres(databaseUrl, { max: 1 });
  const rows = await db.unsafe(`SELECT (SELECT count(*) FROM students)::int AS students,
    (SELECT count(*) FROM schema_migrations)::int AS migrations, (SELECT count(DISTINCT name) FROM schema_migrations)::int AS distinct_migrations`);
  await db.end();
  check(
    rows[0].migrations === rows[0].distinct_migrations && rows[0].students > 0,
    `migrated once and seeded once (${rows[0].students} students, ${rows[0].migrations} migrations)`,
  );

  // The operator's command line from the same (pruned) tree: a backup of the live PostgreSQL database.
  const archive = join(dir, 'backup.tar.gz');
  const backup = spawnSync('npm', ['run', '--silent', 'portal', '--', 'backup', archive], {
    cwd: tree,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      AUTH_SECRET: 'two-instances-share-this-secret-0123456789',
      SMS_PROVIDER: 'log',
      DATABASE_URL: databaseUrl,
      MEDIA_DIR: join(dir, 'media'),
      MATERIALS_DIR: join(dir, 'materials'),
    },
    encoding: 'utf8',
  });
  check(
    backup.status === 0 && existsSync(archive),
    `npm run portal -- backup works in this tree (${(backup.stdout || backup.stderr).trim().split('\n')[0]})`,
  );
} catch (error) {
  check(false, error instanceof Error ? error.message : String(error));
} finally {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
  await admin.unsafe(`DROP DATABASE IF EXISTS ${database}`).catch(() => undefined);
  await admin.end().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
}
console.log(failures.length ? `two-instance test: ${failures.length} failed` : 'two-instance test: passed');
process.exit(failures.length ? 1 : 0);
