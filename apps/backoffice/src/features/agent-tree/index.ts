// A brand's downline tree in the back office (decision 0059): its members and agents with their upline and level, a
// node's children opened under it, and a member moved under another upline with its whole downline.
export { AgentTreePage } from './components/agent-tree-page';
