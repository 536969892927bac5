// A server action as a `<form action>`, typed without a cast. The browser posts such a form to the
// server action before the page's scripts load (progressive enhancement), so the prop must be the
// action itself, never a wrapper: a client-side wrapper has no server reference to post to. React
// types the prop as resolving to nothing, while a next-safe-action resolves to its result (read,
// once hydrated, by the form's onSubmit instead). Only an action whose input admits the posted
// FormData fits (its schema reads FormData: `z.preprocess(fromFormData, …)`).

/** `action`, unchanged, as the `action` prop of a posted form. */
export function formAction(action: (input: FormData) => Promise<unknown>): (formData: FormData) => void {
  return action;
}
