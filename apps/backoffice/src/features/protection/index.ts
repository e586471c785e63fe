// A player's protection in the back office (decision 0042): limits, time-out or self-exclusion, and the history of
// their changes, shown on the player's page. Code outside this feature imports this file only.
export { PlayerProtection } from './components/player-protection';
