'use client';
// useActionForm: a form whose action is a server state action, so it works before its scripts
// load (the browser posts it, the server answers with the page and the action's state) and
// after (the same action runs in place). Once hydrated, submitting sends the form's fields as an
// object inside a transition instead of through React's form action, which would reset every
// field: on an error, what was typed stays; and the action can tell the two apart
// (postedWithoutScript), answering a browser's post with a page. A submit while one is on its
// way sends nothing (a double click is one request).
//
// `fieldError` reads the action's validation errors, except for a field changed since (its error
// clears as the person corrects it; the summary keeps the answer's list until the next submit);
// `answers` counts the action's answers, so an error summary can take focus at each one.
import { startTransition, useActionState, useEffect, useRef, useState, type FormEvent } from 'react';
import { fieldErrorOf, fromFormData } from '@/lib/backoffice/shared/action-form-data';

type ActionResult = { data?: unknown; serverError?: string; validationErrors?: unknown };

/** `path` was changed since the answer: it, a field inside it, or the list it is part of. */
const touches = (edited: ReadonlySet<string>, path: string) =>
  [...edited].some((name) => name === path || name.startsWith(`${path}.`) || path.startsWith(`${name}.`));

export function useActionForm<R extends ActionResult>(
  action: (state: Awaited<R>, input: unknown) => Promise<R>,
) {
  const [result, formAction, pending] = useActionState<R, unknown>(action, {} as Awaited<R>);
  // A new state object is a new answer (derived during render, React's way for state from props).
  const [answer, setAnswer] = useState({ result, count: 0, edited: new Set<string>() });
  if (answer.result !== result) setAnswer({ result, count: answer.count + 1, edited: new Set() });
  const sending = useRef(false);
  useEffect(() => {
    sending.current = false;
  }, [answer.count]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    const fields = fromFormData(new FormData(event.currentTarget));
    startTransition(() => formAction(fields));
  };
  /** Marks a field (or a list, e.g. "photos" when a row goes) as changed since the answer. */
  const markEdited = (path: string) => {
    if (answer.edited.has(path)) return;
    setAnswer((current) => ({ ...current, edited: new Set(current.edited).add(path) }));
  };
  /** Every input's change marks its field as changed. */
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as { name?: unknown }).name;
    if (typeof name === 'string' && name !== '') markEdited(name);
  };
  return {
    result,
    pending,
    answers: answer.count,
    /** For `<form action>`: the browser's post before hydration. */
    formAction,
    onSubmit,
    onChange,
    /**
     * The `<form>`'s own props (give it method="post" as well: no field may land in a URL): posted
     * to the action before hydration, sent in place after; the server's schema does the checking.
     */
    formProps: { action: formAction, onSubmit, onChange, noValidate: true } as const,
    markEdited,
    fieldError: (path: string) =>
      touches(answer.edited, path) ? undefined : fieldErrorOf(result.validationErrors, path),
  };
}
