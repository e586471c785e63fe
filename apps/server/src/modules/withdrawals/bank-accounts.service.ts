import type { BankAccount, BindBankAccountRequest, RemoveBankAccountRequest } from '@parlay/contract';
import { BindBankAccountRequestSchema } from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Merchant } from '../merchant/index';
import type { PaymentPasswordOwner } from '../security/index';
import type { AuthenticatedMember } from '../session/index';
import { banksOf, maskAccountNumber, normaliseName } from './withdrawal-format';
import * as repository from './withdrawals.repository';

/** What checks a payment password: the security module's PaymentPasswordService. */
export interface PaymentPasswordCheck {
  verifyPaymentPassword(owner: PaymentPasswordOwner, password: string): Promise<void>;
}

export function toBankAccount(row: repository.BankAccountRow): BankAccount {
  return {
    id: row.id,
    bankCode: row.bankCode,
    bankName: row.bankName,
    accountNumberMasked: maskAccountNumber(row.accountNumber),
    holderName: row.holderName,
    createdAt: row.createdAt,
  };
}

/**
 * The member's bank accounts a withdrawal pays to (decision 0041): a bank the brand pays to, the number (digits,
 * shown masked), the holder, who must be the member's registered real name (payeeName); at most the brand's limit.
 * Removing one takes the payment password and is refused while a request to it still holds money.
 */
export class BankAccountService {
  constructor(
    private readonly db: Database,
    private readonly paymentPasswords: PaymentPasswordCheck,
  ) {}

  async list(merchant: Merchant, member: AuthenticatedMember): Promise<BankAccount[]> {
    return (await repository.findBankAccounts(this.db, merchant.id, member.id)).map(toBankAccount);
  }

  async bind(
    merchant: Merchant,
    member: AuthenticatedMember,
    input: BindBankAccountRequest,
    ip: string,
    language: string,
  ): Promise<BankAccount> {
    const request = BindBankAccountRequestSchema.parse(input);
    const settings = await repository.findSettings(this.db, merchant.id);
    const bank = banksOf(settings.banks, merchant.brand.currency, language).find(
      (candidate) => candidate.code === request.bankCode,
    );
    if (!bank) throw new AppError('WITHDRAWAL_BANK_UNKNOWN');
    return this.db.transaction(async (tx) => {
      const locked = await repository.lockMember(tx, merchant.id, member.id);
      if (!locked) throw new AppError('NOT_LOGGED_IN');
      if (!locked.payeeName || normaliseName(locked.payeeName) !== normaliseName(request.holderName)) {
        throw new AppError('WITHDRAWAL_HOLDER_MISMATCH');
      }
      const accounts = await repository.findBankAccounts(tx, merchant.id, member.id);
      if (
        accounts.some((account) => account.bankCode === bank.code && account.accountNumber === request.accountNumber)
      ) {
        throw new AppError('WITHDRAWAL_BANK_ACCOUNT_EXISTS');
      }
      if (accounts.length >= settings.maxBankAccounts) {
        throw new AppError(
          'WITHDRAWAL_BANK_ACCOUNT_LIMIT',
          { max: settings.maxBankAccounts },
          { params: { max: settings.maxBankAccounts } },
        );
      }
      const row = await repository.insertBankAccount(tx, {
        merchantId: merchant.id,
        memberId: member.id,
        bankCode: bank.code,
        bankName: bank.name,
        accountNumber: request.accountNumber,
        // The registered name as written there, not the member's spelling of it.
        holderName: locked.payeeName,
        ip,
      });
      if (!row) throw new AppError('WITHDRAWAL_BANK_ACCOUNT_EXISTS');
      return toBankAccount(row);
    });
  }

  /** The payment password is checked (and a wrong one counted) before anything is removed. */
  async remove(merchant: Merchant, member: AuthenticatedMember, request: RemoveBankAccountRequest): Promise<void> {
    const account = await repository.findBankAccount(this.db, merchant.id, member.id, request.bankAccountId);
    if (!account) throw new AppError('WITHDRAWAL_BANK_ACCOUNT_NOT_FOUND');
    await this.paymentPasswords.verifyPaymentPassword(member, request.paymentPassword);
    const removed = await this.db.transaction((tx) =>
      repository.removeBankAccount(tx, merchant.id, member.id, request.bankAccountId),
    );
    if (!removed) {
      const still = await repository.findBankAccount(this.db, merchant.id, member.id, request.bankAccountId);
      throw new AppError(still ? 'WITHDRAWAL_BANK_ACCOUNT_IN_USE' : 'WITHDRAWAL_BANK_ACCOUNT_NOT_FOUND');
    }
  }
}
