import type { Game, SystemStatus, WhitelabelNode } from '@parlay/contract';

/** A system status as the demo brand answers it, for components that read the brand. */
export function buildSystemStatus(overrides: { whitelabel?: WhitelabelNode[]; loggedInToHomePage?: boolean } = {}) {
  const status: SystemStatus = {
    status: 0,
    maintenance: false,
    regionRestriction: false,
    maintenanceEndAt: null,
    location: { ip: '203.0.113.7', country: 'KR' },
    brand: {
      platform: 'web',
      merchantCode: 'parlay',
      lotteryType: 'SEA',
      device: 'WEB',
      defaultLanguage: 'KO',
      languages: ['KO', 'EN'],
      chatHeaderColor: '#1f6feb',
      prizeModes: ['Lott', 'ZY', 'Elott', 'SEA'],
      announcementTypes: ['B', 'PL', 'PU', 'PR', 'H'],
      defaultAnnouncementType: 'B',
      esportsList: [],
      loggedInToHomePage: overrides.loggedInToHomePage ?? false,
      currency: 'KRW',
      currencySymbol: '₩',
      currencyExponent: 0,
      timeZone: 'Asia/Seoul',
      name: 'Parlay',
    },
    whitelabel: overrides.whitelabel ?? [],
    registerRules: {},
    resources: [],
    customerService: [],
    analytics: { gtagId: '' },
    imageCDNs: [],
    launchGameCDNs: [],
    site: {
      facebookUrl: '',
      email: '',
      footer: {
        paymentImages: [],
        licenseImages: [],
        copyright: '',
        operator: { company: '', address: '', regulator: '', licenceNumber: '', licenceUrl: '', demo: false },
      },
    },
  };
  return status;
}

export function flag(modId: string, enabled: boolean): WhitelabelNode {
  return { modId, enabled: enabled ? '1' : '0', childrenNodes: [] };
}

/**
 * A game of the catalogue as the server answers it (docs/product/games-and-wallet.md#game): a house slot unless
 * `overrides` say otherwise.
 */
export function buildGame(overrides: Partial<Game> = {}): Game {
  const id = overrides.id ?? 1;
  return {
    id,
    vassalage: 'HOUSE',
    gameName: `Game ${id}`,
    nodeId: 1,
    nodeName: 'Parlay Originals',
    showIcon: '',
    supportPlay: 1,
    gameType: 'RNG',
    code: `g${id}`,
    defaultPlayType: '',
    accountTypeName: 'HOUSE',
    isGame: '',
    parentId: null,
    liveClass: null,
    gameClassify: null,
    isHot: 0,
    minBet: null,
    minLineNum: null,
    status: 'active',
    ...overrides,
  };
}
