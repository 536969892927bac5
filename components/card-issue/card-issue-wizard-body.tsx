'use client';
// The card-issue wizard (spec 4.3/4.4): user, payment, card type, delivery, name on the card and
// review, with a Stepper and Back/Next; each step is validated (by the contract's schema) before
// the next. This component only lays the wizard out: the stepper, the current step's heading,
// the step itself and its buttons. What it holds and does, the requestId kept in the tab's
// sessionStorage included, is useCardIssueWizard's (use-card-issue-wizard.ts). Loaded in the
// browser only, by card-issue-wizard.tsx, with the react-query client its look-ups use.
import { ArrowLeft, ArrowRight, CreditCard } from 'lucide-react';
import { FormProvider } from 'react-hook-form';
import { QueryProvider } from '@/components/query-provider';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Stepper } from '@/components/ui/stepper';
import { STEP_TEXT, WIZARD_STEPS } from '@/lib/backoffice/card-issue/card-issue-wizard-state';
import { CategoryStep } from './category-step';
import { DeliveryAddressForm } from './delivery-address-form';
import { DeliveryStep } from './delivery-step';
import { IssueFailureAlert } from './issue-failure-alert';
import { IssueResult } from './issue-result';
import { NameStep } from './name-step';
import { PaymentStep } from './payment-step';
import { ReviewStep } from './review-step';
import { useCardIssueWizard, type CardIssueWizardProps } from './use-card-issue-wizard';
import { UserStep } from './user-step';

const STEP_FORM_ID = 'card-issue-step';

export function CardIssueWizardBody(props: CardIssueWizardProps) {
  return (
    <QueryProvider>
      <Wizard {...props} />
    </QueryProvider>
  );
}

function Wizard(props: CardIssueWizardProps) {
  // The heading's ref apart from the rest: React's lint takes an object one of whose properties is
  // passed as a ref for a ref itself, and would refuse every other read of it during render.
  const { headingRef, ...wizard } = useCardIssueWizard(props);
  const { step, stepIndex } = wizard;

  if (wizard.result) {
    return (
      <div className="grid gap-6">
        <Stepper steps={wizard.steps} current={WIZARD_STEPS.length} aria-label="Card issue steps" />
        <IssueResult {...wizard.result} />
      </div>
    );
  }

  const text = STEP_TEXT[step];
  return (
    <FormProvider {...wizard.form}>
      <div className="grid gap-6">
        <Stepper steps={wizard.steps} current={stepIndex} aria-label="Card issue steps" />
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
            {wizard.failure ? <IssueFailureAlert {...wizard.failure} /> : null}
            <form
              method="post"
              id={STEP_FORM_ID}
              noValidate
              onSubmit={wizard.onSubmit}
              aria-labelledby="card-issue-step-title"
            >
              {step === 'user' ? (
                <UserStep {...wizard.userStep} />
              ) : step === 'payment' ? (
                <PaymentStep {...wizard.paymentStep} />
              ) : step === 'category' ? (
                <CategoryStep {...wizard.categoryStep} />
              ) : step === 'delivery' ? (
                <DeliveryStep {...wizard.deliveryStep} />
              ) : step === 'name' ? (
                <NameStep {...wizard.nameStep} />
              ) : (
                <ReviewStep {...wizard.reviewStep} />
              )}
            </form>
            {wizard.addressForm ? <DeliveryAddressForm {...wizard.addressForm} /> : null}
          </CardContent>
          <CardFooter className="justify-between">
            {wizard.onBack ? (
              <Button type="button" variant="outline" disabled={wizard.isExecuting} onClick={wizard.onBack}>
                <ArrowLeft className="size-4" aria-hidden="true" />
                Back
              </Button>
            ) : (
              <span />
            )}
            {step === 'review' ? (
              <Button type="submit" form={STEP_FORM_ID} loading={wizard.isExecuting}>
                <CreditCard className="size-4" aria-hidden="true" />
                {wizard.reviewStep.approval ? 'Send for approval' : 'Issue card'}
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
