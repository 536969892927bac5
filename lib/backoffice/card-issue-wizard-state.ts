// The card-issue wizard's state, its steps and how it survives a reload. The whole state, the
// requestId included, lives in the tab's sessionStorage: a reload (or a retry after a lost answer)
// resumes the same issue with the same requestId, so the wallet issues at most one card for it
// (DESIGN §3). Only "Issue another card", after the result was seen, starts afresh.
import { z } from 'zod';
import {
  issuedCardSchema,
  issueUserSchema,
  PAYERS,
  type IssueCardInput,
  type IssueUser,
} from '@/lib/backoffice/forms/card-issue';
import { requestIdParam } from '@/lib/wallet/contract/schemas';

export const WIZARD_STORAGE_KEY = 'card-wallet:card-issue';

export const WIZARD_STEPS = ['user', 'payment', 'category', 'delivery', 'name', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

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
  /** Set once the wallet has answered: the wizard then shows the card until a new issue starts. */
  result: issuedCardSchema.nullable(),
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
