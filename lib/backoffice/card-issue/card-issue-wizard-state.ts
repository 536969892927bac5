// The card-issue wizard's state, its steps, how it survives a reload and how it reads the wallet's
// answer: the part of the wizard that needs no React (so it is unit-tested here), which
// components/card-issue/use-card-issue-wizard.ts runs. The whole state, the requestId included
// (request-id.ts makes it), lives in the tab's sessionStorage: a reload (or a retry after a lost
// answer) resumes the same issue with the same requestId, so the wallet issues at most one card for
// it (docs/wallet-api.md "requestId (idempotency)"). Only "Issue another card", after the result
// was seen, starts afresh.
import { z } from 'zod';
import {
  issueOutcomeSchema,
  issueUserSchema,
  PAYERS,
  type IssueCardInput,
  type IssueOutcome,
  type IssueUser,
  type Payer,
} from '@/lib/backoffice/card-issue/forms';
import { compareAmounts } from '@/lib/wallet/contract/money';
import { requestIdParam, type CardCategory } from '@/lib/wallet/contract/schemas';

export const WIZARD_STORAGE_KEY = 'card-wallet:card-issue';

export const WIZARD_STEPS = ['user', 'payment', 'category', 'delivery', 'name', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** What the Stepper calls each step, and the heading and line of text over it. */
export const STEP_TEXT: Record<WizardStep, { label: string; title: string; description: string }> = {
  user: { label: 'User', title: 'Who gets the card?', description: 'Find the user the card is issued to.' },
  payment: {
    label: 'Payment',
    title: 'Who pays for the card?',
    description: 'The agency or the user pays the card fee, from one of their assets.',
  },
  category: {
    label: 'Card type',
    title: 'Which card?',
    description: 'Choose the card type and check its fee.',
  },
  delivery: {
    label: 'Delivery',
    title: 'Where is the card delivered?',
    description: 'A physical card is sent to one of the user’s addresses.',
  },
  name: {
    label: 'Name on card',
    title: 'What name goes on the card?',
    description: 'The name embossed on the card.',
  },
  review: {
    label: 'Review',
    title: 'Check and issue',
    description: 'Check the details, then issue the card.',
  },
};

/** The Stepper's steps; once a virtual card type is chosen, the delivery step says it is passed over. */
export function stepperSteps(
  categoryType: CardCategory['type'] | undefined,
): { label: string; description?: string }[] {
  return WIZARD_STEPS.map((step) => ({
    label: STEP_TEXT[step].label,
    ...(step === 'delivery' && categoryType !== undefined && categoryType !== 'PHYSICAL'
      ? { description: 'Not needed for a virtual card' }
      : {}),
  }));
}

/**
 * The asset the payment step chooses for the person until they choose another: the wallet's
 * default one (`defaultAsset` 1), else the only one there is; none when several could pay and none
 * is the default, as the person must then say which.
 */
export function defaultPaymentAssetId(
  assets: readonly { assetId: number; defaultAsset: number }[],
): number | undefined {
  const preferred = assets.find((a) => a.defaultAsset === 1);
  if (preferred) return preferred.assetId;
  return assets.length === 1 ? assets[0]!.assetId : undefined;
}

/** The form fields each step asks for, validated before the wizard moves on. */
export const STEP_FIELDS: Record<WizardStep, readonly (keyof IssueCardInput)[]> = {
  user: ['appUserId'],
  payment: ['payer', 'paymentAssetId'],
  category: ['categoryId'],
  delivery: ['addressId'],
  name: ['embossedName'],
  review: [],
};

export function stepOfField(field: string): WizardStep | undefined {
  return WIZARD_STEPS.find((step) => (STEP_FIELDS[step] as readonly string[]).includes(field));
}

/** A virtual card is not delivered: the delivery step is passed over both ways. */
export function nextStep(step: WizardStep, needDelivery: boolean): WizardStep {
  const index = WIZARD_STEPS.indexOf(step);
  const next = WIZARD_STEPS[Math.min(index + 1, WIZARD_STEPS.length - 1)] ?? 'review';
  return next === 'delivery' && !needDelivery ? 'name' : next;
}

export function previousStep(step: WizardStep, needDelivery: boolean): WizardStep {
  const index = WIZARD_STEPS.indexOf(step);
  const previous = WIZARD_STEPS[Math.max(index - 1, 0)] ?? 'user';
  return previous === 'delivery' && !needDelivery ? 'category' : previous;
}

const valuesSchema = z.object({
  appUserId: z.string(),
  payer: z.enum(PAYERS).optional(),
  paymentAssetId: z.number().int().optional(),
  categoryId: z.number().int().optional(),
  needDelivery: z.boolean(),
  addressId: z.number().int().optional(),
  embossedName: z.string(),
});
export type WizardValues = z.infer<typeof valuesSchema>;

const wizardStateSchema = z.object({
  version: z.literal(1),
  requestId: requestIdParam,
  step: z.enum(WIZARD_STEPS),
  user: issueUserSchema.nullable(),
  values: valuesSchema,
  /**
   * Set once the server has answered: the wizard then shows the card (or the request waiting for
   * approval) until a new issue starts.
   */
  result: issueOutcomeSchema.nullable(),
});
export type WizardState = z.infer<typeof wizardStateSchema>;

/** What `?appUserId=` asked for: the user found, or why there is none. */
export type Preselect = { appUserId: string; user: IssueUser | null; problem: string | null };

export function startWizard(preselect: Preselect | null, requestId: string): WizardState {
  const user = preselect?.user ?? null;
  return {
    version: 1,
    requestId,
    step: 'user',
    user,
    values: { appUserId: user?.appUserId ?? '', needDelivery: false, embossedName: '' },
    result: null,
  };
}

/**
 * The stored wizard if there is one for this page, else a new one. Opening the wizard for another
 * user (`?appUserId=` naming someone else) is a new issue, not a resumed one.
 */
export function resumeWizard(
  stored: string | null,
  preselect: Preselect | null,
  makeRequestId: () => string,
): WizardState {
  let parsed: WizardState | undefined;
  try {
    const result = stored === null ? undefined : wizardStateSchema.safeParse(JSON.parse(stored));
    parsed = result?.success ? result.data : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed || (preselect && parsed.user?.appUserId !== preselect.appUserId)) {
    return startWizard(preselect, makeRequestId());
  }
  return parsed;
}

// ---------------------------------------------------------------- the tab's sessionStorage

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

/** The tab's sessionStorage, or null where the browser blocks it (even reading it can throw). */
export function tabStorage(): SessionStore | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored wizard, resumed, or a new one (resumeWizard). */
export function loadWizard(
  storage: SessionStore | null,
  preselect: Preselect | null,
  makeRequestId: () => string,
): WizardState {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(WIZARD_STORAGE_KEY) ?? null;
  } catch {
    stored = null;
  }
  return resumeWizard(stored, preselect, makeRequestId);
}

export function saveWizard(storage: SessionStore | null, state: WizardState): void {
  try {
    storage?.setItem(WIZARD_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage full or blocked: the wizard still works, it just cannot survive a reload.
  }
}

/** Form values as the form holds them (ids may be strings from a radio), in the stored shape. */
export function toWizardValues(values: Partial<IssueCardInput>): WizardValues {
  const id = (value: unknown) => {
    const n = typeof value === 'string' ? Number(value) : value;
    return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
  };
  const needDelivery = values.needDelivery === true || values.needDelivery === 'true';
  return {
    appUserId: values.appUserId ?? '',
    ...(values.payer === 'agency' || values.payer === 'user' ? { payer: values.payer } : {}),
    ...optional('paymentAssetId', id(values.paymentAssetId)),
    ...optional('categoryId', id(values.categoryId)),
    needDelivery,
    ...optional('addressId', needDelivery ? id(values.addressId) : undefined),
    embossedName: values.embossedName ?? '',
  };
}

function optional<K extends string>(key: K, value: number | undefined): { [P in K]?: number } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: number };
}

// ---------------------------------------------------------------- the wallet's answer

/** Why no card is shown: refused (with the wallet's words), a requestId reused, or no answer. */
export type IssueFailure = { kind: 'refused' | 'repeat' | 'lost'; message: string };

export const LOST_ANSWER: IssueFailure = {
  kind: 'lost',
  message:
    'The connection was lost before the server answered, so the card may or may not have been issued. Issuing again is safe: the wizard sends the same request, and the wallet issues at most one card for it.',
};

/** What the issue action answered (next-safe-action's result), as the wizard acts on it. */
export type IssueAnswer =
  | { kind: 'issued'; card: IssueOutcome }
  /** Fields the server refused, each with its message: shown at their steps. */
  | { kind: 'invalid'; fields: [field: string, message: string][] }
  | { kind: 'failed'; failure: IssueFailure };

/** next-safe-action's formatted validation errors: `{ field: { _errors: [...] } }`. */
export function refusedFields(errors: unknown): [field: string, message: string][] {
  if (typeof errors !== 'object' || errors === null) return [];
  return Object.entries(errors).flatMap(([field, entry]) => {
    const message = (entry as { _errors?: unknown })?._errors;
    return field !== '_errors' && Array.isArray(message) && typeof message[0] === 'string'
      ? [[field, message[0]] as [string, string]]
      : [];
  });
}

export function readIssueAnswer(
  outcome: { data?: IssueOutcome; validationErrors?: unknown; serverError?: string } | undefined,
): IssueAnswer {
  if (outcome?.data) return { kind: 'issued', card: outcome.data };
  const refused = refusedFields(outcome?.validationErrors);
  // The requestId refused: it was sent before with other details, so a card may exist already.
  const repeat = refused.find(([field]) => field === 'requestId');
  if (repeat) return { kind: 'failed', failure: { kind: 'repeat', message: repeat[1] } };
  if (refused.length > 0) return { kind: 'invalid', fields: refused };
  return {
    kind: 'failed',
    failure: outcome?.serverError ? { kind: 'refused', message: outcome.serverError } : LOST_ANSWER,
  };
}

/** The first step, in wizard order, that asks for one of `fields` (the review keeps errors no step owns). */
export function firstStepOf(fields: readonly string[]): WizardStep | undefined {
  return WIZARD_STEPS.find((step) => fields.some((field) => stepOfField(field) === step));
}

/**
 * Whether the issuance will wait for a second person under the approval policy
 * (docs/back-office.md "Approvals"): paid by the agency, its fee at least `waitsFrom` (null: issuance
 * never waits). The review then asks for the maker's reason; the action decides again when sent.
 */
export function issueWaits(
  waitsFrom: string | null,
  payer: Payer | undefined,
  category: Pick<CardCategory, 'fee'> | undefined,
): boolean {
  return (
    waitsFrom !== null &&
    payer === 'agency' &&
    category !== undefined &&
    compareAmounts(category.fee, waitsFrom) >= 0
  );
}
