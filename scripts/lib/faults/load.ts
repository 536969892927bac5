// The agency's load in the fault run (docs/reliability.md "The load"): what a real agency sends, in
// a mix: registrations (with a deposit address), card issuance, funding and top-ups, purchases
// (authorizations) and the merchant's clears, reversals and refunds, deposits seen on a chain, and
// disputes of cleared purchases taken to the network's answer.
// Every call that changes something carries a requestId (a deposit is keyed by its transaction
// instead) and goes through callUntilAnswered, which retries it as the integrator guide says.
// Each such call is kept, with the answer that said what was done, for the checks (checks.ts).
import { randomBytes } from 'node:crypto';
import type { WalletOperationName } from '@/lib/wallet/contract/operations';
import { callUntilAnswered, emptyStats, type App, type CallStats } from './wallet-client';

/** The operations whose effects the checks count, one name per kind of effect. */
export type Kind =
  | 'register'
  | 'issue'
  | 'transfer'
  | 'authorize'
  | 'clear'
  | 'reverse'
  | 'refund'
  | 'deposit'
  // A cleared purchase disputed, its evidence submitted, and the network's WON (docs/disputes.md).
  | 'dispute'
  | 'submit'
  | 'settle';

/** One call that changes something, as sent and as answered. */
export type Mutation = {
  kind: Kind;
  operation: WalletOperationName;
  /** The requestId, or for a deposit its txHash (what makes a deposit one). */
  key: string;
  params: Record<string, string | number | boolean>;
  /** The result code of the answer that said what was done; undefined while none came. */
  code?: number;
  /** That answer's data as JSON text, for the replay. */
  data?: string;
};

type User = { appUserId: string; walletAssetId?: number; depositAddress?: string };
type Card = { cardId: number; cardAssetId: number };

/** What the agency knows of its customers, shared by its clients. */
export type World = {
  app: App;
  agencyAssetId: number;
  users: User[];
  cards: Card[];
  /** Approved authorizations not yet cleared or reversed by this agency. */
  pending: number[];
  /** The transactionIds of cleared ones: refundable, disputable. */
  cleared: number[];
  mutations: Mutation[];
};

export const newWorld = (app: App, agencyAssetId: number): World => ({
  app,
  agencyAssetId,
  users: [],
  cards: [],
  pending: [],
  cleared: [],
  mutations: [],
});

type Step =
  | 'register'
  | 'issue'
  | 'fund'
  | 'transfer'
  | 'topup'
  | 'authorize'
  | 'clear'
  | 'reverse'
  | 'refund'
  | 'deposit'
  | 'dispute';

/** The mix, in draws out of 21. */
const MIX: [Step, number][] = [
  ['register', 1],
  ['issue', 2],
  ['fund', 2],
  ['transfer', 2],
  ['topup', 2],
  ['authorize', 5],
  ['clear', 2],
  ['reverse', 1],
  ['refund', 1],
  ['deposit', 2],
  ['dispute', 1],
];

const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
const take = (items: number[]): number | undefined =>
  items.length === 0 ? undefined : items.splice(Math.floor(Math.random() * items.length), 1)[0];
const requestId = (kind: string) => `f-${kind}-${randomBytes(9).toString('base64url')}`;
const cents = (min: number, max: number) =>
  (min + Math.floor(Math.random() * (max - min) * 100) / 100).toFixed(2);

function drawStep(world: World): Step {
  if (world.users.length < 4) return 'register';
  if (world.cards.length < 4) return 'issue';
  let n = Math.floor(Math.random() * MIX.reduce((sum, [, weight]) => sum + weight, 0));
  for (const [step, weight] of MIX) {
    if (n < weight) return step;
    n -= weight;
  }
  return 'authorize';
}

export type Load = {
  stats: CallStats;
  /** Stops the clients after their current call, and resolves once they have. */
  stop(): Promise<void>;
};

/** `clients` clients sending the mix to the live instances until stopped. */
export function startLoad(options: { world: World; clients: number; baseUrls: () => string[] }): Load {
  const { world } = options;
  const stats = emptyStats();
  let stopping = false;

  const call = <T>(
    prefer: number,
    operation: WalletOperationName,
    params: Record<string, string | number | boolean>,
  ) => callUntilAnswered<T>({ baseUrls: options.baseUrls, app: world.app, operation, params, stats, prefer });

  async function mutate<T>(
    prefer: number,
    kind: Kind,
    operation: WalletOperationName,
    params: Record<string, string | number | boolean>,
    key = requestId(kind),
  ): Promise<T | undefined> {
    const withKey = kind === 'deposit' ? params : { ...params, requestId: key };
    const m: Mutation = { kind, operation, key, params: withKey };
    world.mutations.push(m);
    const answer = await call<T>(prefer, operation, withKey);
    if (!answer) return undefined;
    m.code = answer.body.code;
    if (m.code !== 0) return undefined;
    m.data = JSON.stringify(answer.body.data);
    return answer.body.data;
  }

  const STEPS: Record<Step, (prefer: number) => Promise<void>> = {
    async register(prefer) {
      const appUserId = `f-${randomBytes(6).toString('hex')}`;
      const done = await mutate(prefer, 'register', 'registerAndKyc', {
        appUserId,
        email: `${appUserId}@example.com`,
        firstName: 'Jane',
        lastName: 'Doe',
        birthday: '1990-04-12',
        mobile: '1-4155550100',
        region: 'United States',
        documentType: 'PASSPORT',
        documentNo: 'X1234567',
        photos: 'https://files.example.com/doc-front.png',
      });
      if (done === undefined) return;
      const user: User = { appUserId };
      const assets = await call<{ assetId: number }[]>(prefer, 'userAssetList', { appUserId });
      user.walletAssetId = assets?.body.data?.[0]?.assetId;
      const address = await call<{ address: string }>(prefer, 'depositAddress', {
        appUserId,
        chain: 'ETHEREUM',
      });
      user.depositAddress = address?.body.data?.address;
      world.users.push(user);
    },
    async issue(prefer) {
      const user = pick(world.users)!;
      const card = await mutate<{ cardId: number }>(prefer, 'issue', 'agencyApplyUserCard', {
        appUserId: user.appUserId,
        paymentAssetId: world.agencyAssetId,
        categoryId: 1,
        embossedName: 'JANE DOE',
      });
      if (!card) return;
      const detail = await call<{ cardAssetId: number }>(prefer, 'cardDetail', {
        appUserId: user.appUserId,
        cardId: card.cardId,
      });
      const cardAssetId = detail?.body.data?.cardAssetId;
      if (!cardAssetId) return;
      await mutate(prefer, 'transfer', 'assetTransfer', {
        fromAssetId: world.agencyAssetId,
        toAssetId: cardAssetId,
        amount: '50.00',
      });
      world.cards.push({ cardId: card.cardId, cardAssetId });
    },
    async fund(prefer) {
      const card = pick(world.cards)!;
      await mutate(prefer, 'transfer', 'assetTransfer', {
        fromAssetId: world.agencyAssetId,
        toAssetId: card.cardAssetId,
        amount: cents(5, 20),
      });
    },
    async transfer(prefer) {
      const user = pick(world.users.filter((u) => u.walletAssetId));
      if (!user) return;
      await mutate(prefer, 'transfer', 'assetTransfer', {
        fromAssetId: world.agencyAssetId,
        toAssetId: user.walletAssetId!,
        amount: cents(2, 10),
      });
    },
    async topup(prefer) {
      // A wallet tops up only its own user's cards: the user's cards as the service lists them.
      const user = pick(world.users.filter((u) => u.walletAssetId));
      if (!user) return;
      const cards = await call<{ cardId: number; cardAssetId?: number; status?: string }[]>(
        prefer,
        'userCardList',
        {
          appUserId: user.appUserId,
        },
      );
      const own = world.cards.filter((c) => cards?.body.data?.some((d) => d.cardId === c.cardId));
      const card = pick(own);
      if (!card) return;
      await mutate(prefer, 'transfer', 'assetTransfer', {
        fromAssetId: user.walletAssetId!,
        toAssetId: card.cardAssetId,
        amount: cents(0.5, 2),
      });
    },
    async authorize(prefer) {
      const card = pick(world.cards)!;
      const auth = await mutate<{ authorizationId: number; status: string }>(
        prefer,
        'authorize',
        'simulateAuthorize',
        {
          cardId: card.cardId,
          amount: cents(1, 4),
          merchantName: 'Corner Cafe',
          mcc: '5812',
          merchantCountry: 'US',
        },
      );
      if (auth?.status === 'PENDING') world.pending.push(auth.authorizationId);
    },
    async clear(prefer) {
      const id = take(world.pending);
      if (id === undefined) return;
      // Refunds and disputes name the purchase by the transactionId its clearing drew, not the
      // authorization's id (an authorization's id there is 4014).
      const done = await mutate<{ transactionId: number | null }>(prefer, 'clear', 'simulateClear', {
        authorizationId: id,
      });
      if (done?.transactionId) world.cleared.push(done.transactionId);
    },
    async reverse(prefer) {
      const id = take(world.pending);
      if (id === undefined) return;
      await mutate(prefer, 'reverse', 'simulateReverse', { authorizationId: id });
    },
    async refund(prefer) {
      const id = take(world.cleared);
      if (id === undefined) return;
      await mutate(prefer, 'refund', 'simulateRefund', { transactionId: id, amount: '0.50' });
    },
    async dispute(prefer) {
      // A purchase of its own (no refund comes to it), for less than any clear: the amount rule
      // never refuses it. Not FRAUDULENT, which would lock the card the load goes on using.
      const id = take(world.cleared);
      if (id === undefined) return;
      const dispute = await mutate<{ disputeId: number }>(prefer, 'dispute', 'disputeCreate', {
        transactionId: id,
        reason: 'NOT_RECEIVED',
        amount: '0.25',
      });
      if (!dispute) return;
      const submitted = await mutate(prefer, 'submit', 'disputeSubmit', {
        disputeId: dispute.disputeId,
        evidence: 'The courier has no record of a delivery',
      });
      if (submitted === undefined) return;
      await mutate(prefer, 'settle', 'simulateDisputeOutcome', {
        disputeId: dispute.disputeId,
        outcome: 'WON',
      });
    },
    async deposit(prefer) {
      const user = pick(world.users.filter((u) => u.depositAddress));
      if (!user) return;
      const txHash = `0x${randomBytes(32).toString('hex')}`;
      await mutate(
        prefer,
        'deposit',
        'simulateDeposit',
        {
          chain: 'ETHEREUM',
          address: user.depositAddress!,
          txHash,
          amount: cents(1, 20),
          fromAddress: `0x${randomBytes(20).toString('hex')}`,
          confirmations: 12,
        },
        txHash,
      );
    },
  };

  const clients = Array.from({ length: options.clients }, async (_, client) => {
    for (let n = 0; !stopping; n++) await STEPS[drawStep(world)](client + n);
  });
  return {
    stats,
    async stop() {
      stopping = true;
      await Promise.all(clients);
    },
  };
}
