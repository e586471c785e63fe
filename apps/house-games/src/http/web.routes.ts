import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { HouseConfig } from '../config';

/**
 * Serves the built game clients under the base path; the platform's /game iframe opens {base}/play?...
 * and the lobby shows the icons the catalogue feed names, {base}/icons/<code>.svg.
 */
export async function registerWebRoutes(
  app: FastifyInstance,
  config: Pick<HouseConfig, 'basePath' | 'webDistDir'>,
): Promise<void> {
  if (!config.webDistDir || !existsSync(config.webDistDir)) return;
  await app.register(fastifyStatic, {
    root: config.webDistDir,
    prefix: `${config.basePath}/`,
    index: ['index.html'],
    wildcard: false,
  });
  app.get(`${config.basePath}/play`, (_request, reply) => reply.sendFile('index.html'));
  app.get(`${config.basePath}/verify`, (_request, reply) => reply.sendFile('index.html'));
  // The lottery vendor's page (src/lottery/lottery-catalogue.ts launches it there).
  app.get(`${config.basePath}/lottery/play`, (_request, reply) => reply.sendFile('index.html'));
}
