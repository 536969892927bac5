'use client';
// Reacting to a one-click action's outcome from the call's own promise (useAction's
// executeAsync), not from next-safe-action's onSuccess/onError, which run in an effect of the
// calling component. The page refresh an action's revalidatePath brings can unmount that
// component first (the address just deleted, the default button of the address just made the
// default), and then the effect never runs: no toast, no dialog closed. Seen in CI as a delete
// whose toast never came.
type Outcome<D> = { data?: D; serverError?: string } | undefined;

export async function settleAction<D>(
  call: Promise<Outcome<D>>,
  handlers: { onSuccess: (data: D) => void; onError: (serverError: string | undefined) => void },
): Promise<void> {
  let outcome: Outcome<D>;
  try {
    outcome = await call;
  } catch {
    handlers.onError(undefined);
    return;
  }
  if (outcome?.data !== undefined) handlers.onSuccess(outcome.data);
  else handlers.onError(outcome?.serverError);
}
