import { ContractsPage } from './contracts-page';

/** agentDailyWages2, the daily salary contracts (contracts-page.tsx). */
export default function Page() {
  return <ContractsPage kind="daily_salary" />;
}
