import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { QuietRequestLog } from '../lib/logging';
import { errorsPlugin } from './errors';

interface LogLine {
  level: number;
  msg: string;
  code?: string;
  err?: { message: string; stack?: string };
}

const DEBUG = 20;
const WARN = 40;
const ERROR = 50;

/** An app with the one error handler, a route for each kind of failure, and its log kept line by line. */
async function appWithLog(level: string): Promise<{ app: FastifyInstance; lines: LogLine[] }> {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as LogLine);
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new QuietRequestLog() });
  app.setValidatorCompiler(validatorCompiler);
  await app.register(errorsPlugin);
  app.get('/refused/:code', async (request) => {
    throw new AppError((request.params as { code: 'NOT_LOGGED_IN' | 'GAME_MAINTENANCE' }).code);
  });
  app.get('/mail', async () => {
    throw new AppError('EMAIL_SEND_FAILED', undefined, { cause: new Error('connect ECONNREFUSED 10.0.0.9:25') });
  });
  app.get('/boom', async () => {
    throw new Error('the database went away');
  });
  app.post('/form', { schema: { body: z.object({ amount: z.number() }) } }, async () => ({ ok: true }));
  await app.ready();
  return { app, lines };
}

describe(errorsPlugin.name, () => {
  let app: FastifyInstance;
  let lines: LogLine[];
  beforeAll(async () => {
    ({ app, lines } = await appWithLog('debug'));
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(() => {
    lines.length = 0;
  });

  /** The lines the error handler wrote for one request, without the request's own two lines. */
  const handlerLines = () => lines.filter((line) => !['incoming request', 'request completed'].includes(line.msg));

  it('logs a refusal (NOT_LOGGED_IN) at debug by its code, with no stack', async () => {
    const response = await app.inject({ url: '/refused/NOT_LOGGED_IN' });
    expect(response.statusCode).toBe(401);
    expect(handlerLines()).toEqual([expect.objectContaining({ level: DEBUG, code: 'NOT_LOGGED_IN' })]);
    expect(handlerLines()[0]?.err).toBeUndefined();
  });

  it('logs a request that fails its schema (VALIDATION_FAILED) at debug, with no stack', async () => {
    const response = await app.inject({ method: 'POST', url: '/form', payload: { amount: 'ten' } });
    expect(response.statusCode).toBe(400);
    expect(handlerLines()).toEqual([expect.objectContaining({ level: DEBUG, code: 'VALIDATION_FAILED' })]);
    expect(handlerLines()[0]?.err).toBeUndefined();
  });

  it('logs GAME_MAINTENANCE, a 503 the service chose, at warn by its code and not as an error with a stack', async () => {
    const response = await app.inject({ url: '/refused/GAME_MAINTENANCE' });
    expect(response.statusCode).toBe(503);
    expect(handlerLines()).toEqual([expect.objectContaining({ level: WARN, code: 'GAME_MAINTENANCE' })]);
    expect(handlerLines()[0]?.err).toBeUndefined();
  });

  it('logs the failure behind a refusal (the mail server down) at error with its stack', async () => {
    const response = await app.inject({ url: '/mail' });
    expect(response.statusCode).toBe(503);
    const [line] = handlerLines();
    expect(line).toMatchObject({ level: ERROR, code: 'EMAIL_SEND_FAILED' });
    expect(line?.err?.message).toBe('connect ECONNREFUSED 10.0.0.9:25');
    expect(line?.err?.stack).toContain('errors.test.ts');
  });

  it('logs an unexpected failure at error with its stack', async () => {
    const response = await app.inject({ url: '/boom' });
    expect(response.statusCode).toBe(500);
    const [line] = handlerLines();
    expect(line).toMatchObject({ level: ERROR });
    expect(line?.err?.stack).toContain('the database went away');
  });
});
