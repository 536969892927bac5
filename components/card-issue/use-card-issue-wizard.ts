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
  defaultPaymentAssetId,
  firstStepOf,
  issueWaits,
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
  /**
   * The fee from which a card paid by the agency waits for a second person (the approval policy,
   * docs/back-office.md "Approvals"), or null when issuance never waits: the review then asks
   * for the maker's reason.
   */
  issueWaitsFrom?: string | null;
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
  issueWaitsFrom = null,
}: CardIssueWizardProps): CardIssueWizardView {
  const queryClient = useQueryClient();
  const held = useWizardState(preselect);
  const { form, step, user, current } = held;
  const { refs, focusNext, focusField } = useWizardFocus(form);
  const chosen = useChosen(current, user, initialCategories, agencyAssets, held.addressFormOpen);
  const { payer, appUserId } = current;

  // The payer's default asset is chosen for the person (they may choose another): without it the
  // payment step started with nothing chosen even where one asset is the wallet's default.
  const suggestedAssetId = defaultPaymentAssetId(chosen.paymentAssets.data?.assets ?? []);
  useEffect(() => {
    if (payer && current.paymentAssetId === undefined && suggestedAssetId !== undefined) {
      form.setValue('paymentAssetId', suggestedAssetId, { shouldDirty: true });
    }
  }, [form, payer, current.paymentAssetId, suggestedAssetId]);

  function go(target: WizardStep) {
    if (target !== 'review') held.setFailure(null);
    if (target === 'name' && form.getValues('embossedName') === '' && chosen.suggestion !== '') {
      form.setValue('embossedName', chosen.suggestion);
    }
    // The review's "before" is the balance now, not when the asset was chosen.
    if (target === 'review' && payer) {
      void queryClient.invalidateQueries({ queryKey: cardIssueKeys.paymentAssets(payer, appUserId) });
    }
    focusNext('heading');
    held.setStep(target);
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
    if (step === 'category' && chosen.coverage?.kind === 'short') {
      form.setError('categoryId', { type: 'balance', message: shortOfFeeMessage(chosen.coverage, payer) });
      focusField('categoryId');
      return;
    }
    go(nextStep(step, chosen.needDelivery));
  }

  /** Back to the first step with an error (the review keeps errors no step owns). */
  function showInvalid(fields: string[]) {
    const target = firstStepOf(fields);
    if (target && target !== step) go(target);
  }

  const { onIssue, isExecuting } = useIssueCall(held, showInvalid, () => focusNext('heading'));

  function pickUser(picked: IssueUser) {
    const previous = user;
    held.setUser(picked);
    held.setPreselectProblem(null);
    focusNext('summary');
    forgetPreselect(picked.appUserId);
    form.setValue('appUserId', picked.appUserId, { shouldValidate: true });
    if (previous?.appUserId === picked.appUserId) return;
    // What belonged to the previous user does not carry over.
    if (form.getValues('payer') === 'user') form.setValue('paymentAssetId', undefined);
    form.setValue('addressId', undefined);
    held.setAddressFormOpen(null);
    if (
      previous &&
      form.getValues('embossedName') === suggestEmbossedName(previous.firstName, previous.lastName)
    ) {
      form.setValue('embossedName', '');
    }
  }

  function changeUser() {
    held.setUser(null);
    form.setValue('appUserId', '');
    focusNext('picker');
    forgetPreselect();
  }

  function addressAdded(addressId: number) {
    held.setAddressFormOpen(false);
    form.setValue('addressId', addressId, CHOSEN);
    void queryClient.invalidateQueries({ queryKey: cardIssueKeys.addresses(appUserId) });
  }

  function issueAnother() {
    held.restart();
    focusNext('heading');
    forgetPreselect();
  }

  const stepIndex = WIZARD_STEPS.indexOf(step);
  return {
    form,
    step,
    stepIndex,
    steps: stepperSteps(chosen.category?.type),
    headingRef: refs.headingRef,
    result: held.result
      ? {
          card: held.result,
          user,
          categoryName: chosen.category?.name,
          onIssueAnother: issueAnother,
          headingRef: refs.headingRef,
        }
      : null,
    failure:
      step === 'review' && held.failure
        ? { failure: held.failure, appUserId, onStartOver: issueAnother }
        : null,
    onSubmit: step === 'review' ? onIssue : onNext,
    onBack: stepIndex > 0 ? () => go(previousStep(step, chosen.needDelivery)) : null,
    isExecuting,
    ...stepViews({
      held,
      chosen,
      refs,
      agencyAssets,
      canFundWallet,
      issueWaitsFrom,
      onPick: pickUser,
      onChangeUser: changeUser,
      onAddressAdded: addressAdded,
      onFunded: () => {
        form.clearErrors('categoryId');
        void queryClient.invalidateQueries({ queryKey: cardIssueKeys.paymentAssetLists() });
      },
    }),
  };
}

/**
 * What the wizard holds, kept in the tab's sessionStorage on every change: the form, the step, the
 * chosen user, the result or failure, the preselection's problem and whether the inline address
 * form is open. `restart` starts a new issue, with a new requestId.
 */
function useWizardState(preselect: Preselect | null) {
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

  useEffect(() => {
    saveWizard(tabStorage(), { version: 1, requestId, step, user, result, values: toWizardValues(values) });
  }, [requestId, step, user, result, values]);

  function restart() {
    const fresh = startWizard(null, newRequestId());
    form.reset({ requestId: fresh.requestId, ...fresh.values });
    setRequestId(fresh.requestId);
    setStep(fresh.step);
    setUser(null);
    setResult(null);
    setFailure(null);
    setPreselectProblem(null);
    setAddressFormOpen(null);
  }

  return {
    form,
    current: toWizardValues(values),
    step,
    setStep,
    user,
    setUser,
    result,
    setResult,
    failure,
    setFailure,
    preselectProblem,
    setPreselectProblem,
    addressFormOpen,
    setAddressFormOpen,
    restart,
  };
}

type WizardState = ReturnType<typeof useWizardState>;

/**
 * The elements focus goes to: `next` names where it goes once the next render is on screen (a new
 * step's heading, the user picker or the chosen user's summary); `field`, a field with an error.
 */
function useWizardFocus(form: WizardState['form']) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pickerRef = useRef<HTMLButtonElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const payerRef = useRef<HTMLInputElement>(null);
  const assetRef = useRef<HTMLInputElement>(null);
  const categoryRef = useRef<HTMLInputElement>(null);
  const addressRef = useRef<HTMLInputElement>(null);
  const pendingFocus = useRef<FocusTarget | null>(null);
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    ({ heading: headingRef, picker: pickerRef, summary: summaryRef })[target].current?.focus();
  });

  function focusNext(target: FocusTarget) {
    pendingFocus.current = target;
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

  const refs = { headingRef, pickerRef, summaryRef, payerRef, assetRef, categoryRef, addressRef };
  return { refs, focusNext, focusField };
}

/** What the choices so far name, looked up as the wizard goes: the asset, the card type, the address. */
function useChosen(
  current: WizardState['current'],
  user: IssueUser | null,
  initialCategories: CardCategory[],
  agencyAssets: Asset[],
  addressFormOpen: boolean | null,
) {
  const paymentAssets = usePaymentAssets(current.payer, current.appUserId, agencyAssets);
  const categories = useCategories(initialCategories).data;
  const asset = paymentAssets.data?.assets.find((a) => a.assetId === current.paymentAssetId);
  const category = categories.find((c) => c.categoryId === current.categoryId);
  const needDelivery = category?.type === 'PHYSICAL';
  const addresses = useDeliveryAddresses(current.appUserId, needDelivery && user !== null);
  return {
    paymentAssets,
    categories,
    asset,
    category,
    needDelivery,
    addresses,
    address: addresses.data?.find((a) => a.addressId === current.addressId),
    coverage: asset && category ? feeCoverage(asset, category) : undefined,
    suggestion: user ? suggestEmbossedName(user.firstName, user.lastName) : '',
    formOpen: addressFormOpen ?? addresses.data?.length === 0,
  };
}

/**
 * The issue itself: sends the form once (a second click while the first is on its way sends
 * nothing; the requestId would make it harmless anyway) and reads the answer: the card, the fields
 * the wallet refused, or why no card was issued.
 */
function useIssueCall(held: WizardState, showInvalid: (fields: string[]) => void, focusHeading: () => void) {
  const queryClient = useQueryClient();
  const { executeAsync, isExecuting } = useAction(issueCard);
  const inFlight = useRef(false);
  const { form, setFailure } = held;

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
        held.setResult(answer.card);
        focusHeading();
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

  return { onIssue, isExecuting };
}

/** Each step's props, and the inline address form's, from what the wizard holds and has chosen. */
function stepViews({
  held,
  chosen,
  refs,
  agencyAssets,
  canFundWallet,
  issueWaitsFrom,
  onPick,
  onChangeUser,
  onAddressAdded,
  onFunded,
}: {
  held: WizardState;
  chosen: ReturnType<typeof useChosen>;
  refs: ReturnType<typeof useWizardFocus>['refs'];
  agencyAssets: Asset[];
  canFundWallet: boolean;
  issueWaitsFrom: string | null;
  onPick: (picked: IssueUser) => void;
  onChangeUser: () => void;
  onAddressAdded: (addressId: number) => void;
  onFunded: () => void;
}): Pick<
  CardIssueWizardView,
  'userStep' | 'paymentStep' | 'categoryStep' | 'deliveryStep' | 'nameStep' | 'reviewStep' | 'addressForm'
> {
  const { form, current, user, step } = held;
  const { errors } = form.formState;
  const { asset, addresses, formOpen } = chosen;
  const { payer } = current;
  return {
    userStep: {
      user,
      preselectProblem: held.preselectProblem,
      error: errors.appUserId?.message,
      onPick,
      onChangeUser,
      pickerRef: refs.pickerRef,
      summaryRef: refs.summaryRef,
    },
    paymentStep: {
      payer,
      paymentAssetId: current.paymentAssetId,
      assets: chosen.paymentAssets,
      errors: { payer: errors.payer?.message, paymentAssetId: errors.paymentAssetId?.message },
      onPayer: (next) => choosePayer(form, next),
      onAsset: (a) => form.setValue('paymentAssetId', a.assetId, CHOSEN),
      payerRef: refs.payerRef,
      assetRef: refs.assetRef,
    },
    categoryStep: {
      categories: chosen.categories,
      categoryId: current.categoryId,
      asset,
      error: withFieldLabel('Card type', errors.categoryId?.message),
      onCategory: (next) => chooseCategory(form, next),
      categoryRef: refs.categoryRef,
      // Operators may fund a user's wallet that is short of the fee, without leaving the wizard.
      fundWallet:
        canFundWallet && payer === 'user' && user && asset && chosen.coverage?.kind === 'short'
          ? { appUserId: user.appUserId, ...fundWalletTransfer(asset, user, agencyAssets), onFunded }
          : undefined,
    },
    deliveryStep: {
      addresses,
      addressId: current.addressId,
      error: withFieldLabel('Delivery address', errors.addressId?.message),
      formOpen,
      onAddress: (a) => form.setValue('addressId', a.addressId, CHOSEN),
      onOpenForm: () => held.setAddressFormOpen(true),
      addressRef: refs.addressRef,
    },
    nameStep: { suggestion: chosen.suggestion },
    reviewStep: {
      user,
      payer,
      asset,
      category: chosen.category,
      address: chosen.address,
      embossedName: current.embossedName,
      coverage: chosen.coverage,
      balancesRefreshing: chosen.paymentAssets.isFetching,
      // The policy may have changed since the page loaded: a refusal naming the reason asks too.
      approval:
        issueWaits(issueWaitsFrom, payer, chosen.category) || errors.makerReason !== undefined
          ? { error: errors.makerReason?.message, registration: form.register('makerReason') }
          : null,
    },
    addressForm:
      step === 'delivery' && formOpen && user && addresses.data
        ? {
            user,
            firstAddress: addresses.data.length === 0,
            onAdded: onAddressAdded,
            onCancel: addresses.data.length > 0 ? () => held.setAddressFormOpen(false) : undefined,
          }
        : null,
  };
}

function choosePayer(form: WizardState['form'], next: Payer) {
  if (next === form.getValues('payer')) return;
  form.setValue('payer', next, CHOSEN);
  form.setValue('paymentAssetId', undefined);
  form.clearErrors('paymentAssetId');
}

function chooseCategory(form: WizardState['form'], next: CardCategory) {
  form.setValue('categoryId', next.categoryId, CHOSEN);
  form.setValue('needDelivery', next.type === 'PHYSICAL');
  if (next.type !== 'PHYSICAL') {
    form.setValue('addressId', undefined);
    form.clearErrors('addressId');
  }
}
