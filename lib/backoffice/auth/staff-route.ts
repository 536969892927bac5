// The one wrapper for back-office route handlers (like Dub's withWorkspace), the twin of the
// action client (lib/backoffice/shared/action-client.ts) for GET routes: a route handler sits
// outside every layout, so it checks the caller itself. No session answers 401; a role without
// the route's permission answers 403 and is written to the audit log as denied, as a refused
// action is; an unexpected failure answers 500 with a line for people (details stay in the log).
// Each refusal is said in the route's own words, as plain text or as the JSON its page reads.
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

type Refusals =
  | { format: 'text'; signedOut: string; forbidden: string }
  | { format: 'json'; signedOut: RouteRefusal; forbidden: RouteRefusal };

export type StaffRouteContext<P> = { request: NextRequest; staff: CurrentStaff; params: P };

const UNEXPECTED = 'Something went wrong on our side. Nothing was changed; try again in a moment.';

function refuse(refusals: Refusals, status: 401 | 403 | 500): Response {
  if (status === 500) {
    return refusals.format === 'text'
      ? plainText(500, UNEXPECTED)
      : jsonAnswer(500, { error: { title: 'Something went wrong', message: UNEXPECTED } });
  }
  const said = status === 401 ? refusals.signedOut : refusals.forbidden;
  return typeof said === 'string' ? plainText(status, said) : jsonAnswer(status, { error: said });
}

/**
 * A GET handler for signed-in staff who hold `permission`; `action` is the audit log's action for
 * a refusal (the route's own successes are audited by the handler, with what they carried out).
 */
export function staffRoute<P = unknown>(
  options: { action: string; permission: Permission } & Refusals,
  handler: (context: StaffRouteContext<P>) => Promise<Response>,
): (request: NextRequest, segment: { params: Promise<P> }) => Promise<Response> {
  return async (request, segment) => {
    const staff = await getCurrentStaff();
    if (!staff) return refuse(options, 401);
    if (!can(staff.role, options.permission)) {
      await recordDenied(await getDb(), staff, options.action, options.permission);
      return refuse(options, 403);
    }
    try {
      return await handler({ request, staff, params: await segment.params });
    } catch (error) {
      console.error(
        `[route] ${options.action}: unexpected failure: ${error instanceof Error ? error.name : 'unknown'}`,
      );
      return refuse(options, 500);
    }
  };
}
