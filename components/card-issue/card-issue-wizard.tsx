'use client';
// The card-issue wizard (spec 4.3/4.4): user, payment, card type, delivery, name on the card and
// review, with a Stepper and Back/Next; each step is validated (by the contract's schema) before
// the next. Its whole state, with the requestId made when it opened, lives in the tab's
// sessionStorage: a double click, a retry or a reload sends the same requestId, and the wallet
// issues at most one card for it. A new requestId comes only with "Issue another card".
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, CreditCard } from 'lucide-react';
import Link from 'next/link';
import { useAction } from 'next-safe-action/hooks';
import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Stepper } from '@/components/ui/stepper';
import { issueCard } from '@/lib/backoffice/actions/card-issue';
import { feeCoverage } from '@/lib/backoffice/card-issue-balance';
import { suggestEmbossedName } from '@/lib/backoffice/card-issue-embossed-name';
import { withFieldLabel } from '@/lib/backoffice/card-issue-format';
import { cardIssueKeys } from '@/lib/backoffice/card-issue-query-keys';
import { newRequestId } from '@/lib/backoffice/card-issue-request-id';
import {
  nextStep,
  previousStep,
  resumeWizard,
  startWizard,
  STEP_FIELDS,
  stepOfField,
  toWizardValues,
  WIZARD_STEPS,
  WIZARD_STORAGE_KEY,
  type Preselect,
  type WizardState,
  type WizardStep,
} from '@/lib/backoffice/card-issue-wizard-state';
import {
  issueCardSchema,
  type IssueCardInput,
  type IssueCardValues,
  type IssuedCard,
  type IssueUser,
  type Payer,
} from '@/lib/backoffice/forms/card-issue';
import type { Asset, CardCategory } from '@/lib/wallet/contract/schemas';
import { CategoryStep } from './category-step';
import { DeliveryAddressForm } from './delivery-address-form';
import { DeliveryStep } from './delivery-step';
import { IssueResult } from './issue-result';
import { NameStep } from './name-step';
import { PaymentStep } from './payment-step';
import { ReviewStep } from './review-step';
import { useCategories, useDeliveryAddresses, usePaymentAssets } from './use-card-issue-data';
import { UserStep } from './user-step';

const STEP_TEXT: Record<WizardStep, { label: string; title: string; description: string }> = {
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

const STEP_FORM_ID = 'card-issue-step';

type Failure = { kind: 'refused' | 'repeat' | 'lost'; message: string };

const LOST: Failure = {
  kind: 'lost',
  message:
    'The connection was lost before the server answered, so the card may or may not have been issued. Issuing again is safe: the wizard sends the same request, and the wallet issues at most one card for it.',
};

export interface CardIssueWizardProps {
  categories: CardCategory[];
  agencyAssets: Asset[];
  preselect: Preselect | null;
}

const subscribeNothing = () => () => {};

/** sessionStorage exists only in the browser: the server renders a placeholder. */
export function CardIssueWizard(props: CardIssueWizardProps) {
  const inBrowser = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  return inBrowser ? <Wizard {...props} /> : <WizardPlaceholder />;
}

function WizardPlaceholder() {
  return (
    <div className="grid gap-6" aria-busy="true">
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-72 w-full" />
    </div>
  );
}

function readStored(): string | null {
  try {
    return sessionStorage.getItem(WIZARD_STORAGE_KEY);
  } catch {
    return null;
  }
}

function writeStored(state: WizardState): void {
  try {
    sessionStorage.setItem(WIZARD_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage full or blocked: the wizard still works, it just cannot survive a reload.
  }
}

/** next-safe-action's formatted validation errors: `{ field: { _errors: [...] } }`. */
function fieldMessages(errors: unknown): [string, string][] {
  if (typeof errors !== 'object' || errors === null) return [];
  return Object.entries(errors).flatMap(([field, entry]) => {
    const message = (entry as { _errors?: unknown })?._errors;
    return field !== '_errors' && Array.isArray(message) && typeof message[0] === 'string'
      ? [[field, message[0]] as [string, string]]
      : [];
  });
}

function Wizard({ categories: initialCategories, agencyAssets, preselect }: CardIssueWizardProps) {
  const queryClient = useQueryClient();
  const [initial] = useState(() => resumeWizard(readStored(), preselect, newRequestId));
  const [requestId, setRequestId] = useState(initial.requestId);
  const [step, setStep] = useState<WizardStep>(initial.step);
  const [user, setUser] = useState<IssueUser | null>(initial.user);
  const [result, setResult] = useState<IssuedCard | null>(initial.result);
  const [failure, setFailure] = useState<Failure | null>(null);
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
    writeStored({ version: 1, requestId, step, user, result, values: toWizardValues(values) });
  }, [requestId, step, user, result, values]);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const pickerRef = useRef<HTMLButtonElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const payerRef = useRef<HTMLInputElement>(null);
  const assetRef = useRef<HTMLInputElement>(null);
  const categoryRef = useRef<HTMLInputElement>(null);
  const addressRef = useRef<HTMLInputElement>(null);
  // Where focus goes once the next render is on screen (a new step's heading, the user picker).
  const pendingFocus = useRef<'heading' | 'picker' | 'summary' | null>(null);
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
  // A choice made on a step is checked at once, so its error clears as soon as it is fixed.
  const chosen = { shouldValidate: true, shouldDirty: true } as const;

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
    go(nextStep(step, needDelivery));
  }

  /** Back to the first step with an error (the review keeps errors no step owns). */
  function showInvalid(fields: string[]) {
    const target = WIZARD_STEPS.find((s) => fields.some((field) => stepOfField(field) === s));
    if (target && target !== step) go(target);
  }

  async function issue(input: IssueCardValues) {
    setFailure(null);
    let outcome;
    try {
      outcome = await executeAsync(input);
    } catch {
      setFailure(LOST);
      return;
    }
    if (outcome?.data) {
      setResult(outcome.data);
      pendingFocus.current = 'heading';
      void queryClient.invalidateQueries({ queryKey: cardIssueKeys.all });
      return;
    }
    const refused = fieldMessages(outcome?.validationErrors);
    if (refused.length > 0) {
      const repeat = refused.find(([field]) => field === 'requestId');
      if (repeat) {
        setFailure({ kind: 'repeat', message: repeat[1] });
        return;
      }
      for (const [field, message] of refused) {
        form.setError(field as keyof IssueCardInput, { type: 'server', message });
      }
      showInvalid(refused.map(([field]) => field));
      return;
    }
    setFailure(outcome?.serverError ? { kind: 'refused', message: outcome.serverError } : LOST);
    // Whatever the refusal, the balances shown may be out of date.
    void queryClient.invalidateQueries({ queryKey: cardIssueKeys.paymentAssetLists() });
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

  /**
   * Once the issue is no longer for the `?appUserId=` user, the address stops naming them, so a
   * reload resumes this issue instead of starting one for that user. (Next keeps its router in
   * step with history.replaceState; nothing is fetched.)
   */
  function forgetPreselect(unlessFor?: string) {
    const named = new URLSearchParams(window.location.search).get('appUserId');
    if (named !== null && named !== unlessFor) {
      window.history.replaceState(null, '', window.location.pathname);
    }
  }

  function choosePayer(next: Payer) {
    if (next === form.getValues('payer')) return;
    form.setValue('payer', next, chosen);
    form.setValue('paymentAssetId', undefined);
    form.clearErrors('paymentAssetId');
  }

  function chooseCategory(next: CardCategory) {
    form.setValue('categoryId', next.categoryId, chosen);
    form.setValue('needDelivery', next.type === 'PHYSICAL');
    if (next.type !== 'PHYSICAL') {
      form.setValue('addressId', undefined);
      form.clearErrors('addressId');
    }
  }

  function addressAdded(addressId: number) {
    setAddressFormOpen(false);
    form.setValue('addressId', addressId, chosen);
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
  const steps = WIZARD_STEPS.map((s) => ({
    label: STEP_TEXT[s].label,
    ...(s === 'delivery' && category && !needDelivery
      ? { description: 'Not needed for a virtual card' }
      : {}),
  }));

  if (result) {
    return (
      <div className="grid gap-6">
        <Stepper steps={steps} current={WIZARD_STEPS.length} aria-label="Card issue steps" />
        <IssueResult
          card={result}
          user={user}
          categoryName={category?.name}
          onIssueAnother={issueAnother}
          headingRef={headingRef}
        />
      </div>
    );
  }

  const text = STEP_TEXT[step];
  return (
    <FormProvider {...form}>
      <div className="grid gap-6">
        <Stepper steps={steps} current={stepIndex} aria-label="Card issue steps" />
        <Card>
          <CardHeader>
            <h2
              ref={headingRef}
              id="card-issue-step-title"
              tabIndex={-1}
              className="text-base leading-snug font-semibold tracking-tight outline-none"
            >
              {text.title}
            </h2>
            <CardDescription>
              Step {stepIndex + 1} of {WIZARD_STEPS.length}. {text.description}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            {step === 'review' && failure ? (
              <FailureAlert failure={failure} appUserId={appUserId} onStartOver={issueAnother} />
            ) : null}
            <form
              id={STEP_FORM_ID}
              noValidate
              onSubmit={step === 'review' ? onIssue : onNext}
              aria-labelledby="card-issue-step-title"
            >
              {step === 'user' ? (
                <UserStep
                  user={user}
                  preselectProblem={preselectProblem}
                  error={errors.appUserId?.message}
                  onPick={pickUser}
                  onChangeUser={changeUser}
                  pickerRef={pickerRef}
                  summaryRef={summaryRef}
                />
              ) : step === 'payment' ? (
                <PaymentStep
                  payer={payer}
                  paymentAssetId={current.paymentAssetId}
                  assets={paymentAssets}
                  errors={{ payer: errors.payer?.message, paymentAssetId: errors.paymentAssetId?.message }}
                  onPayer={choosePayer}
                  onAsset={(a) => form.setValue('paymentAssetId', a.assetId, chosen)}
                  payerRef={payerRef}
                  assetRef={assetRef}
                />
              ) : step === 'category' ? (
                <CategoryStep
                  categories={categories}
                  categoryId={current.categoryId}
                  asset={asset}
                  error={withFieldLabel('Card type', errors.categoryId?.message)}
                  onCategory={chooseCategory}
                  categoryRef={categoryRef}
                />
              ) : step === 'delivery' ? (
                <DeliveryStep
                  addresses={addresses}
                  addressId={current.addressId}
                  error={withFieldLabel('Delivery address', errors.addressId?.message)}
                  formOpen={formOpen}
                  onAddress={(a) => form.setValue('addressId', a.addressId, chosen)}
                  onOpenForm={() => setAddressFormOpen(true)}
                  addressRef={addressRef}
                />
              ) : step === 'name' ? (
                <NameStep suggestion={suggestion} />
              ) : (
                <ReviewStep
                  user={user}
                  payer={payer}
                  asset={asset}
                  category={category}
                  address={address}
                  embossedName={current.embossedName}
                  coverage={coverage}
                  balancesRefreshing={paymentAssets.isFetching}
                />
              )}
            </form>
            {step === 'delivery' && formOpen && user && addresses.data ? (
              <DeliveryAddressForm
                user={user}
                firstAddress={addresses.data.length === 0}
                onAdded={addressAdded}
                onCancel={addresses.data.length > 0 ? () => setAddressFormOpen(false) : undefined}
              />
            ) : null}
          </CardContent>
          <CardFooter className="justify-between">
            {stepIndex > 0 ? (
              <Button
                type="button"
                variant="outline"
                disabled={isExecuting}
                onClick={() => go(previousStep(step, needDelivery))}
              >
                <ArrowLeft className="size-4" aria-hidden="true" />
                Back
              </Button>
            ) : (
              <span />
            )}
            {step === 'review' ? (
              <Button type="submit" form={STEP_FORM_ID} loading={isExecuting}>
                <CreditCard className="size-4" aria-hidden="true" />
                Issue card
              </Button>
            ) : (
              <Button type="submit" form={STEP_FORM_ID}>
                Next
                <ArrowRight className="size-4" aria-hidden="true" />
              </Button>
            )}
          </CardFooter>
        </Card>
      </div>
    </FormProvider>
  );
}

function FailureAlert({
  failure,
  appUserId,
  onStartOver,
}: {
  failure: Failure;
  appUserId: string;
  onStartOver: () => void;
}) {
  const title =
    failure.kind === 'lost'
      ? 'No answer about the card'
      : failure.kind === 'repeat'
        ? 'This issue was already sent with other details'
        : 'The card was not issued';
  return (
    <Alert variant="error" live data-testid="issue-failure">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="grid gap-2">
        <p>{failure.message}</p>
        {failure.kind === 'refused' ? <p>Your choices are kept: change them, or try again.</p> : null}
        {failure.kind === 'repeat' ? (
          <>
            <p>
              A card may already have been issued for it: check the{' '}
              <Link href={`/users/${encodeURIComponent(appUserId)}`}>user&apos;s cards</Link> before starting
              a new issue.
            </p>
            <Button type="button" variant="outline" size="sm" className="w-fit" onClick={onStartOver}>
              Start a new issue
            </Button>
          </>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}
