// The URL field of an endpoint form (a webhook endpoint, the decision endpoint): a plain `url`
// input posted as `url`, what was typed kept after a refusal, its rule said below it.
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

export function EndpointUrlField({
  id,
  label,
  description,
  error,
  defaultValue,
  placeholder,
  required,
}: {
  id: string;
  label: string;
  description: string;
  error: string | undefined;
  defaultValue: string | undefined;
  placeholder: string;
  required?: boolean;
}) {
  return (
    <Field id={id} label={label} required={required} description={description} error={error}>
      <Input name="url" type="url" inputMode="url" defaultValue={defaultValue} placeholder={placeholder} />
    </Field>
  );
}
