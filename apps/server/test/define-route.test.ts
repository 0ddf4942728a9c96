import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { endpoint, envelope } from '@portal/contract';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { defineRoute } from '../src/http/define-route.ts';
import { registerErrorHandler } from '../src/http/error-handler.ts';

// A call's answer is written from its response schema: outside production an answer that breaks the contract
// fails loudly; in production a field the contract does not name never leaves the server.

const item = z.object({ id: z.number(), name: z.string() });
const listItems = endpoint({
  method: 'GET',
  path: '/items',
  auth: false,
  body: undefined,
  response: envelope(z.array(item)),
});

async function serve(nodeEnv: 'test' | 'production', answer: unknown) {
  const app = Fastify({ logger: false });
  app.decorate(
    'config',
    loadConfig({ NODE_ENV: nodeEnv, AUTH_SECRET: 'a-test-secret-of-at-least-32-characters', SMS_PROVIDER: 'log' }),
  );
  app.decorate('db', {} as Database);
  registerErrorHandler(app);
  defineRoute(app, listItems, async () => answer as z.input<typeof listItems.response>);
  const response = await app.inject({ method: 'GET', url: '/items' });
  await app.close();
  return { status: response.statusCode, body: response.json() };
}

const good = { status: true, message: 'Items', data: [{ id: 1, name: 'One' }] };
const extra = { status: true, message: 'Items', data: [{ id: 1, name: 'One', secret_hash: 'abc' }] };

describe('define-route answers', () => {
  it('sends an answer that keeps the contract as it is', async () => {
    expect(await serve('test', good)).toEqual({ status: 200, body: good });
    expect(await serve('production', good)).toEqual({ status: 200, body: good });
  });

  it('fails a call whose answer carries a field the contract does not name, outside production', async () => {
    const { status, body } = await serve('test', extra);
    expect(status).toBe(500);
    expect(body.message).toContain('data.0.secret_hash: not in the contract');
  });

  it('fails a call whose answer has the wrong type, outside production', async () => {
    const { status, body } = await serve('test', { status: true, message: 'Items', data: [{ id: '1', name: 'One' }] });
    expect(status).toBe(500);
    expect(body.message).toContain('data.0.id');
  });

  it('leaves out a field the contract does not name, in production', async () => {
    expect(await serve('production', extra)).toEqual({ status: 200, body: good });
  });
});
