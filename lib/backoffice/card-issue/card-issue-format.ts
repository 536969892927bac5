// How the card-issue wizard words what it shows: field errors with the field's name, payers,
// card types and networks, and delivery addresses on one line. Values every page writes (money,
// dates, country names, a card's expiry) come from lib/backoffice/format.ts.
import type { Address, CardCategory } from '@/lib/wallet/contract/schemas';
import { countryName } from '@/lib/backoffice/shared/format';
import { isRuleWording } from '@/lib/wallet/contract/param-issues';
import type { IssueUser, Payer } from '@/lib/backoffice/card-issue/forms';

/**
 * The wallet's rules read after the field's name ("must be 1-20 upper-case letters ...", as the
 * contract words them: isRuleWording); the wizard's own messages are whole sentences already.
 */
export function withFieldLabel(label: string, message: string | undefined): string | undefined {
  if (message === undefined || message === '') return undefined;
  if (!isRuleWording(message)) return message;
  return `${label} ${message.replace(/\.$/, '')}.`;
}

/**
 * A field's error with what in the typed value breaks the wallet's rule: "Name on the card must
 * be ...: it has 23 characters." The problem is added only to a rule (the wizard's own sentences
 * stand alone).
 */
export function withFieldLabelAndProblem(
  label: string,
  message: string | undefined,
  problem: string | null,
): string | undefined {
  const labelled = withFieldLabel(label, message);
  if (labelled === undefined || problem === null || !isRuleWording(message!)) return labelled;
  return `${labelled.replace(/\.$/, '')}: ${problem}.`;
}

export const PAYER_LABELS: Record<Payer, { title: string; description: string }> = {
  agency: { title: 'The agency', description: "The fee is paid from one of the agency's assets." },
  user: { title: 'The user', description: "The fee is paid from the user's own wallet." },
};

export function cardTypeLabel(type: CardCategory['type']): string {
  return type === 'VIRTUAL' ? 'Virtual' : 'Physical';
}

const NETWORKS: Record<string, string> = { VISA: 'Visa', MASTERCARD: 'Mastercard' };

export function networkLabel(network: string): string {
  return NETWORKS[network] ?? network;
}

export function userDisplayName(user: Pick<IssueUser, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** "Jane Doe, 1 Main Street, Apt 4, 10115 Berlin, Germany" */
export function formatAddress(address: Address): string {
  const place = [address.postalCode, address.city].filter(Boolean).join(' ');
  return [
    `${address.firstName} ${address.lastName}`,
    address.street,
    address.detailedAddress,
    address.province ? `${place}, ${address.province}` : place,
    countryName(address.country),
  ]
    .filter((part) => part !== null && part !== '')
    .join(', ');
}
