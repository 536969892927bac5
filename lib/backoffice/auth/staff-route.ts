// The one wrapper for back-office route handlers (like Dub's withWorkspace), the twin of the
// action client (lib/backoffice/shared/action-client.ts) for GET routes: a route handler sits
// outside every layout, so it checks the caller itself. No session answers 401 (or, for a route a
// browser navigates to, a 303 to a page such as /login); a role without the route's permission
// answers 403 and is written to the audit log as denied, as a refused action is; an unexpected
// failure answers 500 with a line for people (details stay in the log). Each refusal is said in
// the route's own words, as plain text or as the JSON its page reads. A route for any signed-in
// staff (`permission: 'any staff'`) has nobody to forbid, so names no audit action.
import 'server-only';
import type { NextRequest } from 'next/server';
import { recordDenied } from '@/lib/backoffice/audit/record-audit';
import { getCurrentStaff, type CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { can, type Permission } from '@/lib/backoffice/auth/permissions';
import { getDb } from '@/lib/backoffice/db';

const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/** A plain-text answer, never cached: what a refused download says instead of a file. */
export function plainText(status: number, text: string): Response {
  return new Response(`${text}\n`, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', ...NO_STORE },
  });
}

/** A refusal as a page reads it: a title and a sentence (the /cards browser's error box). */
export type RouteRefusal = { title: string; message: string };

/** A JSON answer, never cached. */
export function jsonAnswer(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

/**
 * A 303 to a path of this site, never cached. The Location is relative: the host the browser
 * used, whatever the server thinks its name is.
 */
export function seeOther(path: string): Response {
  return new Response(null, { status: 303, headers: { Location: path, ...NO_STORE } });
}

/** What a signed-out caller is answered: a sentence, the JSON its page reads, or a page to go to. */
type SignedOut =
  | { format: 'text'; signedOut: string }
  | { format: 'json'; signedOut: RouteRefusal }
  | { format: 'redirect'; signedOut: string };

/** Staff who hold a permission; a refusal is said in the route's words and audited as `action`. */
type PermissionAccess = { action: string; permission: Permission } & (
  | { format: 'text'; signedOut: string; forbidden: string }
  | { format: 'json'; signedOut: RouteRefusal; forbidden: RouteRefusal }
);

/** Who may call: staff who hold a permission, or any signed-in staff (nobody to forbid). */
type Access = PermissionAccess | ({ permission: 'any staff' } & SignedOut);

export type StaffRouteContext<P> = { request: NextRequest; staff: CurrentStaff; params: P };

const UNEXPECTED = 'Something went wrong on our side. Nothing was changed; try again in a moment.';

function signedOut(access: Access): Response {
  if (access.format === 'redirect') return seeOther(access.signedOut);
  return access.format === 'text'
    ? plainText(401, access.signedOut)
    : jsonAnswer(401, { error: access.signedOut });
}

function forbidden(access: PermissionAccess): Response {
  return access.format === 'text'
    ? plainText(403, access.forbidden)
    : jsonAnswer(403, { error: access.forbidden });
}

function unexpected(access: Access): Response {
  return access.format === 'json'
    ? jsonAnswer(500, { error: { title: 'Something went wrong', message: UNEXPECTED } })
    : plainText(500, UNEXPECTED);
}

/**
 * A GET handler for signed-in staff who hold `permission` (or any signed-in staff); `action` is
 * the audit log's action for a refusal (the route's own successes are audited by the handler,
 * with what they carried out).
 */
export function staffRoute<P = unknown>(
  access: Access,
  handler: (context: StaffRouteContext<P>) => Promise<Response>,
): (request: NextRequest, segment: { params: Promise<P> }) => Promise<Response> {
  return async (request, segment) => {
    const staff = await getCurrentStaff();
    if (!staff) return signedOut(access);
    if (access.permission !== 'any staff' && !can(staff.role, access.permission)) {
      await recordDenied(await getDb(), staff, access.action, access.permission);
      return forbidden(access);
    }
    try {
      return await handler({ request, staff, params: await segment.params });
    } catch (error) {
      const route = 'action' in access ? access.action : request.nextUrl.pathname;
      console.error(
        `[route] ${route}: unexpected failure: ${error instanceof Error ? error.name : 'unknown'}`,
      );
      return unexpected(access);
    }
  };
}
