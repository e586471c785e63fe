import { ContractsPage } from './contracts-page';

/** agentHourSalary, the hourly salary contracts (contracts-page.tsx). */
export default function Page() {
  return <ContractsPage kind="hourly_salary" />;
}
