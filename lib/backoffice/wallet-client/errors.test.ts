// walletErrorFromEnvelope for every result code of docs/wallet-api.md "Result codes": the class,
// the code, a staff sentence that is not the service's own msg, the field a form can mark, and
// serialization that keeps the service's msg (which quotes values) out of logs.
import { describe, expect, it, vi } from 'vitest';
import { walletOperations } from '@/lib/wallet/contract/operations';
import { resultCodeMeaning } from '@/lib/wallet/contract/result-codes';
import {
  PARAMETER_LABELS,
  SAYS_NOTHING_CHANGED,
  walletErrorFromEnvelope,
  WalletAuthError,
  WalletClientError,
  WalletConflictError,
  WalletInputError,
  WalletInsufficientFundsError,
  WalletNotFoundError,
  WalletProtocolError,
  WalletRuleError,
  WalletServiceError,
  WalletRateLimitedError,
} from './errors';

type Row = [
  code: number,
  msg: string,
  cls: typeof WalletClientError,
  field: string | undefined,
  data?: unknown,
];

// Messages as the service words them, on the operation most likely to produce each.
const OP = 'agencyApplyUserCard';
const ROWS: Row[] = [
  [1001, 'embossedName is required.', WalletInputError, 'embossedName', { field: 'embossedName' }],
  [
    1002,
    'embossedName must be 1-20 upper-case letters A-Z with single spaces between words.',
    WalletInputError,
    'embossedName',
    { field: 'embossedName', rule: 'must be 1-20 upper-case letters A-Z with single spaces between words' },
  ],
  [
    1003,
    'Parameter appUserId is given more than once.',
    WalletInputError,
    'appUserId',
    { field: 'appUserId' },
  ],
  [1004, 'Method not allowed: this path answers POST only.', WalletProtocolError, undefined],
  [1005, 'There is no wallet operation at this path.', WalletProtocolError, undefined],
  [2001, 'The signature does not match the request.', WalletAuthError, undefined],
  [2002, 'The timestamp is more than 300 seconds away from the service clock.', WalletAuthError, undefined],
  [2003, 'The nonce has already been used by this app.', WalletAuthError, undefined],
  [2004, 'App app-1 is not registered under agency AG001.', WalletAuthError, undefined],
  [3001, 'User u-1 is not registered under this app.', WalletNotFoundError, 'appUserId'],
  [
    3002,
    'A user with this appUserId is already registered under this app.',
    WalletConflictError,
    'appUserId',
    { field: 'appUserId' },
  ],
  [
    4001,
    'Payment asset 7 holds 4.99 USD, less than the card fee of 5.00 USD.',
    WalletInsufficientFundsError,
    undefined,
  ],
  [4002, 'needDelivery is true, so addressId is required.', WalletRuleError, 'addressId'],
  [4003, "Address 9 is not one of this user's addresses.", WalletNotFoundError, 'addressId'],
  [4004, 'Card category 999 does not exist.', WalletNotFoundError, 'categoryId'],
  [4005, "Payment asset 3 is not one of the agency's assets.", WalletNotFoundError, 'paymentAssetId'],
  [4006, 'cardNumber is already bound to a card.', WalletConflictError, 'cardNumber'],
  [4007, 'requestId has already been used with other parameters.', WalletConflictError, 'requestId'],
  // 4008 names cardId, which the operation used here does not have: no field.
  [4008, "Card 7 is not one of user u-1's cards.", WalletNotFoundError, undefined],
  [4009, 'Card 7 is CANCELLED, so it cannot be locked.', WalletConflictError, undefined],
  [4010, 'A transfer from asset 3 to asset 4 is not allowed.', WalletRuleError, undefined],
  [4011, 'Asset 9 does not exist under this app.', WalletNotFoundError, undefined],
  [4012, 'Webhook endpoint 3 does not exist under this app.', WalletNotFoundError, undefined],
  [4013, 'Event evt_x does not exist under this app.', WalletNotFoundError, undefined],
  [4014, 'Authorization 9 does not exist under this app.', WalletNotFoundError, undefined],
  [4015, 'Authorization 9 is CLEARED, not PENDING: it cannot be cleared.', WalletRuleError, undefined],
  [4016, 'Deposit 7 is CREDITED: only a HELD deposit can be released.', WalletConflictError, undefined],
  [4017, 'Dispute 7 does not exist under this app.', WalletNotFoundError, undefined],
  [
    4018,
    'Transaction 9 was cleared more than 120 days ago: it can no longer be disputed.',
    WalletRuleError,
    undefined,
  ],
  [4019, 'Dispute 7 is WON, not OPEN: it cannot be submitted.', WalletConflictError, undefined],
  [5000, 'An unexpected error occurred. Please try again later.', WalletServiceError, undefined],
  [
    5001,
    'The service cannot reach its database right now: retry with the same requestId after Retry-After seconds.',
    WalletServiceError,
    undefined,
  ],
  [6001, 'Too many requests from this app: try again later.', WalletRateLimitedError, undefined],
];

describe('walletErrorFromEnvelope', () => {
  it('covers every non-zero code of docs/wallet-api.md "Result codes"', () => {
    const codes = Object.keys(resultCodeMeaning)
      .map(Number)
      .filter((c) => c !== 0);
    expect(ROWS.map(([code]) => code).sort()).toEqual(codes.sort());
  });

  it.each(ROWS)('%i -> its class, code, field and a staff sentence', (code, msg, cls, field, data) => {
    const error = walletErrorFromEnvelope(OP, { code, msg, ...(data === undefined ? {} : { data }) });
    expect(error).toBeInstanceOf(cls);
    expect(error).toBeInstanceOf(WalletClientError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(cls.name);
    expect(error.code).toBe(code);
    expect(error.operation).toBe(OP);
    expect(error.field).toBe(field);
    expect(error.serviceMessage).toBe(msg);
    expect(error.staffMessage.length).toBeGreaterThan(20);
    expect(error.staffMessage).not.toBe(msg);
    expect(error.staffMessage).not.toContain(msg);
    expect(error.staffMessage).toMatch(/^[A-Z].*\.$/);
    expect(error.message).toContain(String(code));
  });

  it('gives distinct sentences to distinct business outcomes', () => {
    const sentences = ROWS.filter(([code]) => code >= 3000).map(
      ([code, msg]) => walletErrorFromEnvelope(OP, { code, msg }).staffMessage,
    );
    // 2001 and 2004 share theirs on purpose; no business code shares one.
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it('words the sentences the brief fixes', () => {
    const staff = (code: number) => walletErrorFromEnvelope(OP, { code, msg: 'x' }).staffMessage;
    expect(staff(4001)).toBe(
      "The paying asset's balance is lower than the card fee. Top up the asset or choose another one to pay with.",
    );
    expect(staff(3002)).toBe('A user with this app user ID or e-mail is already registered.');
    for (const code of [2001, 2004]) {
      expect(staff(code)).toBe(
        'The back-office could not authenticate with the wallet service. Ask an administrator to check the wallet app credentials.',
      );
    }
    for (const code of [2002, 2003]) {
      expect(staff(code)).toMatch(/^The back-office could not authenticate with the wallet service\. /);
    }
    expect(staff(5000)).toBe(
      'The wallet service had an unexpected problem. Nothing was changed; try again in a moment.',
    );
  });

  it('quotes the rule of a 1002, from data.rule, under the label staff know from the form', () => {
    const error = walletErrorFromEnvelope(OP, {
      code: 1002,
      msg: 'embossedName must be 1-20 upper-case letters A-Z with single spaces between words.',
      data: {
        field: 'embossedName',
        rule: 'must be 1-20 upper-case letters A-Z with single spaces between words',
      },
    });
    expect(error.staffMessage).toBe(
      'The name on the card is not valid: it must be 1-20 upper-case letters A-Z with single spaces between words. Correct it and try again.',
    );
    expect(
      walletErrorFromEnvelope(OP, {
        code: 1001,
        msg: 'categoryId is required.',
        data: { field: 'categoryId' },
      }).staffMessage,
    ).toBe('The card type is required. Fill it in and try again.');
  });

  it('does not quote a 1002 rule that is not in the service format', () => {
    const error = walletErrorFromEnvelope(OP, {
      code: 1002,
      msg: 'whatever',
      data: { field: 'embossedName', rule: "'john smith' is lower case" },
    });
    expect(error.field).toBe('embossedName');
    expect(error.staffMessage).toBe('The name on the card is not valid. Correct it and try again.');
  });

  it('sends staff to an administrator when an authentication parameter is refused', () => {
    const error = walletErrorFromEnvelope(OP, {
      code: 1002,
      msg: 'nonce must be 16-64 characters.',
      data: { field: 'nonce', rule: 'must be 16-64 characters' },
    });
    expect(error).toBeInstanceOf(WalletInputError);
    expect(error.field).toBe('nonce');
    expect(error.staffMessage).toContain('administrator');
  });

  describe('the field, from data.field and the code, never from msg', () => {
    it('names a field only when the operation has that parameter', () => {
      const e = (op: string, code: number, data?: unknown) =>
        walletErrorFromEnvelope(op, { code, msg: 'appUserId is required.', ...(data ? { data } : {}) }).field;
      expect(e(OP, 1001, { field: 'bogus' })).toBeUndefined();
      expect(e('agencyAssetList', 1002, { field: 'embossedName' })).toBeUndefined();
      expect(e('agencyAssetList', 4005)).toBeUndefined();
      expect(e('noSuchOperation', 1001, { field: 'appUserId' })).toBeUndefined();
      expect(e(OP, 1001, { field: 'appUserId' })).toBe('appUserId');
    });

    it('reads nothing from msg: a message naming a field, without data, marks none', () => {
      expect(
        walletErrorFromEnvelope(OP, { code: 1003, msg: 'Parameter embossedName is given more than once.' })
          .field,
      ).toBeUndefined();
      const error = walletErrorFromEnvelope(OP, { code: 1001, msg: 'embossedName is required.' });
      expect(error.field).toBeUndefined();
      expect(error.staffMessage).toMatch(/required detail is missing/);
      expect(walletErrorFromEnvelope(OP, { code: 1002, msg: '', data: { field: 42 } }).field).toBeUndefined();
    });

    it('tells which key of a 3002 clashed, when data says', () => {
      const op = 'registerAndKyc';
      const field = (data?: unknown) =>
        walletErrorFromEnvelope(op, { code: 3002, msg: 'x', ...(data ? { data } : {}) }).field;
      expect(field({ field: 'email' })).toBe('email');
      expect(field({ field: 'appUserId' })).toBe('appUserId');
      expect(field()).toBeUndefined();
    });
  });

  it('maps an unknown code to WalletServiceError, keeping the code', () => {
    const error = walletErrorFromEnvelope(OP, { code: 7777, msg: 'Something new.' });
    expect(error).toBeInstanceOf(WalletServiceError);
    expect(error.code).toBe(7777);
    expect(error.staffMessage).toContain('7777');
    expect(error.staffMessage).not.toContain('Something new');
  });

  it('treats a success envelope handed over as a failure as a protocol error', () => {
    const error = walletErrorFromEnvelope(OP, { code: 0, msg: 'success' });
    expect(error).toBeInstanceOf(WalletProtocolError);
    expect(error.code).toBe(0);
  });

  it('keeps the service message, which quotes values, out of message, stack, keys and JSON', () => {
    const msg = 'User jane.secret@example.com is not registered under this app.';
    const error = walletErrorFromEnvelope('userCardList', { code: 3001, msg });
    expect(error.serviceMessage).toBe(msg);
    expect(error.message).not.toContain('jane');
    expect(error.stack ?? '').not.toContain('jane');
    expect(Object.keys(error)).not.toContain('serviceMessage');
    const json = JSON.stringify(error);
    expect(json).not.toContain('jane');
    expect(JSON.parse(json)).toEqual({
      name: 'WalletNotFoundError',
      operation: 'userCardList',
      code: 3001,
      field: 'appUserId',
      staffMessage: error.staffMessage,
      message: error.message,
    });
    expect(String(error)).toBe(`WalletNotFoundError: ${error.message}`);
  });

  it('has a staff label for every parameter of every operation', () => {
    const names = new Set(Object.values(walletOperations).flatMap((op) => Object.keys(op.params.shape)));
    const unlabelled = [...names].filter((name) => !(name in PARAMETER_LABELS));
    expect(unlabelled).toEqual([]);
  });
});

describe('instanceof across copies of this module', () => {
  it('recognises an error made by another copy of the classes (pages and route handlers are bundled apart)', async () => {
    vi.resetModules();
    // A query string makes the module loader evaluate the file again: a second copy of the classes.
    const specifier: string = './errors?copy';
    const other = (await import(/* @vite-ignore */ specifier)) as typeof import('./errors');
    const foreign = new other.WalletInsufficientFundsError({
      operation: 'userApplyCard',
      code: 4001,
      staffMessage: 'short',
      detail: 'wallet userApplyCard: 4001',
    });
    expect(other.WalletInsufficientFundsError).not.toBe(WalletInsufficientFundsError);
    expect(foreign instanceof WalletClientError).toBe(true);
    expect(foreign instanceof WalletInsufficientFundsError).toBe(true);
    expect(foreign instanceof WalletInputError).toBe(false);
    expect(new Error('x') instanceof WalletClientError).toBe(false);
    expect((null as unknown) instanceof WalletClientError).toBe(false);
  });
});

describe('the card programme codes on their own operations', () => {
  it('4008 marks the card on card/detail, 4011 nothing on a transfer', () => {
    expect(walletErrorFromEnvelope('cardDetail', { code: 4008, msg: 'x' }).field).toBe('cardId');
    expect(walletErrorFromEnvelope('assetLedger', { code: 4011, msg: 'x' }).field).toBe('assetId');
    expect(walletErrorFromEnvelope('assetTransfer', { code: 4011, msg: 'x' }).field).toBeUndefined();
  });

  it('4001 on a transfer is about its amount, not a card fee', () => {
    const transfer = walletErrorFromEnvelope('assetTransfer', { code: 4001, msg: 'x' });
    expect(transfer.field).toBe('amount');
    expect(transfer.staffMessage).toBe(
      "The amount is more than the source's balance now. Nothing moved; enter a smaller amount or add money to the source first.",
    );
    const fee = walletErrorFromEnvelope('agencyApplyUserCard', { code: 4001, msg: 'x' });
    expect(fee.field).toBeUndefined();
    expect(fee.staffMessage).toMatch(/^The paying asset's balance is lower than the card fee\./);
  });
});

describe('SAYS_NOTHING_CHANGED', () => {
  it('names exactly the codes whose staff sentence says that nothing was changed', () => {
    for (const code of [1001, 1002, 1003, 3001, 4001, 4009, 5000, 6001]) {
      const said = walletErrorFromEnvelope('cardListAllByUser', { code, msg: 'x' }).staffMessage.includes(
        'Nothing was changed',
      );
      expect(said, String(code)).toBe(SAYS_NOTHING_CHANGED.has(code));
    }
  });
});
