import { expect, test, type Locator, type Page } from '@playwright/test';
import { register, type Session } from '../games/games-fixtures';
import { screenshot, seriousViolations, settled, showView, signedInContext, watchErrors } from './backoffice-fixtures';

// The back office's Applications page (issue 36, decision 0052), on the shared journey server: a member of its own (the
// demo member's mailbox and bonuses belong to other journeys) applies to the seed's SHAREWIN through the member API (a
// multipart form with a real PNG); finance opens Applications from the sidebar, sees the application with its
// thumbnail (the image loaded with the operator's session) and rejects it with a reason; the member reads the reason
// and applies again, with two images; finance approves the second, paying the reward; the All tab shows each result
// with who decided. The page is loaded once; themes, languages and widths are switched in the page.
test.describe.configure({ timeout: 240_000 });

/** Each width in both themes and both languages across four pictures; axe checks each (width and theme differ). */
const SHOTS = [
  { width: 1280, theme: 'dark', language: 'KO' },
  { width: 1280, theme: 'light', language: 'EN' },
  { width: 375, theme: 'light', language: 'KO' },
  { width: 375, theme: 'dark', language: 'EN' },
] as const;

const CODE = 'SHAREWIN';
const STAMP = Date.now().toString(36);
const REASON = 'The picture does not show a win';

/**
 * A small real PNG (64 × 40, an orange gradient, made with pngjs), as a screenshot of a win would be: the server
 * decodes it whole and stores its own encoding.
 */
const WIN_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAoCAIAAADBrGu+AAAAnUlEQVR4AdXBARHAQAwDINKL6He/6QjkexzhCEc4jnCEIxzhOMIRjnAc4QhHOMJxhCMc4TjCEY5whOMIRzjCcYQjHOGIEstKLCuxrMSyEstKLCuxrMSyEstKLCuxrMSyEstKLCuxrMSyEstKLCuxrMSyEstKLCuxrMSyEstKLCuxrMSyEstKLCuxrMSyEstKLCuxrMSyEstKLCux7AdMqQKeSdcYvQAAAABJRU5ErkJggg==',
  'base64',
);

interface Offer {
  code: string;
  rewardMinor: number;
  state: string;
  rejectReason: string | null;
}
interface Application {
  id: number;
  promotionCode: string;
  comment: string;
  status: string;
}

/** A member call's value, or the refusal's code and text as the failure. */
async function member<T>(baseURL: string, session: Session, pathname: string, body?: FormData): Promise<T> {
  const response = await fetch(`${baseURL}${pathname}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${session.token}`, language: 'EN' },
    ...(body ? { body } : {}),
  });
  const answer = (await response.json()) as { success: boolean; code?: string; message?: string; value: T };
  if (!answer.success) throw new Error(`${pathname}: ${answer.code} ${answer.message ?? ''}`);
  return answer.value;
}

async function sharewin(baseURL: string, session: Session): Promise<Offer> {
  const offers = await member<{ items: Offer[] }>(baseURL, session, '/wps/promotions/applications');
  const offer = offers.items.find((item) => item.code === CODE);
  if (!offer) throw new Error(`the seed's application promotion ${CODE} is not offered`);
  return offer;
}

/** Applies as the site's dialog does: one multipart form of the code, the comment and the images. */
async function apply(baseURL: string, session: Session, comment: string, images: number): Promise<Application> {
  const form = new FormData();
  form.append('promotionCode', CODE);
  form.append('comment', comment);
  for (let index = 0; index < images; index += 1) {
    form.append('images', new Blob([WIN_PNG], { type: 'image/png' }), `win-${index + 1}.png`);
  }
  return member<Application>(baseURL, session, '/wps/member/applications', form);
}

/** The member's application waiting for a decision: the one just sent, or one a failed first try left. */
async function applying(baseURL: string, session: Session): Promise<Application> {
  const mine = await member<{ items: Application[] }>(baseURL, session, '/wps/member/applications');
  const found = mine.items.find((item) => item.promotionCode === CODE && item.status === 'applying');
  if (!found) throw new Error(`no ${CODE} application of ${session.account} is applying`);
  return found;
}

/** An image drawn from its bytes: the thumbnail or the larger view loaded with the operator's session. */
async function expectDrawn(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(64);
}

async function shootViews(page: Page, name: string): Promise<void> {
  for (const view of SHOTS) {
    await showView(page, view);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect.soft(overflow, `${name} ${JSON.stringify(view)} scrolls sideways`).toBeLessThanOrEqual(0);
    await screenshot(page, `${name}-${view.width}-${view.theme}-${view.language}`);
    expect.soft(await seriousViolations(page), `${name} ${JSON.stringify(view)}`).toEqual([]);
  }
  await showView(page, { width: 1280, theme: 'dark', language: 'EN' });
}

test('finance rejects a member’s application with a reason, then approves the second, the status showing each', async ({
  browser,
  baseURL,
}) => {
  const session = await register(baseURL!, { prefix: 'share', password: 'Parlay1234!' });
  const who = session.account;
  const offer = await sharewin(baseURL!, session);
  expect(offer.state, `a new member's ${CODE}`).toBe('join');
  await apply(baseURL!, session, `Big win on Dice ${STAMP}`, 1);
  const first = await applying(baseURL!, session);

  const { context, page } = await signedInContext(browser, baseURL!, 'demo-finance');
  const errors = watchErrors(page);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Applications' }).click();
  await settled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();

  // The work queue: the application with its comment, promotion, reward and thumbnail.
  const queue = page.getByRole('table', { name: 'To decide' });
  const row = queue.getByRole('row', { name: new RegExp(first.comment) });
  await expect(row).toContainText(who);
  await expect(row).toContainText(CODE);
  await expect(row).toContainText('Applying');
  await expect(row).toContainText(`₩${offer.rewardMinor.toLocaleString('en-GB')}`);
  const thumbnail = row.getByRole('button', { name: `Image 1 of 1 of ${who} for ${CODE}` });
  await expectDrawn(thumbnail.locator('img'));
  await shootViews(page, 'applications');

  // The thumbnail opens the image larger.
  await row.getByRole('button', { name: `Image 1 of 1 of ${who} for ${CODE}` }).click();
  const viewer = page.getByRole('dialog', { name: `Image 1 of 1: ${who}, ${CODE}` });
  await expectDrawn(viewer.getByRole('img'));
  await screenshot(page, 'application-image-1280-dark-EN');
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();

  // Reject with a reason: required, counted to 140.
  await row.getByRole('button', { name: `Reject ${CODE} of ${who}` }).click();
  const reject = page.getByRole('dialog', { name: `Reject ${CODE} of ${who}?` });
  await expect(reject.getByRole('button', { name: 'Reject' })).toBeDisabled();
  await reject.getByLabel(/^Reason shown to the member/).fill(REASON);
  await expect(reject.getByTestId('reason-counter')).toHaveText(`${REASON.length} / 140`);
  await screenshot(page, 'application-reject-1280-dark-EN');
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, 'application-reject-375-dark-EN');
  await page.setViewportSize({ width: 1280, height: 900 });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText(`${CODE} of ${who} is rejected.`)).toBeVisible();
  await expect(reject).toBeHidden();
  await expect(row).toHaveCount(0);

  // The member reads the reason and may apply again: this time with two images.
  const rejected = await sharewin(baseURL!, session);
  expect(rejected).toMatchObject({ state: 'rejected', rejectReason: REASON });
  const second = await apply(baseURL!, session, `Another win on Dice ${STAMP}`, 2);
  expect(second.status).toBe('applying');

  // Approve: the dialog says the reward that will be paid.
  await page.reload();
  await settled(page);
  const again = queue.getByRole('row', { name: new RegExp(second.comment) });
  await expectDrawn(again.getByRole('button', { name: `Image 2 of 2 of ${who} for ${CODE}` }).locator('img'));
  await again.getByRole('button', { name: `Approve ${CODE} of ${who}` }).click();
  const reward = `₩${offer.rewardMinor.toLocaleString('en-GB')}`;
  const approve = page.getByRole('dialog', { name: `Approve ${CODE} of ${who}?` });
  await expect(approve).toContainText(`${reward} is paid to ${who} as the bonus of`);
  await screenshot(page, 'application-approve-1280-dark-EN');
  await approve.getByRole('button', { name: `Approve and pay ${reward}` }).click();
  await expect(page.getByText(`${CODE} of ${who} is approved: ${reward} paid.`)).toBeVisible();
  await expect(again).toHaveCount(0);

  // Every application: the rejected one with its reason and who decided, the approved one issued.
  await page.getByRole('button', { name: 'All applications' }).click();
  const all = page.getByRole('table', { name: 'All applications' });
  const firstRow = all.getByRole('row', { name: new RegExp(first.comment) });
  const secondRow = all.getByRole('row', { name: new RegExp(second.comment) });
  await expect(firstRow).toContainText('Rejected');
  await expect(firstRow).toContainText(REASON);
  await expect(firstRow).toContainText('demo-finance');
  await expect(secondRow).toContainText('Issued');
  await expect(secondRow).toContainText('demo-finance');
  await expect(secondRow.getByRole('button', { name: /Approve|Reject/ })).toHaveCount(0);
  await shootViews(page, 'applications-all');
  expect((await sharewin(baseURL!, session)).state).toBe('issued');

  expect(errors).toEqual([]);
  await context.close();
});
