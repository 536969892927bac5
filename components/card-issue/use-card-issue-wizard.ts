'use client';
// The card-issue wizard's one hook: everything the wizard holds and does (the form, the step, the
// chosen user, the result or failure, where focus goes next, the look-ups as it goes, and every
// handler), handed to card-issue-wizard.tsx as the props of its stepper and of the current step.
// Its state, with the requestId made when the issue started, is kept in the tab's sessionStorage
// on every change (card-issue-wizard-state.ts): a double click, a retry or a reload sends the
// same requestId, and the wallet issues at most one card for it. A new requestId comes only with
// "Issue another card". Browser-only: the component renders it once sessionStorage is there.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useAction } from 'next-safe-action/hooks';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import type { StepperStep } from '@/components/ui/stepper';
import { issueCard } from '@/lib/backoffice/card-issue/actions';
import { feeCoverage, shortOfFeeMessage } from '@/lib/backoffice/card-issue/card-issue-balance';
import { fundWalletTransfer } from '@/lib/backoffice/cards/card-programme-rules';
import { suggestEmbossedName } from '@/lib/backoffice/card-issue/card-issue-embossed-name';
import { withFieldLabel } from '@/lib/backoffice/card-issue/card-issue-format';
import { cardIssueKeys } from '@/lib/backoffice/card-issue/card-issue-query-keys';
import {
  firstStepOf,
  LOST_ANSWER,
  loadWizard,
  nextStep,
  previousStep,
  readIssueAnswer,
  saveWizard,
  startWizard,
  STEP_FIELDS,
  stepperSteps,
  tabStorage,
  toWizardValues,
  WIZARD_STEPS,
  type IssueFailure,
  type Preselect,
  type WizardStep,
} from '@/lib/backoffice/card-issue/card-issue-wizard-state';
import {
  issueCardSchema,
  type IssueCardInput,
  type IssueCardValues,
  type IssueOutcome,
  type IssueUser,
  type Payer,
} from '@/lib/backoffice/card-issue/forms';
import { newRequestId } from '@/lib/backoffice/shared/request-id';
import type { Asset, CardCategory } from '@/lib/wallet/contract/schemas';
import type { CategoryStepProps } from './category-step';
import type { DeliveryAddressFormProps } from './delivery-address-form';
import type { DeliveryStepProps } from './delivery-step';
import type { IssueFailureAlertProps } from './issue-failure-alert';
import type { IssueResultProps } from './issue-result';
import type { PaymentStepProps } from './payment-step';
import type { ReviewStepProps } from './review-step';
import { useCategories, useDeliveryAddresses, usePaymentAssets } from './use-card-issue-data';
import type { UserStepProps } from './user-step';

export interface CardIssueWizardProps {
  categories: CardCategory[];
  agencyAssets: Asset[];
  preselect: Preselect | null;
  /**
   * The viewer may move money (docs/back-office.md "Roles"): a user's wallet short of the fee can
   * be funded here.
   */
  canFundWallet?: boolean;
}

export interface CardIssueWizardView {
  form: UseFormReturn<IssueCardInput, unknown, IssueCardValues>;
  step: WizardStep;
  stepIndex: number;
  steps: StepperStep[];
  /** The current step's heading (or the result's), focused when a step opens. */
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  /** Set once the wallet has issued the card: the wizard shows it instead of a step. */
  result: IssueResultProps | null;
  /** Why the last issue showed no card (on the review only). */
  failure: IssueFailureAlertProps | null;
  /** The step form's submit: Next, or on the review, Issue card. */
  onSubmit: (event: FormEvent) => Promise<void>;
  /** Back a step; null on the first. */
  onBack: (() => void) | null;
  isExecuting: boolean;
  userStep: UserStepProps;
  paymentStep: PaymentStepProps;
  categoryStep: CategoryStepProps;
  deliveryStep: DeliveryStepProps;
  nameStep: { suggestion: string };
  reviewStep: ReviewStepProps;
  /** The inline address form under the delivery step, when it is open. */
  addressForm: DeliveryAddressFormProps | null;
}

// A choice made on a step is checked at once, so its error clears as soon as it is fixed.
const CHOSEN = { shouldValidate: true, shouldDirty: true } as const;

type FocusTarget = 'heading' | 'picker' | 'summary';

/**
 * Once the issue is no longer for the `?appUserId=` user, the address stops naming them, so a
 * reload resumes this issue instead of starting one for that user. (Next keeps its router in step
 * with history.replaceState; nothing is fetched.)
 */
function forgetPreselect(unlessFor?: string) {
  const named = new URLSearchParams(window.location.search).get('appUserId');
  if (named !== null && named !== unlessFor) {
    window.history.replaceState(null, '', window.location.pathname);
  }
}

export function useCardIssueWizard({
  categories: initialCategories,
  agencyAssets,
  preselect,
  canFundWallet = false,
}: CardIssueWizardProps): CardIssueWizardView {
  const queryClient = useQueryClient();
  const [initial] = useState(() => loadWizard(tabStorage(), preselect, newRequestId));
  const [requestId, setRequestId] = useState(initial.requestId);
  const [step, setStep] = useState<WizardStep>(initial.step);
  const [user, setUser] = useState<IssueUser | null>(initial.user);
  const [result, setResult] = useState<IssueOutcome | null>(initial.result);
  const [failure, setFailure] = useState<IssueFailure | null>(null);
  const [preselectProblem, setPreselectProblem] = useState(
    initial.user === null ? (preselect?.problem ?? null) : null,
  );
  // null: open exactly when the user has no address yet.
  const [addressFormOpen, setAddressFormOpen] = useState<boolean | null>(null);

  const form = useForm<IssueCardInput, unknown, IssueCardValues>({
    resolver: zodResolver(issueCardSchema),
    defaultValues: { requestId: initial.requestId, ...initial.values },
    mode: 'onChange',
  });
  const values = useWatch({ control: form.control });
  const current = toWizardValues(values);
  const { errors } = form.formState;

  useEffect(() => {
    saveWizard(tabStorage(), { version: 1, requestId, step, user, result, values: toWizardValues(values) });
  }, [requestId, step, user, result, values]);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const pickerRef = useRef<HTMLButtonElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const payerRef = useRef<HTMLInputElement>(null);
  const assetRef = useRef<HTMLInputElement>(null);
  const categoryRef = useRef<HTMLInputElement>(null);
  const addressRef = useRef<HTMLInputElement>(null);
  // Where focus goes once the next render is on screen (a new step's heading, the user picker).
  const pendingFocus = useRef<FocusTarget | null>(null);
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    ({ heading: headingRef, picker: pickerRef, summary: summaryRef })[target].current?.focus();
  });

  const payer = current.payer;
  const appUserId = current.appUserId;
  const paymentAssets = usePaymentAssets(payer, appUserId, agencyAssets);
  const categories = useCategories(initialCategories).data;
  const asset = paymentAssets.data?.assets.find((a) => a.assetId === current.paymentAssetId);
  const category = categories.find((c) => c.categoryId === current.categoryId);
  const needDelivery = category?.type === 'PHYSICAL';
  const addresses = useDeliveryAddresses(appUserId, needDelivery && user !== null);
  const address = addresses.data?.find((a) => a.addressId === current.addressId);
  const coverage = asset && category ? feeCoverage(asset, category) : undefined;
  const suggestion = user ? suggestEmbossedName(user.firstName, user.lastName) : '';
  const formOpen = addressFormOpen ?? addresses.data?.length === 0;

  const { executeAsync, isExecuting } = useAction(issueCard);
  const inFlight = useRef(false);

  function go(target: WizardStep) {
    if (target !== 'review') setFailure(null);
    if (target === 'name' && form.getValues('embossedName') === '' && suggestion !== '') {
      form.setValue('embossedName', suggestion);
    }
    // The review's "before" is the balance now, not when the asset was chosen.
    if (target === 'review' && payer) {
      void queryClient.invalidateQueries({ queryKey: cardIssueKeys.paymentAssets(payer, appUserId) });
    }
    pendingFocus.current = 'heading';
    setStep(target);
  }

  function focusField(field: string) {
    const refs: Record<string, React.RefObject<HTMLElement | null>> = {
      appUserId: pickerRef,
      payer: payerRef,
      paymentAssetId: assetRef,
      categoryId: categoryRef,
      addressId: addressRef,
    };
    if (field === 'embossedName') form.setFocus('embossedName');
    else refs[field]?.current?.focus();
  }

  async function onNext(event: FormEvent) {
    event.preventDefault();
    const fields = STEP_FIELDS[step];
    if (fields.length > 0 && !(await form.trigger([...fields]))) {
      const invalid = fields.find((field) => form.getFieldState(field).invalid);
      if (invalid) focusField(invalid);
      return;
    }
    // A payer that cannot pay is stopped here, not at the wallet's 4001 after the review.
    if (step === 'category' && coverage?.kind === 'short') {
      form.setError('categoryId', { type: 'balance', message: shortOfFeeMessage(coverage, payer) });
      focusField('categoryId');
      return;
    }
    go(nextStep(step, needDelivery));
  }

  /** Back to the first step with an error (the review keeps errors no step owns). */
  function showInvalid(fields: string[]) {
    const target = firstStepOf(fields);
    if (target && target !== step) go(target);
  }

  async function issue(input: IssueCardValues) {
    setFailure(null);
    let outcome;
    try {
      outcome = await executeAsync(input);
    } catch {
      setFailure(LOST_ANSWER);
      return;
    }
    const answer = readIssueAnswer(outcome);
    switch (answer.kind) {
      case 'issued':
        setResult(answer.card);
        pendingFocus.current = 'heading';
        void queryClient.invalidateQueries({ queryKey: cardIssueKeys.all });
        return;
      case 'invalid':
        for (const [field, message] of answer.fields) {
          form.setError(field as keyof IssueCardInput, { type: 'server', message });
        }
        showInvalid(answer.fields.map(([field]) => field));
        return;
      case 'failed':
        setFailure(answer.failure);
        // Whatever the refusal, the balances shown may be out of date. (A reused requestId
        // refused nothing about balances.)
        if (answer.failure.kind !== 'repeat') {
          void queryClient.invalidateQueries({ queryKey: cardIssueKeys.paymentAssetLists() });
        }
        return;
    }
  }

  async function onIssue(event: FormEvent) {
    event.preventDefault();
    // A second click while the first is on its way sends nothing (the requestId would make it
    // harmless anyway).
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await form.handleSubmit(issue, (invalid: FieldErrors<IssueCardInput>) =>
        showInvalid(Object.keys(invalid)),
      )();
    } finally {
      inFlight.current = false;
    }
  }

  function pickUser(picked: IssueUser) {
    const previous = user;
    setUser(picked);
    setPreselectProblem(null);
    pendingFocus.current = 'summary';
    forgetPreselect(picked.appUserId);
    form.setValue('appUserId', picked.appUserId, { shouldValidate: true });
    if (previous?.appUserId === picked.appUserId) return;
    // What belonged to the previous user does not carry over.
    if (form.getValues('payer') === 'user') form.setValue('paymentAssetId', undefined);
    form.setValue('addressId', undefined);
    setAddressFormOpen(null);
    if (
      previous &&
      form.getValues('embossedName') === suggestEmbossedName(previous.firstName, previous.lastName)
    ) {
      form.setValue('embossedName', '');
    }
  }

  function changeUser() {
    setUser(null);
    form.setValue('appUserId', '');
    pendingFocus.current = 'picker';
    forgetPreselect();
  }

  function choosePayer(next: Payer) {
    if (next === form.getValues('payer')) return;
    form.setValue('payer', next, CHOSEN);
    form.setValue('paymentAssetId', undefined);
    form.clearErrors('paymentAssetId');
  }

  function chooseCategory(next: CardCategory) {
    form.setValue('categoryId', next.categoryId, CHOSEN);
    form.setValue('needDelivery', next.type === 'PHYSICAL');
    if (next.type !== 'PHYSICAL') {
      form.setValue('addressId', undefined);
      form.clearErrors('addressId');
    }
  }

  function addressAdded(addressId: number) {
    setAddressFormOpen(false);
    form.setValue('addressId', addressId, CHOSEN);
    void queryClient.invalidateQueries({ queryKey: cardIssueKeys.addresses(appUserId) });
  }

  function issueAnother() {
    const fresh = startWizard(null, newRequestId());
    form.reset({ requestId: fresh.requestId, ...fresh.values });
    setRequestId(fresh.requestId);
    setStep(fresh.step);
    setUser(null);
    setResult(null);
    setFailure(null);
    setPreselectProblem(null);
    setAddressFormOpen(null);
    pendingFocus.current = 'heading';
    forgetPreselect();
  }

  const stepIndex = WIZARD_STEPS.indexOf(step);

  return {
    form,
    step,
    stepIndex,
    steps: stepperSteps(category?.type),
    headingRef,
    result: result
      ? { card: result, user, categoryName: category?.name, onIssueAnother: issueAnother, headingRef }
      : null,
    failure: step === 'review' && failure ? { failure, appUserId, onStartOver: issueAnother } : null,
    onSubmit: step === 'review' ? onIssue : onNext,
    onBack: stepIndex > 0 ? () => go(previousStep(step, needDelivery)) : null,
    isExecuting,
    userStep: {
      user,
      preselectProblem,
      error: errors.appUserId?.message,
      onPick: pickUser,
      onChangeUser: changeUser,
      pickerRef,
      summaryRef,
    },
    paymentStep: {
      payer,
      paymentAssetId: current.paymentAssetId,
      assets: paymentAssets,
      errors: { payer: errors.payer?.message, paymentAssetId: errors.paymentAssetId?.message },
      onPayer: choosePayer,
      onAsset: (a) => form.setValue('paymentAssetId', a.assetId, CHOSEN),
      payerRef,
      assetRef,
    },
    categoryStep: {
      categories,
      categoryId: current.categoryId,
      asset,
      error: withFieldLabel('Card type', errors.categoryId?.message),
      onCategory: chooseCategory,
      categoryRef,
      // Operators may fund a user's wallet that is short of the fee, without leaving the wizard.
      fundWallet:
        canFundWallet && payer === 'user' && user && asset && coverage?.kind === 'short'
          ? {
              appUserId: user.appUserId,
              ...fundWalletTransfer(asset, user, agencyAssets),
              onFunded: () => {
                form.clearErrors('categoryId');
                void queryClient.invalidateQueries({ queryKey: cardIssueKeys.paymentAssetLists() });
              },
            }
          : undefined,
    },
    deliveryStep: {
      addresses,
      addressId: current.addressId,
      error: withFieldLabel('Delivery address', errors.addressId?.message),
      formOpen,
      onAddress: (a) => form.setValue('addressId', a.addressId, CHOSEN),
      onOpenForm: () => setAddressFormOpen(true),
      addressRef,
    },
    nameStep: { suggestion },
    reviewStep: {
      user,
      payer,
      asset,
      category,
      address,
      embossedName: current.embossedName,
      coverage,
      balancesRefreshing: paymentAssets.isFetching,
    },
    addressForm:
      step === 'delivery' && formOpen && user && addresses.data
        ? {
            user,
            firstAddress: addresses.data.length === 0,
            onAdded: addressAdded,
            onCancel: addresses.data.length > 0 ? () => setAddressFormOpen(false) : undefined,
          }
        : null,
  };
}
