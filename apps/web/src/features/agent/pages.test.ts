import { WHITELABEL, type WhitelabelModule } from '@parlay/contract/constants';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en/member-agent.json';
import ko from '../../i18n/locales/ko/member-agent.json';
import { AGENT_CENTRE_PAGE_KEYS } from '../../lib/agent-centre-store';
import { AGENT_CENTRE_PAGES, defaultAgentCentrePage, visibleAgentCentrePages } from './pages';

const noFlags = () => false;
const allFlags = () => true;
const keysOf = (entries: readonly { key: string }[]) => entries.map((entry) => entry.key);

describe('the agent centre registry', () => {
  it('holds every page key of the product, in menu order, with a label in Korean and English', () => {
    expect(keysOf(AGENT_CENTRE_PAGES)).toEqual([...AGENT_CENTRE_PAGE_KEYS]);
    expect(AGENT_CENTRE_PAGE_KEYS).toHaveLength(12);
    for (const key of AGENT_CENTRE_PAGE_KEYS) {
      expect(ko.menu[key], key).toMatch(/\S/);
      expect(en.menu[key], key).toMatch(/\S/);
    }
  });

  it('ties the dividend and the three salary pages to their whitelabel flags, and no other page', () => {
    const flagged = Object.fromEntries(
      AGENT_CENTRE_PAGES.filter((entry) => entry.flag).map((entry) => [entry.key, entry.flag]),
    );
    expect(flagged).toEqual({
      agentDividendRecordCopy2: WHITELABEL.DIVIDEND_CONTRACT,
      agentDailyWages2: WHITELABEL.SALARY,
      agentHourSalary: WHITELABEL.HOURLY_SALARY,
      agentRealtimeSalary: WHITELABEL.REALTIME_SALARY,
    });
  });

  it.each([1, 2, 41, 42])('shows an agent of type %i the built pages only', (type) => {
    const built = keysOf(AGENT_CENTRE_PAGES.filter((entry) => entry.load !== null && !entry.flag));
    expect(keysOf(visibleAgentCentrePages(type, noFlags))).toEqual(built);
    expect(built).toEqual([
      'agentAnnouncement',
      'agentTeamOverview',
      'registerCenter',
      'downlineManagmentView',
      'personalHistoryCopy',
      'palStatementsAgentCopy',
      'agentRevenueReport',
      'agentDownlineTransactionDetailsCopy',
    ]);
    // No unbuilt page shows, whatever the flags say.
    for (const entry of visibleAgentCentrePages(type, allFlags)) expect(entry.load).toBeTypeOf('function');
  });

  it.each([0, 3, 4, 43, null])('shows no page to an account of type %s', (type) => {
    expect(visibleAgentCentrePages(type, allFlags)).toEqual([]);
  });

  it('shows a flagged page only while its flag is on', () => {
    const on = (module: WhitelabelModule) => module === WHITELABEL.SALARY;
    expect(keysOf(visibleAgentCentrePages(1, on))).toContain('agentDailyWages2');
    expect(keysOf(visibleAgentCentrePages(1, on))).not.toContain('agentRealtimeSalary');
    expect(keysOf(visibleAgentCentrePages(1, noFlags))).not.toContain('agentDailyWages2');
    expect(keysOf(visibleAgentCentrePages(4, on))).toEqual([]);
  });

  it('shows the four contract pages, built, when their flags are on (the demo brand has them on)', () => {
    expect(keysOf(visibleAgentCentrePages(1, allFlags).filter((entry) => entry.flag))).toEqual([
      'agentDividendRecordCopy2',
      'agentDailyWages2',
      'agentHourSalary',
      'agentRealtimeSalary',
    ]);
    // Every page is built.
    expect(keysOf(AGENT_CENTRE_PAGES.filter((entry) => entry.load === null))).toEqual([]);
  });

  it('opens on agentTeamOverview, or on the first page shown while it is hidden', () => {
    expect(defaultAgentCentrePage(visibleAgentCentrePages(2, noFlags))).toBe('agentTeamOverview');
    const withoutOverview = visibleAgentCentrePages(2, noFlags).filter((entry) => entry.key !== 'agentTeamOverview');
    expect(defaultAgentCentrePage(withoutOverview)).toBe('agentAnnouncement');
    expect(defaultAgentCentrePage([])).toBeNull();
  });
});
