// How many card-view origins an app may set (app/cardViewOrigins/set; docs/wallet-api.md "The
// card-details link"). A module of its own, free of zod, so that a browser form can say the rule
// without carrying the contract's schemas (schemas.ts checks it).
export const CARD_VIEW_ORIGINS_MAX = 10;
