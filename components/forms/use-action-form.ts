'use client';
// useActionForm: a form whose action is a server state action, so it works before its scripts
// load (the browser posts it, the server answers with the page and the action's state) and
// after (the same action runs in place). Once hydrated, submitting sends the form's fields as an
// object inside a transition instead of through React's form action, which would reset every
// field: on an error, what was typed stays; and the action can tell the two apart
// (postedWithoutScript), answering a browser's post with a page. `fieldError` reads the
// action's validation errors.
import { startTransition, useActionState, type FormEvent } from 'react';
import { fieldErrorOf, fromFormData } from '@/lib/backoffice/forms/action-form-data';

type ActionResult = { data?: unknown; serverError?: string; validationErrors?: unknown };

export function useActionForm<R extends ActionResult>(
  action: (state: Awaited<R>, input: unknown) => Promise<R>,
) {
  const [result, formAction, pending] = useActionState<R, unknown>(action, {} as Awaited<R>);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = fromFormData(new FormData(event.currentTarget));
    startTransition(() => formAction(fields));
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
