// The character rules of the contract's text keys, without zod: schemas.ts builds its parameters
// from them, and user/search (the service's statements.ts) asks with them whether a query could
// be such a key at all, so a key's rule and its search change together.

/** An app user ID (docs/wallet-api.md "Rules shared by several parameters"). */
export const APP_USER_ID_PATTERN = /^[A-Za-z0-9_.@:+-]{1,64}$/;

/** A first or last name: English letters, spaces, hyphens and apostrophes, from a letter. */
export const PERSON_NAME_PATTERN = /^[A-Za-z](?:[A-Za-z' -]{0,48}[A-Za-z'])?$/;

/** The start of a name (what a search for one may type): a letter, then the name's characters. */
export const PERSON_NAME_PREFIX_PATTERN = /^[A-Za-z][A-Za-z' -]*$/;

/** A card number as replies carry it: the first six, '*' per hidden digit, the last four. */
export const MASKED_CARD_NUMBER_PATTERN = /^\d{6}\*{2,9}\d{4}$/;
