import { ContractsPage } from './contracts-page';

/** agentRealtimeSalary, the real-time salary contracts (contracts-page.tsx). */
export default function Page() {
  return <ContractsPage kind="realtime_salary" />;
}
