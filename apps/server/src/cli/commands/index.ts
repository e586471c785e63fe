import type { AdminCommand } from '../command';
import { brandCommand } from './brand';
import { flagCommand } from './flag';
import { maintenanceCommand } from './maintenance';
import { regionCommand } from './region';
import { gamesCommand } from './games';
import { walletCommand } from './wallet';
import { roundsCommand } from './rounds';
import { memberCommand } from './member';
import { houseCommand } from './house';
import { keysCommand } from './keys';
import { operatorsCommand } from './operators';
import { auditCommand } from './audit';
import { cashierCommand } from './cashier';

/** Every subcommand of `npm run admin`; a feature adds its own file here with one line. */
export const adminCommands: AdminCommand[] = [
  maintenanceCommand,
  regionCommand,
  flagCommand,
  brandCommand,
  gamesCommand,
  walletCommand,
  roundsCommand,
  memberCommand,
  houseCommand,
  keysCommand,
  operatorsCommand,
  auditCommand,
  cashierCommand,
];
