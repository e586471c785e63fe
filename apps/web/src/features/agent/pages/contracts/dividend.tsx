import { ContractsPage } from './contracts-page';

/** agentDividendRecordCopy2, the dividend contracts (contracts-page.tsx). */
export default function Page() {
  return <ContractsPage kind="dividend" />;
}
