// Wallet answers (4.2's user entries and card records) for the unit tests of the cards-* modules:
// whole, valid records with a full card number and a document number that must never get out.
import type { CardRecord, UserWithCards } from '@/lib/wallet/contract/schemas';

export const FULL = '4532015112830366';

export function cardRecord(overrides: Partial<CardRecord> = {}): CardRecord {
  return {
    activeTime: '2026-03-04T05:06:07.000Z',
    agencyCode: 'DEMO',
    cardAccountStatus: 'APPROVED',
    cardAssetId: 11,
    cardHolder: 'Jane Doe',
    cardId: 7,
    cardNumber: FULL,
    cardUUID: '3f6c1f7e-8a4e-4a53-9a55-0d5c8c7b2f10',
    categoryId: 1,
    channel: 'CRYPTO',
    currency: 'USD',
    currencyIcon: '/icons/usd.svg',
    currencySymbol: '$',
    decimalPlaces: 2,
    email: 'jane@example.com',
    embossedName: 'JANE DOE',
    expireMonth: '3',
    expireYear: '2029',
    feature: 'Online',
    last4: FULL.slice(-4),
    level: 1,
    marginAssetId: 1,
    mobile: '1-4155550100',
    name: 'Virtual Visa Classic',
    network: 'VISA',
    rejectReason: '',
    status: 'ACTIVE',
    styleConfig: '{}',
    type: 'VIRTUAL',
    updateTime: '2026-03-04T05:06:07.000Z',
    userId: 1,
    ...overrides,
  };
}

export function userEntry(overrides: Partial<UserWithCards> = {}): UserWithCards {
  return {
    agencyCode: 'DEMO',
    appId: 'demo-app',
    appUserId: 'u-1',
    email: 'jane@example.com',
    walletAccountType: 'CORPORATE',
    cardList: [],
    documentNo: 'X1234567',
    documentType: 'PASSPORT',
    firstName: 'Jane',
    lastName: 'Doe',
    mobile: '1-4155550100',
    nickname: 'Jane',
    profilePhoto: '',
    regionCode: '1',
    regionDesc: 'United States',
    registerTime: '2026-01-02T03:04:05.000Z',
    ...overrides,
  };
}
