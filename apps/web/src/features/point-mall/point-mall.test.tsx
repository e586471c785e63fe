import {
  ConvertResultResponseSchema,
  MemberPointConfigResponseSchema,
  POINT_CALLS,
  POINT_MALL_CALLS,
  PointBalanceResponseSchema,
  PointProductsResponseSchema,
  PointRecordPageResponseSchema,
  RedeemResultResponseSchema,
  type MemberPointConfig,
  type PointBalance,
  type PointProduct,
  type PointRecord,
} from '@parlay/contract';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index';
import { useMemberCentreStore } from '../../lib/member-centre-store';
import { useSessionStore } from '../../lib/session-store';
import { fail, ok } from '../../test/api';
import { renderWithShell } from '../../test/render-with-shell';
import { server } from '../../test/server';
import { PointMall } from './index';
import { conversionValue, formatPoints, parsePoints, toPointsInput } from './lib/points';

const BALANCE: PointBalance = {
  balancePointsMinor: 1_250_050,
  period: 'weekly',
  periodFrom: '2026-11-23',
  periodTo: '2026-11-29',
  periodEarnedPointsMinor: 4_200,
};
const CONFIG: MemberPointConfig = {
  enabled: true,
  rates: { LIVE: 7000, SPORTS: 10000, FISH: 12000, RNG: 12000, PVP: 10000, LOTTERY: null, ESPORTS: null },
  depositRateBp: null,
  period: 'weekly',
  conversionMinorPerPoint: 10,
  conversionMinPointsMinor: 10_000,
  currency: 'KRW',
  currencyExponent: 0,
};
const product = (over: Partial<PointProduct>): PointProduct => ({
  id: 1,
  kind: 'goods',
  name: 'Coffee voucher',
  imageUrl: '/wps/media/point-mall/coffee.svg',
  pointsMinor: 300_000,
  amountMinor: 0,
  cashValueMinor: 0,
  stockLeft: 12,
  perMemberLimit: 3,
  redeemedByMe: 1,
  startsAt: null,
  endsAt: null,
  unavailableReason: null,
  ...over,
});
const PRODUCTS = [
  product({}),
  product({ id: 2, name: 'Headphones', pointsMinor: 900_000, amountMinor: 20_000, perMemberLimit: null }),
  product({ id: 3, name: 'Smart watch', stockLeft: 0, unavailableReason: 'outOfStock' }),
  product({ id: 4, name: 'Cash 10,000', kind: 'cash', cashValueMinor: 10_000, imageUrl: null, pointsMinor: 2_000_000 }),
];
const record = (over: Partial<PointRecord>): PointRecord => ({
  referenceNo: 'PX00000001',
  appliedAt: '2026-11-27T09:00:00.000Z',
  type: 'redeem',
  productName: 'Coffee voucher',
  quantity: 2,
  pointsMinor: 600_000,
  amountMinor: 0,
  status: 'applying',
  pointsChangedMinor: -600_000,
  pointsBalanceMinor: 650_050,
  remark: null,
  ...over,
});

interface Answers {
  balance?: PointBalance;
  config?: MemberPointConfig;
  products?: PointProduct[];
  records?: (url: URL) => { items: PointRecord[]; nextCursor: string | null };
}

function answer({ balance = BALANCE, config = CONFIG, products = PRODUCTS, records }: Answers = {}) {
  return [
    http.get(POINT_CALLS.balance.path, () => ok(PointBalanceResponseSchema, balance)),
    http.get(POINT_CALLS.config.path, () => ok(MemberPointConfigResponseSchema, config)),
    http.get(POINT_MALL_CALLS.products.path, () =>
      ok(PointProductsResponseSchema, {
        currency: 'KRW',
        currencyExponent: 0,
        balancePointsMinor: balance.balancePointsMinor,
        items: products,
      }),
    ),
    http.get(POINT_MALL_CALLS.records.path, ({ request }) =>
      ok(PointRecordPageResponseSchema, records?.(new URL(request.url)) ?? { items: [], nextCursor: null }),
    ),
  ];
}

describe('lib/points', () => {
  it('writes points with up to two decimals and reads what the member types, never through a float', () => {
    expect(formatPoints(1_250_050, 'en')).toBe('12,500.5');
    expect(formatPoints(100, 'en')).toBe('1');
    expect(formatPoints(-600_000, 'en', true)).toBe('\u22126,000');
    expect(formatPoints(4_200, 'en', true)).toBe('+42');
    expect(parsePoints('12.5')).toBe(1_250);
    expect(parsePoints('0.015')).toBeNull();
    expect(parsePoints('-3')).toBeNull();
    expect(toPointsInput(1_250_050)).toBe('12500.5');
    expect(toPointsInput(1_000)).toBe('10');
    // 1 point = 10 minor: 12.34 points give 123 (rounded down, as the server does).
    expect(conversionValue(1_234, 10)).toBe(123);
  });
});

describe('PointMall', () => {
  beforeEach(async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
    useMemberCentreStore.getState().closeMemberCentre();
  });

  it('shows the balance, the rate and each product honestly: price, money part, stock, limit, out of stock', async () => {
    server.use(...answer());
    renderWithShell(<PointMall />);
    expect(await screen.findByTestId('point-balance')).toHaveTextContent('12,500.5');
    expect(screen.getByText('Earned this period (2026-11-23 – 2026-11-29): +42')).toBeInTheDocument();
    expect(screen.getByTestId('conversion-rate')).toHaveTextContent('1 point = ₩10');

    const cards = screen.getAllByTestId('point-product');
    expect(cards).toHaveLength(4);
    const [coffee, headphones, watch, cash] = cards as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(coffee).toHaveTextContent('3,000 points');
    expect(coffee).toHaveTextContent('12 left');
    expect(coffee).toHaveTextContent('Limit 3 per member · you have 1');
    expect(headphones).toHaveTextContent('9,000 points+ ₩20,000');
    expect(headphones).toHaveTextContent('No limit per member');
    expect(within(watch).getByTestId('product-stock')).toHaveTextContent('Out of stock');
    expect(within(watch).getByRole('button', { name: 'Redeem Smart watch' })).toBeDisabled();
    // Too few points: said, and the button is off.
    expect(cash).toHaveTextContent('Credits ₩10,000 to your wallet');
    expect(cash).toHaveTextContent('7,499.5 more points needed');
    expect(within(cash).getByRole('button', { name: 'Redeem Cash 10,000' })).toBeDisabled();
    expect(within(cash).getByRole('img', { name: 'No picture' })).toBeInTheDocument();
  });

  it('redeems with a quantity and the payment password, then says what was redeemed and reads the mall again', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    let balance = BALANCE;
    server.use(
      http.post(POINT_MALL_CALLS.redeem.path, async ({ request }) => {
        sent.push(await request.json());
        balance = { ...BALANCE, balancePointsMinor: 650_050 };
        return ok(RedeemResultResponseSchema, { record: record({}), balancePointsMinor: 650_050, balanceMinor: 5_000 });
      }),
      http.get(POINT_CALLS.balance.path, () => ok(PointBalanceResponseSchema, balance)),
      ...answer(),
    );
    renderWithShell(<PointMall />);
    await user.click(await screen.findByRole('button', { name: 'Redeem Coffee voucher' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redeem Coffee voucher' });
    // The limit leaves 2 of 3: one more than that is refused here.
    expect(within(dialog).getByText('You can redeem up to 2.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'One more' }));
    expect(within(dialog).getByRole('button', { name: 'One more' })).toBeDisabled();
    expect(within(dialog).getByTestId('redeem-total-points')).toHaveTextContent('6,000');
    await user.click(within(dialog).getByRole('button', { name: /^Redeem$/ }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter your 6-digit payment password.');
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByLabelText('Payment password'), '135790');
    await user.click(within(dialog).getByRole('button', { name: /^Redeem$/ }));
    expect(await screen.findByRole('status')).toHaveTextContent('Redeemed 2 × Coffee voucher (reference PX00000001).');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toEqual([
      { productId: 1, quantity: 2, paymentPassword: '135790', requestId: expect.stringMatching(/^px-/) },
    ]);
    expect(await screen.findByTestId('point-balance')).toHaveTextContent('6,500.5');
    // The notice follows a change of language.
    await act(() => i18n.changeLanguage('ko'));
    expect(screen.getByRole('status')).toHaveTextContent('Coffee voucher 2개를 교환했습니다 (참조번호 PX00000001).');
  });

  it.each([
    ['PAYMENT_PASSWORD_WRONG', 'The payment password is incorrect. 4 tries left.'],
    [
      'PAYMENT_PASSWORD_LOCKED',
      'Too many wrong payment passwords: it is locked. Try again in 15 min, or reset it with a code.',
    ],
    ['POINT_MALL_POINTS_SHORT', 'You do not have enough points.'],
    ['POINT_MALL_OUT_OF_STOCK', 'Not enough in stock. Units left: 1'],
    ['POINT_MALL_LIMIT_REACHED', 'This is over the limit of 3 per member.'],
    ['POINT_MALL_PRODUCT_INACTIVE', 'This product cannot be redeemed now.'],
  ] as const)('shows the refusal %s in its words, and a new attempt is a new request', async (code, message) => {
    const user = userEvent.setup();
    const keys: string[] = [];
    server.use(
      http.post(POINT_MALL_CALLS.redeem.path, async ({ request }) => {
        keys.push(((await request.json()) as { requestId: string }).requestId);
        const refused = (await fail(code).json()) as Record<string, unknown>;
        return HttpResponse.json({ ...refused, message }, { status: 409 });
      }),
      ...answer(),
    );
    renderWithShell(<PointMall />);
    await user.click(await screen.findByRole('button', { name: 'Redeem Coffee voucher' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Payment password'), '111111');
    await user.click(within(dialog).getByRole('button', { name: /^Redeem$/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    await user.click(within(dialog).getByRole('button', { name: /^Redeem$/ }));
    await within(dialog).findByRole('alert');
    await expect.poll(() => keys.length).toBe(2);
    expect(keys[0]).not.toBe(keys[1]);
    // Typing again starts a new attempt: the refusal no longer stands.
    await user.clear(within(dialog).getByLabelText('Payment password'));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers the security centre when the member has no payment password yet', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(POINT_MALL_CALLS.redeem.path, () => fail('PAYMENT_PASSWORD_NOT_SET')),
      ...answer(),
    );
    renderWithShell(<PointMall />);
    await user.click(await screen.findByRole('button', { name: 'Redeem Coffee voucher' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Payment password'), '111111');
    await user.click(within(dialog).getByRole('button', { name: /^Redeem$/ }));
    await user.click(await within(dialog).findByRole('button', { name: 'Set a payment password' }));
    expect(useMemberCentreStore.getState().page).toBe('securityCenter');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("converts points at the brand's rate with the payment password, checking the minimum first", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    server.use(
      http.post(POINT_MALL_CALLS.convert.path, async ({ request }) => {
        sent.push(await request.json());
        return ok(ConvertResultResponseSchema, {
          record: record({
            referenceNo: 'PC00000002',
            type: 'convert',
            productName: null,
            quantity: null,
            pointsMinor: 150_000,
            amountMinor: 15_000,
            status: 'completed',
            pointsChangedMinor: -150_000,
          }),
          amountMinor: 15_000,
          balancePointsMinor: 1_100_050,
          balanceMinor: 20_000,
        });
      }),
      ...answer(),
    );
    renderWithShell(<PointMall />);
    const points = await screen.findByLabelText('Points to convert');
    expect(screen.getByText('At least 100 points a conversion.')).toBeInTheDocument();
    await user.type(points, '50');
    await user.type(screen.getByLabelText('Payment password'), '135790');
    await user.click(screen.getByRole('button', { name: 'Convert' }));
    expect(screen.getByRole('alert')).toHaveTextContent('You can convert at least 100 points.');
    await user.clear(points);
    await user.type(points, '1500');
    expect(screen.getByText('You receive ₩15,000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Convert' }));
    expect(await screen.findByRole('status')).toHaveTextContent('1,500 points were converted to ₩15,000.');
    expect(sent).toEqual([
      { pointsMinor: 150_000, paymentPassword: '135790', requestId: expect.stringMatching(/^pc-/) },
    ]);
    // "All" fills in the whole balance.
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(points).toHaveValue('12500.5');
  });

  it('says so when the brand converts no points', async () => {
    server.use(...answer({ config: { ...CONFIG, conversionMinorPerPoint: 0 } }));
    renderWithShell(<PointMall />);
    expect(await screen.findByText('Converting points is not available on this site.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Points to convert')).not.toBeInTheDocument();
  });

  it('shows the records with every specified field, the redeem history, and pages through them', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    server.use(
      ...answer({
        records: (url) => {
          asked.push(`${url.searchParams.get('view')}:${url.searchParams.get('cursor') ?? ''}`);
          if (url.searchParams.get('view') === 'history') {
            return {
              items: [
                record({ type: 'redeemRefund', status: 'completed', pointsChangedMinor: 600_000, remark: 'Sold out' }),
              ],
              nextCursor: null,
            };
          }
          return url.searchParams.get('cursor') === 'c2'
            ? { items: [record({ referenceNo: 'PX00000000', status: 'completed' })], nextCursor: null }
            : {
                items: [record({ amountMinor: 20_000, status: 'rejected', remark: 'Address missing' })],
                nextCursor: 'c2',
              };
        },
      }),
    );
    renderWithShell(<PointMall />);
    const row = (await screen.findAllByTestId('point-record'))[0]!;
    for (const text of [
      'Coffee voucher',
      'PX00000001',
      'Redemption',
      '2',
      '6,000',
      '₩20,000',
      'Rejected',
      '\u22126,000',
      '6,500.5',
      'Address missing',
    ]) {
      expect(row).toHaveTextContent(text);
    }
    expect(within(row).getByText('PX00000001').closest('td')).toHaveAttribute('data-label', 'Reference no.');
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('PX00000000')).toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByText('PX00000001')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Redeem history' }));
    expect(await screen.findByText('Sold out')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Redeem history' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByTestId('point-record')[0]).toHaveTextContent('+6,000');
    expect(asked).toEqual(['exchanges:', 'exchanges:c2', 'history:']);
  });

  it('asks for the product names again in the language the member switches to', async () => {
    server.use(
      http.get(POINT_MALL_CALLS.products.path, ({ request }) =>
        ok(PointProductsResponseSchema, {
          currency: 'KRW',
          currencyExponent: 0,
          balancePointsMinor: BALANCE.balancePointsMinor,
          items: [product({ name: request.headers.get('language') === 'KO' ? '커피 쿠폰' : 'Coffee voucher' })],
        }),
      ),
      ...answer(),
    );
    localStorage.setItem('lang', 'EN');
    renderWithShell(<PointMall />);
    expect(await screen.findByRole('heading', { name: 'Coffee voucher' })).toBeInTheDocument();
    localStorage.setItem('lang', 'KO');
    await act(() => i18n.changeLanguage('ko'));
    expect(await screen.findByRole('heading', { name: '커피 쿠폰' })).toBeInTheDocument();
    localStorage.removeItem('lang');
  });

  it('shows the refusal of a load in its words, with a retry', async () => {
    server.use(
      http.get(POINT_CALLS.balance.path, () => fail('NOT_LOGGED_IN')),
      ...answer(),
    );
    renderWithShell(<PointMall />);
    expect(await screen.findByText('The points mall could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
