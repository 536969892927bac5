// A wallet result code as the back-office shows it: the number, with what it means (the contract's
// words, through resultCodeWords) as its title. No hook: server and client components both render
// it.
import { resultCodeWords } from '@/lib/backoffice/shared/result-code-words';

export function ResultCode({ code, className }: { code: number; className?: string }) {
  const words = resultCodeWords(code);
  return (
    <span title={words} className={className}>
      {code}
    </span>
  );
}
