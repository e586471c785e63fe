// The lottery pages (issue 38): each game's settings for the brand and its draws with the brand's figures. Code
// outside this feature imports this file only.
export { LotteryGamesPage } from './components/lottery-games-page';
export { LotteryDrawsPage } from './components/lottery-draws-page';
export { RegionalResultsPage } from './components/regional-results-page';
