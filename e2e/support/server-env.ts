/**
 * The settings every journey's server runs with beside its port and data folder: the production bundle as `npm start`
 * runs it, except that passwords are hashed at the tests' scrypt cost (N=2^10, as the unit suites do) rather than
 * production's 2^17, which took about 0.3 s of a core for every sign-in, registration and payment password of the
 * journeys (decision 0053). Production refuses a lower cost (apps/server/src/config.ts), so these servers run as
 * NODE_ENV=test, which changes nothing else a journey sees: /metrics and the development outbox stay as configured.
 */
export const JOURNEY_SERVER_ENV = {
  NODE_ENV: 'test',
  PASSWORD_HASH_COST: '10',
} as const;
