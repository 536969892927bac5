// The staff forms' rules that their client components show as hints, without zod (staff.ts
// builds its schemas from them; see lazy-resolver.ts for why the split).
export const PASSWORD_MIN_LENGTH = 12;
