import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbHandle: DatabaseHandle;
  }
}

/** Shares the already-opened database; the owner of the handle (main or a test) closes it. */
export const dbPlugin = fp(
  async (app: FastifyInstance, options: { handle: DatabaseHandle }) => {
    app.decorate('dbHandle', options.handle);
    app.decorate('db', options.handle.db);
  },
  { name: 'db' },
);
