'use client';
// useActionForm: a form whose action is a server state action, so it works before its scripts
// load (the browser posts it, the server answers with the page and the action's state) and
// after (the same action runs in place). Once hydrated, submitting sends the form's FormData
// inside a transition instead of through React's form action, which would reset every field:
// on an error, what was typed stays. `fieldError` reads the action's validation errors.
import { startTransition, useActionState, type FormEvent } from 'react';
import { fieldErrorOf } from '@/lib/backoffice/forms/action-form-data';

type ActionResult = { data?: unknown; serverError?: string; validationErrors?: unknown };

export function useActionForm<R extends ActionResult>(
  action: (state: Awaited<R>, input: FormData) => Promise<R>,
) {
  const [result, formAction, pending] = useActionState<R, FormData>(action, {} as Awaited<R>);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(() => formAction(data));
  };
  return {
    result,
    pending,
    /** For `<form action>`: the browser's post before hydration. */
    formAction,
    onSubmit,
    fieldError: (field: string) => fieldErrorOf(result.validationErrors, field),
  };
}
