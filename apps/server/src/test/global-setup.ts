import type { TestProject } from 'vitest/node';
import { createDatabaseTemplate } from './database';
import './password-cost';

/** vitest's global setup for the projects that open the platform's database (server, house games). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await createDatabaseTemplate();
  project.provide('databaseTemplate', template.reference);
  return () => template.remove();
}
