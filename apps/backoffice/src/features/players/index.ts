// A brand's players: the search and a player's page. Code outside this feature imports this file only.
export { PlayersSearch } from './components/players-search';
export { PlayerDetail } from './components/player-detail';
