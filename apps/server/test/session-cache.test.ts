import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { refusedWithin, startDemoSession, type TestApp } from './helper.ts';

// Signed-in calls trust a session remembered in memory (resources/auth/session-cache.ts); these tests hold that
// whatever ends a session still shuts the door at once, on this instance and on every other one.

let t: TestApp;
let me: number;
let token: string;

beforeAll(async () => {
  ({ t, me, token } = await startDemoSession());
});
afterAll(() => t.close());

const subjects = (tok: string) => t.post('/Student/subjects', { stud_id: me }, tok);

describe('a remembered session', () => {
  it('stops working the moment the student signs out', async () => {
    const mine = await t.tokenFor(me);
    expect((await subjects(mine)).status).toBe(200);
    expect((await subjects(mine)).status).toBe(200);
    expect((await t.post('/Auth/logout', {}, mine)).status).toBe(200);
    expect((await subjects(mine)).status).toBe(401);
  });

  it('stops working when other code ends it in the database', async () => {
    const mine = await t.tokenFor(me);
    expect((await subjects(mine)).status).toBe(200);
    await t.db.query(`UPDATE sessions SET revoked_at = now() WHERE student_id = $1 AND revoked_at IS NULL`, [me]);
    expect(await refusedWithin(5000, () => subjects(mine))).toBe(401);
    expect((await subjects(token)).status).toBe(401);
  });

  it('stops working when it expires', async () => {
    const mine = await t.tokenFor(me);
    expect((await subjects(mine)).status).toBe(200);
    await t.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE student_id = $1`, [me]);
    expect(await refusedWithin(5000, () => subjects(mine))).toBe(401);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  it('refuses a session on the other instance as soon as the student signs out on this one', async () => {
    const [row] = await t.db.query<{ schema: string }>('SELECT current_schema() AS schema');
    const schema = row?.schema ?? 'public';
    const otherDb = openPostgres(process.env.TEST_DATABASE_URL!, { searchPath: schema, max: 2 });
    const other = await buildApp({ config: t.config, db: otherDb, logger: false });
    const otherApi = (await other.listen({ host: '127.0.0.1', port: 0 })) + t.config.API_BASE;
    try {
      const mine = await t.tokenFor(me);
      const onOther = async () => {
        const response = await fetch(`${otherApi}/Student/subjects`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Token: mine },
          body: JSON.stringify({ stud_id: me }),
        });
        await response.arrayBuffer();
        return { status: response.status };
      };
      expect((await onOther()).status).toBe(200);
      expect((await onOther()).status).toBe(200);
      expect((await t.post('/Auth/logout', {}, mine)).status).toBe(200);
      expect(await refusedWithin(200, onOther)).toBe(401);
    } finally {
      await other.close();
      await otherDb.close();
    }
  });
});
