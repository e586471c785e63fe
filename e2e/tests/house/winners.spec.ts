import { axe } from '../../support/axe';
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSidewaysScroll,
  findHouseGame,
  recordAmount,
  rememberPreferences,
  shot,
  signInMember,
  test,
  useSession,
  WIDTHS,
} from './house-fixtures';

interface RankEntry {
  account: string;
  gameName: string;
  winMinor: number;
  stakeMinor: number;
  multiplier: number | null;
}

const LABELS = {
  en: { bet: 'Bet', board: 'Big wins', times: '×' },
  ko: { bet: '베팅', board: '빅윈', times: '배' },
} as const;

/** The board as the winner board call answers it now (the lobby asks for the last 24 hours, ten wins). */
async function readBoard(baseURL: string): Promise<RankEntry[]> {
  const body = (await (await fetch(`${baseURL}/wps/relay/GCSGAME_getRankList?hours=24&limit=10`)).json()) as {
    value: { list: RankEntry[] };
  };
  return body.value.list;
}

/** Plays dice at its defaults in the game frame until a round wins (half of them do). */
async function playUntilWin(page: Page, bet: string): Promise<void> {
  const frame = page.frameLocator('iframe');
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const answer = page.waitForResponse((response) => response.url().includes('/house/api/dice/bet'));
    await frame.getByRole('button', { name: bet, exact: true }).click();
    const body = (await (await answer).json()) as { value: { round: { winMinor: number | null } } };
    if ((body.value.round.winMinor ?? 0) > 0) return;
  }
  throw new Error('twenty dice rounds in a row lost');
}

for (const width of WIDTHS) {
  const language = width < 768 ? 'ko' : 'en';
  const theme = width < 768 ? 'light' : 'dark';
  const labels = LABELS[language];

  test.describe(`winner board at ${width}px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 780 : 900 } });

    test("the lobby's winner board shows the brand's biggest wins as the board call answers them", async ({
      page,
      house,
    }) => {
      const session = await signInMember(house);
      const dice = await findHouseGame(house, 'dice');
      await rememberPreferences(page, language === 'en' ? 'EN' : 'KO', theme);
      await useSession(page, session);
      await page.goto(`${house.baseURL}/game?gameId=${dice.id}`);
      // Two wins, so the board has two entries at least and its columns can be checked.
      await playUntilWin(page, labels.bet);
      await playUntilWin(page, labels.bet);

      // The server keeps a board for 15 s: the page and this read agree once both see the same one.
      await expect(async () => {
        await page.goto(`${house.baseURL}/index`);
        const board = page.getByRole('list', { name: labels.board });
        // The lobby's rows load as they come near the screen.
        await expect(async () => {
          await page.mouse.wheel(0, 4_000);
          await expect(board).toBeVisible({ timeout: 1_000 });
        }).toPass({ timeout: 10_000 });
        const expected = await readBoard(house.baseURL);
        expect(expected.length).toBeGreaterThan(0);
        const shown = width < 768 ? expected.slice(0, 5) : expected;
        const entries = board.getByRole('listitem');
        await expect(entries.filter({ visible: true })).toHaveCount(shown.length, { timeout: 1_000 });
        for (const [index, entry] of shown.entries()) {
          await expect(entries.nth(index)).toContainText(entry.account, { timeout: 1_000 });
          await expect(entries.nth(index)).toContainText(entry.gameName, { timeout: 1_000 });
          await expect(entries.nth(index)).toContainText(recordAmount(entry.winMinor, language), { timeout: 1_000 });
          // A win paid more than its stake, and says by how many times.
          expect(entry.winMinor).toBeGreaterThan(entry.stakeMinor);
          if (entry.multiplier !== null) {
            const times = new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(entry.multiplier);
            await expect(entries.nth(index)).toContainText(`${times}${labels.times}`, { timeout: 1_000 });
          }
        }
      }).toPass({ timeout: 45_000 });
      await expectNoSidewaysScroll(page, 'winner board');
      if (width >= 768) {
        // Two columns, half the entries in each: a short board does not leave its second column empty.
        const entries = page.getByRole('list', { name: labels.board }).getByRole('listitem');
        const count = await entries.count();
        expect(count).toBeGreaterThan(1);
        const first = await entries.first().boundingBox();
        const topOfSecond = await entries.nth(Math.ceil(count / 2)).boundingBox();
        expect(topOfSecond?.y).toBeCloseTo(first?.y ?? Number.NaN, 0);
        expect(topOfSecond?.x).toBeGreaterThan((first?.x ?? 0) + (first?.width ?? 0));
      }
      // Amounts in the status colours are text: they must read in both themes.
      const results = await axe(page).include('section[aria-labelledby="lobby-winners"]').analyze();
      expect(
        results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')),
      ).toEqual([]);
      await page.getByRole('heading', { name: labels.board }).scrollIntoViewIfNeeded();
      await shot(page, `winners-${theme}`, width);

      // An entry opens its game (a lottery's names its game without a link: the demo brand's history has some).
      const gameLink = page
        .getByRole('list', { name: labels.board })
        .getByRole('listitem')
        .filter({ visible: true })
        .getByRole('link')
        .first();
      const target = await gameLink.getAttribute('href');
      expect(target).toMatch(/^\/game\?gameId=\d+$/);
      await gameLink.click();
      // The game page of that entry: its frame, or the notice of a vendor in maintenance (the demo history has wins
      // in the demo brand's vendor that is seeded in maintenance).
      await expect(page).toHaveURL(new RegExp(`${(target ?? '').replace(/[?]/g, '\\?')}$`));
      const otherGames = language === 'en' ? 'Try other games' : '다른 게임을 이용해 보세요';
      await expect(
        page.locator('main iframe').or(page.locator('main').getByRole('heading', { name: otherGames })),
      ).toBeVisible();
    });
  });
}
