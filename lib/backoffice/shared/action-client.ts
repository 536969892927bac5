// The one wrapper for server actions (like Dub's authActionClient). Every action declares its
// name and the permission it needs; the middleware loads the session and checks the role
// before the input is even parsed, so a refused call runs none of the action's code. Someone who
// must set up two-factor sign-in may do only that until they have.
// Errors reach the browser as sentences for staff: wallet errors by their staff message,
// expected refusals by theirs, anything else as a generic line (details stay in the log).
import 'server-only';
import { createSafeActionClient, formatValidationErrors } from 'next-safe-action';
import { z } from 'zod';
import { can, PERMISSIONS, type Permission } from '@/lib/backoffice/auth/permissions';
import { getCurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { recordDenied } from '@/lib/backoffice/audit/record-audit';
import { getDb } from '@/lib/backoffice/db';
import { fromFormData, postedWithoutScript, TYPED_VALUES } from '@/lib/backoffice/shared/action-form-data';
import { PermissionDeniedError, StaffFacingError } from '@/lib/backoffice/shared/errors';
import { isWalletClientError } from '@/lib/backoffice/wallet-client';

/** A refusal or rule failure whose message is meant for the member of staff. */
export { StaffFacingError as ActionError };

export const NOT_SIGNED_IN = 'Your session has ended. Sign in again to continue.';

export const MUST_ENROL = 'Set up two-factor sign-in on your account page first: it is required of you.';
/** What someone who must set up two-factor sign-in may still do (actions/two-factor.ts). */
const ENROLMENT_ACTIONS = new Set(['staff.enrol_two_factor', 'staff.enable_two_factor']);

const permissionNames = Object.keys(PERMISSIONS) as [Permission, ...Permission[]];

export const actionClient = createSafeActionClient({
  defineMetadataSchema: () => z.object({ name: z.string(), permission: z.enum(permissionNames).nullable() }),
  handleServerError(error) {
    if (error instanceof StaffFacingError) return error.message;
    if (isWalletClientError(error)) return error.staffMessage;
    console.error(`[action] unexpected failure: ${error.name}`);
    return 'Something went wrong on our side. Nothing was changed; try again in a moment.';
  },
});

/** Actions for signed-in staff: ctx.staff is the caller, already checked for the permission. */
export const authActionClient = actionClient.use(async ({ next, metadata }) => {
  const staff = await getCurrentStaff();
  if (!staff) throw new StaffFacingError(NOT_SIGNED_IN);
  if (staff.mustEnrolTwoFactor && !ENROLMENT_ACTIONS.has(metadata.name)) {
    throw new StaffFacingError(MUST_ENROL);
  }
  if (metadata.permission && !can(staff.role, metadata.permission)) {
    await recordDenied(await getDb(), staff, metadata.name, metadata.permission);
    throw new PermissionDeniedError(`Your role (${staff.role}) does not allow this.`);
  }
  return next({ ctx: { staff } });
});

/**
 * For the schema of a form's state action (`.inputSchema(schema, keepTypedValues)`): a post the
 * browser made without scripts, when refused, carries its own values back beside the errors, so
 * the page it gets shows what was typed (a hydrated form keeps its fields and gets no copy).
 */
export const keepTypedValues = {
  handleValidationErrorsShape: async <VE extends object>(
    validationErrors: VE,
    { clientInput }: { clientInput: unknown },
  ) => {
    const formatted = formatValidationErrors(validationErrors as never) as VE;
    if (!postedWithoutScript(clientInput)) return formatted;
    return { ...formatted, [TYPED_VALUES]: fromFormData(clientInput) };
  },
};
