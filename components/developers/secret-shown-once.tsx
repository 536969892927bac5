// A signing secret shown the one time the wallet answers with it (a webhook endpoint's, the
// decision endpoint's): read-only, selected whole on focus, for copying into the receiving server.
import { Input } from '@/components/ui/input';

export function SecretShownOnce({ id, secret }: { id: string; secret: string }) {
  return (
    <>
      <label htmlFor={id} className="mt-3 block font-medium">
        Signing secret
      </label>
      <Input
        id={id}
        readOnly
        value={secret}
        className="mt-1 font-mono"
        onFocus={(event) => event.currentTarget.select()}
      />
    </>
  );
}
