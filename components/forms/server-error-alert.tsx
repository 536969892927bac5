// What a form says when its server action failed as a whole (not one field): a title in the
// form's own words and the action's message, announced as it appears. Nothing when there is none.
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

export function ServerErrorAlert({ title, error }: { title: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <Alert variant="error" live>
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{error}</AlertDescription>
    </Alert>
  );
}
