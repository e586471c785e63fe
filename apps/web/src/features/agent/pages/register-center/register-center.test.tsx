import {
  AGENT_CALLS,
  DEFAULT_REGISTER_RULES,
  DownlineAccountResponseSchema,
  InviteLinkResponseSchema,
  InviteLinksResponseSchema,
  KindContractsResponseSchema,
  type Contract,
  type ContractKind,
  type CreateDownlineAccountRequest,
  type CreateInviteLinkRequest,
  type InviteLink,
  type RegisterSettings,
} from '@parlay/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n/index';
import { useSessionStore } from '../../../../lib/session-store';
import { answer, fail, ok } from '../../../../test/api';
import { renderWithShell } from '../../../../test/render-with-shell';
import { server } from '../../../../test/server';
import RegisterCenterPage from './index';

const SETTINGS: RegisterSettings = {
  rules: DEFAULT_REGISTER_RULES,
  directRegister: true,
  usernameRegistration: true,
  mobileRegistration: false,
  smsVerification: false,
  mobilePassword: false,
  expiredMinutes: 5,
  minimumAge: 18,
  birthdayMinimumAge: 21,
};

const link = (id: number, fields: Partial<InviteLink> = {}): InviteLink => ({
  id,
  code: `ABCDEFGH${id}`.slice(0, 10).padEnd(10, 'Z'),
  label: `Link ${id}`,
  accountType: 'member',
  url: `http://localhost:3000/register?affiliateCode=CODE${id}`,
  registrations: 0,
  active: true,
  createdAt: '2026-11-20T03:00:00.000Z',
  disabledAt: null,
  contractTerms: [],
  ...fields,
});

/** My own active dividend contract from the site (weekly, 20% then 40%). */
const OWN_DIVIDEND: Contract = {
  id: 7,
  kind: 'dividend',
  salaryType: null,
  period: 'W',
  tiers: [
    { rateBp: 2_000, minActiveMembers: 0, minValidBetMinor: 0 },
    { rateBp: 4_000, minActiveMembers: 5, minValidBetMinor: 1_000_000 },
  ],
  topRateBp: 4_000,
  uplineAccount: null,
  downlineAccount: 'agent01',
  status: 'active',
  terminationRequestedBy: null,
  endReason: null,
  createdAt: '2026-10-19T03:00:00.000Z',
  activatedAt: '2026-10-19T03:00:00.000Z',
  endedAt: null,
  version: 1,
};

/** The agent's links as a little server: created ones come first, disabled ones stay with active false. */
function answerLinks(initial: InviteLink[], subAgentsAllowed = true, own: Contract[] = []) {
  const links = [...initial];
  const created: CreateInviteLinkRequest[] = [];
  return {
    created,
    links,
    handlers: [
      http.get(AGENT_CALLS.inviteLinks.path, () =>
        ok(InviteLinksResponseSchema, { items: links, subAgentsAllowed, max: 50 }),
      ),
      http.post(AGENT_CALLS.createInviteLink.path, async ({ request }) => {
        const body = (await request.json()) as CreateInviteLinkRequest;
        created.push(body);
        const made = link(90 + created.length, {
          label: body.label,
          accountType: body.accountType,
          contractTerms: body.contractTerms ?? [],
        });
        links.unshift(made);
        return ok(InviteLinkResponseSchema, made);
      }),
      // My own contracts of each kind (the contract pages' call), which bound a sub-agent link's terms.
      http.get(AGENT_CALLS.kindContracts.path, ({ request }) => {
        const kind = new URL(request.url).searchParams.get('kind') as ContractKind;
        const mine = own.filter((item) => item.kind === kind);
        return ok(KindContractsResponseSchema, {
          kind,
          reqtype: 'none',
          fromUpline: mine,
          toDownline: [],
          history: [],
        });
      }),
      http.post(AGENT_CALLS.disableInviteLink.path, async ({ request }) => {
        const { id } = (await request.json()) as { id: number };
        const index = links.findIndex((item) => item.id === id);
        links[index] = { ...links[index]!, active: false, disabledAt: '2026-11-28T03:00:00.000Z' };
        return ok(InviteLinkResponseSchema, links[index]);
      }),
    ],
  };
}

describe('RegisterCenterPage', () => {
  beforeEach(async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 1, account: 'agent01' });
    await i18n.changeLanguage('en');
    server.use(answer('registerSettings', SETTINGS));
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
  });

  it('lists the links, creates one as a sub-agent link, opens a QR code and disables a link after asking', async () => {
    const api = answerLinks([link(1, { label: 'Forum', registrations: 3 }), link(2, { label: 'Old', active: false })]);
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderWithShell(<RegisterCenterPage />);

    const table = await screen.findByRole('table');
    const rows = () => within(table).getAllByTestId('invite-link');
    expect(rows()).toHaveLength(2);
    expect(rows()[0]).toHaveTextContent('Forum');
    expect(rows()[0]).toHaveTextContent('3');
    expect(within(rows()[1]!).getByText('Disabled')).toBeVisible();
    // A disabled link has no actions.
    expect(within(rows()[1]!).queryByRole('button')).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Label' }), ' Partners ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'New accounts join as' }), 'agent');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(api.created).toEqual([{ label: 'Partners', accountType: 'agent' }]);
    expect(within(rows()[0]!).getByText('Sub-agent')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'QR code of the link Forum' }));
    const dialog = await screen.findByRole('dialog', { name: 'QR code: Forum' });
    expect(within(dialog).getByText(api.links[1]!.url!)).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Disable the link Forum' }));
    expect(screen.getByText('Disable Forum for good?')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(within(rows()[1]!).getByText('Disabled')).toBeVisible());
  });

  it("gives a sub-agent link contract terms within my own contract's, and lists them briefly", async () => {
    const api = answerLinks([], true, [OWN_DIVIDEND]);
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderWithShell(<RegisterCenterPage />);

    await user.type(await screen.findByRole('textbox', { name: 'Label' }), 'Partners');
    // A member link has no terms.
    expect(screen.queryByRole('group', { name: 'Contract terms (optional)' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'New accounts join as' }), 'agent');
    const terms = await screen.findByRole('group', { name: 'Contract terms (optional)' });
    // Only the kinds I hold, and none offered until ticked.
    const box = await within(terms).findByRole('checkbox', { name: 'Dividend contracts' });
    expect(within(terms).getAllByRole('checkbox')).toHaveLength(1);
    await user.click(box);
    const tiers = within(terms).getByRole('group', { name: 'Tiers: Dividend contracts' });
    // The tiers start as mine; a rate above my own top rate is refused here, nothing sent.
    const topRate = within(within(tiers).getByRole('group', { name: 'Tier 2' })).getByRole('textbox', {
      name: 'Rate (%)',
    });
    expect(topRate).toHaveValue('40');
    await user.clear(topRate);
    await user.type(topRate, '45');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dividend contracts: Tier 2: the rate cannot exceed your own top rate (40%).',
    );
    expect(api.created).toHaveLength(0);

    await user.clear(topRate);
    await user.type(topRate, '30');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(api.created).toHaveLength(1));
    expect(api.created[0]).toEqual({
      label: 'Partners',
      accountType: 'agent',
      contractTerms: [
        {
          kind: 'dividend',
          salaryType: null,
          period: 'W',
          tiers: [
            { rateBp: 2_000, minActiveMembers: 0, minValidBetMinor: 0 },
            { rateBp: 3_000, minActiveMembers: 5, minValidBetMinor: 1_000_000 },
          ],
        },
      ],
    });
    const row = await screen.findByTestId('invite-link');
    expect(row).toHaveTextContent('Dividend contracts 30%');
  });

  it('offers no sub-agent where the brand does not allow it', async () => {
    server.use(...answerLinks([], false).handlers);
    renderWithShell(<RegisterCenterPage />);
    expect(await screen.findByText('No invitation links yet')).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'New accounts join as' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Sub-agent' })).not.toBeInTheDocument();
  });

  it("checks the brand's rules, shows the server's refusal under its field, and keeps one request id per account", async () => {
    server.use(...answerLinks([]).handlers);
    const sent: CreateDownlineAccountRequest[] = [];
    server.use(
      http.post(AGENT_CALLS.createDownlineAccount.path, async ({ request }) => {
        const body = (await request.json()) as CreateDownlineAccountRequest;
        sent.push(body);
        if (body.account === 'taken1') return fail('ACCOUNT_EXISTS', { field: 'account' });
        return ok(DownlineAccountResponseSchema, {
          id: 501,
          account: body.account,
          nickname: body.nickname ?? body.account,
          accountType: body.accountType,
          createdAt: '2026-11-28T03:00:00.000Z',
          repeated: false,
        });
      }),
    );
    const user = userEvent.setup();
    renderWithShell(<RegisterCenterPage />);
    const account = await screen.findByLabelText(/^Account/);
    const password = screen.getByLabelText(/^Password/);

    // The brand's username rule (a letter first, 4 to 16 letters and digits): refused here, nothing sent.
    await user.type(account, '1a');
    await user.type(password, 'Secret12!');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(account).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);

    await user.clear(account);
    await user.type(account, 'taken1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This username is already taken.')).toBeVisible();
    expect(account).toHaveAttribute('aria-invalid', 'true');

    await user.clear(account);
    await user.type(account, 'newkid1');
    await user.click(screen.getByRole('radio', { name: 'Sub-agent' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('status')).toHaveTextContent('newkid1 was created in your team. Type: Sub-agent.');
    expect(sent.map((body) => [body.account, body.accountType])).toEqual([
      ['taken1', 'member'],
      ['newkid1', 'agent'],
    ]);
    // The refused try and the one that made the account share an id; the next account gets a new one.
    expect(sent[1]!.requestId).toBe(sent[0]!.requestId);
    expect(account).toHaveValue('');
    await user.type(account, 'another1');
    await user.type(password, 'Secret12!');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]!.requestId).not.toBe(sent[1]!.requestId);
  });
});
