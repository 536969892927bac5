'use client';
// useActionForm: a form whose action is a server state action, so it works before its scripts
// load (the browser posts it, the server answers with the page and the action's state) and
// after (the same action runs in place). Once hydrated, submitting sends the form's fields as an
// object inside a transition instead of through React's form action, which would reset every
// field: on an error, what was typed stays; and the action can tell the two apart
// (postedWithoutScript), answering a browser's post with a page. `fieldError` reads the
// action's validation errors; `answers` counts the action's answers, so an error summary can
// take focus at each one.
import { startTransition, useActionState, useState, type FormEvent } from 'react';
import { fieldErrorOf, fromFormData } from '@/lib/backoffice/forms/action-form-data';

type ActionResult = { data?: unknown; serverError?: string; validationErrors?: unknown };

export function useActionForm<R extends ActionResult>(
  action: (state: Awaited<R>, input: unknown) => Promise<R>,
) {
  const [result, formAction, pending] = useActionState<R, unknown>(action, {} as Awaited<R>);
  // A new state object is a new answer (derived during render, React's way for state from props).
  const [answer, setAnswer] = useState({ result, count: 0 });
  if (answer.result !== result) setAnswer({ result, count: answer.count + 1 });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = fromFormData(new FormData(event.currentTarget));
    startTransition(() => formAction(fields));
  };
  return {
    result,
    pending,
    answers: answer.count,
    /** For `<form action>`: the browser's post before hydration. */
    formAction,
    onSubmit,
    fieldError: (path: string) => fieldErrorOf(result.validationErrors, path),
  };
}
