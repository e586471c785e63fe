// A brand's contract settlements in the back office (decision 0068): the runs with their paid and pending lines, a
// run's lines, and a run's pending lines tried again by an operator. Code outside this feature imports this file only.
export { AgentSettlementsPage } from './components/agent-settlements-page';
