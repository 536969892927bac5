// The card-view origins rule in words, as the /developers form says it and its error repeats it
// (card-view-forms.ts checks it with the wallet's own rule). Apart from the form's schema so the
// form, a client component, does not carry the contract's zod schemas to the browser (first-load
// JS: docs/back-office.md).
import { CARD_VIEW_ORIGINS_MAX } from '@/lib/wallet/contract/card-view-limits';

export const CARD_VIEW_ORIGINS_RULE = `Each an https:// origin, like https://app.example.com (a port may follow; no path; http://localhost or http://127.0.0.1 while developing), one per line or separated by commas, at most ${CARD_VIEW_ORIGINS_MAX}. Empty: no page may embed it.`;
