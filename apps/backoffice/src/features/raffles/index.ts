// A brand's raffles in the back office (docs/decisions/0055-raffles.md): their rules, prizes and dates, on or off,
// and each one's draw with its seeds, ticket list and winners.
export { RafflesPage } from './components/raffles-page';
