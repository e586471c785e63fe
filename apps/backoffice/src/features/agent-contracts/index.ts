// A brand's agent contracts in the back office (decision 0066): every contract of the brand with its history, and the
// brand's own contract with a top agent set by an operator. Code outside this feature imports this file only.
export { AgentContractsPage } from './components/agent-contracts-page';
