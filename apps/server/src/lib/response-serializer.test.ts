import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorsPlugin } from '../plugins/errors';
import { hasOneWayParts, responseSerializerCompiler } from './response-serializer';

const Game = z.object({ id: z.number().int(), gameName: z.string(), minBet: z.number().int().nullable() });
const NumberAsText = z.codec(z.string().regex(/^\d+$/), z.number().int(), {
  decode: (text) => Number(text),
  encode: (value) => String(value),
});

describe('responseSerializerCompiler', () => {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();

  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler);
    await app.register(errorsPlugin);
    const answers: Record<string, unknown> = {
      // A row read with more columns than the contract shows, such as a secret of the vendor.
      extra: { id: 7, gameName: 'Parlay Crash', minBet: null, secret: 's3cr3t' },
      wrong: { id: '7', gameName: 'Parlay Crash', minBet: null },
    };
    for (const [name, answer] of Object.entries(answers))
      app.get(`/${name}`, { schema: { response: { 200: Game } } }, () => answer as z.infer<typeof Game>);
    app.get('/codec', { schema: { response: { 200: z.object({ total: NumberAsText }) } } }, () => ({ total: 42 }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends the answer stripped to its schema', async () => {
    const response = await app.inject('/extra');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"id":7,"gameName":"Parlay Crash","minBet":null}');
  });

  it('refuses an answer that breaks its schema with SYSTEM_ERROR and sends none of it', async () => {
    const response = await app.inject('/wrong');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ success: false, code: 'SYSTEM_ERROR' });
    expect(response.body).not.toContain('Parlay Crash');
  });

  it('encodes through a codec, which parsing could not', async () => {
    const response = await app.inject('/codec');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"total":"42"}');
  });
});

describe('hasOneWayParts', () => {
  it('finds a transform or a pipe at any depth, and nothing in a plain schema', () => {
    expect(hasOneWayParts(z.object({ games: z.array(Game), nextCursor: z.string().nullable() }))).toBe(false);
    expect(hasOneWayParts(z.object({ list: z.array(z.object({ total: NumberAsText })) }))).toBe(true);
    expect(hasOneWayParts(z.object({ a: z.object({ b: z.string().transform((s) => s.length) }).optional() }))).toBe(
      true,
    );
    expect(hasOneWayParts(z.union([Game, z.object({ n: z.string().pipe(z.string().min(1)) })]))).toBe(true);
  });

  it('walks a recursive schema', () => {
    type Tree = { children: Tree[] };
    const Tree: z.ZodType<Tree> = z.lazy(() => z.object({ children: z.array(Tree) }));
    expect(hasOneWayParts(z.object({ tree: Tree }))).toBe(false);
  });
});
