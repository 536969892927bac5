// The catalogue of wallet operations: the seven of the spec and the three extensions of
// DESIGN §3, each with its method, path, parameter schema and result schema. The route
// handlers, the back-office client and the OpenAPI document are all derived from it.
import { z } from 'zod';
import * as v from '@/lib/wallet/contract/schemas';

export type WalletOperation = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  section: string;
  extension: boolean;
  mutating: boolean;
  params: z.ZodObject;
  data: z.ZodType;
};

const op = <P extends z.ZodObject, D extends z.ZodType>(
  o: Omit<WalletOperation, 'params' | 'data'> & { params: P; data: D },
) => o;

export const walletOperations = {
  registerAndKyc: op({
    name: 'registerAndKyc',
    method: 'POST',
    path: '/wallet/api/user/registerAndKyc',
    summary: 'Register a user together with identity verification (KYC)',
    section: '4.1',
    extension: false,
    mutating: true,
    params: v.registerAndKycParams,
    data: v.registeredUserSchema,
  }),
  cardListAllByUser: op({
    name: 'cardListAllByUser',
    method: 'POST',
    path: '/wallet/api/cardList/allByUser',
    summary: 'All cards under the agency, grouped by user, one page of users at a time',
    section: '4.2',
    extension: false,
    mutating: false,
    params: v.cardListAllByUserParams,
    data: v.usersWithCardsPageSchema,
  }),
  agencyApplyUserCard: op({
    name: 'agencyApplyUserCard',
    method: 'POST',
    path: '/wallet/api/agency/applyUserCard',
    summary: "The agency applies for a card for a user, paid from the agency's assets",
    section: '4.3',
    extension: false,
    mutating: true,
    params: v.applyCardParams,
    data: v.cardApplicationSchema,
  }),
  userApplyCard: op({
    name: 'userApplyCard',
    method: 'POST',
    path: '/wallet/api/user/applyCard',
    summary: "A user applies for a card, paid from the user's own assets",
    section: '4.4',
    extension: false,
    mutating: true,
    params: v.applyCardParams,
    data: v.cardApplicationSchema,
  }),
  agencyAssetList: op({
    name: 'agencyAssetList',
    method: 'POST',
    path: '/wallet/api/agency/assetList',
    summary: "The agency account's assets and balances",
    section: '4.5',
    extension: false,
    mutating: false,
    params: v.agencyAssetListParams,
    data: z.array(v.assetSchema),
  }),
  userCardList: op({
    name: 'userCardList',
    method: 'GET',
    path: '/wallet/api/user/cardList',
    summary: "One user's cards",
    section: '4.6',
    extension: false,
    mutating: false,
    params: v.userCardListParams,
    data: z.array(v.userCardSummarySchema),
  }),
  addAddress: op({
    name: 'addAddress',
    method: 'POST',
    path: '/wallet/api/address/add',
    summary: 'Store a delivery address for a user',
    section: '4.7',
    extension: false,
    mutating: true,
    params: v.addAddressParams,
    data: v.addressCreatedSchema,
  }),
  categoryList: op({
    name: 'categoryList',
    method: 'POST',
    path: '/wallet/api/card/categoryList',
    summary: 'Extension: the card categories that can be applied for, with their fees',
    section: 'extension',
    extension: true,
    mutating: false,
    params: v.categoryListParams,
    data: z.array(v.cardCategorySchema),
  }),
  userAssetList: op({
    name: 'userAssetList',
    method: 'POST',
    path: '/wallet/api/user/assetList',
    summary: "Extension: a user's assets, shaped as the agency's (2.6)",
    section: 'extension',
    extension: true,
    mutating: false,
    params: v.userAssetListParams,
    data: z.array(v.assetSchema),
  }),
  addressList: op({
    name: 'addressList',
    method: 'POST',
    path: '/wallet/api/address/list',
    summary: "Extension: a user's stored addresses, default first",
    section: 'extension',
    extension: true,
    mutating: false,
    params: v.addressListParams,
    data: z.array(v.addressSchema),
  }),
} as const;

export type WalletOperationName = keyof typeof walletOperations;
export type OperationParams<N extends WalletOperationName> = z.output<(typeof walletOperations)[N]['params']>;
export type OperationInput<N extends WalletOperationName> = z.input<(typeof walletOperations)[N]['params']>;
export type OperationData<N extends WalletOperationName> = z.output<(typeof walletOperations)[N]['data']>;
