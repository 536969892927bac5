// The wallet's limits on what staff write about a dispute (docs/disputes.md "Operations"), held by
// the forms before anything is sent. Apart from forms.ts so the forms' pages carry no zod. Pure.
export const EXPLANATION_MAX = 2_000;
export const EVIDENCE_MAX = 5_000;
/** A withdrawal's why, kept whole in the audit log (its note's limit). */
export const NOTE_MAX = 500;
